//! The first-rank attack table: a rook's attacks along a rank, for every file and every
//! occupancy of the rank's six inner squares. Shared by the slider techniques that answer
//! ranks with it (hyperbola quintessence and kindergarten bitboards, `sliders::hyperbola` and
//! `sliders::kindergarten`) and by those built on them.
//!
//! Footprint: 8 × 64 bytes = 512 bytes. The edge squares (a and h) are left out of the
//! index: whether they are occupied never changes the attacks.

use super::{ray_attacks, Direction};
use crate::board::aligned::CacheAligned;
use crate::board::square::Square;

/// `FIRST_RANK[file][inner]`: the squares of the first rank (bits 0..=7) a rook on `file`
/// attacks when b1..g1 are occupied as the six bits of `inner` (bit 0 = b1).
pub static FIRST_RANK: CacheAligned<[[u8; 64]; 8]> = CacheAligned(build());

/// Bytes of [`FIRST_RANK`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[[u8; 64]; 8]>();

const fn build() -> [[u8; 64]; 8] {
    let mut table = [[0; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occupied = (inner as u64) << 1;
            let attacks = ray_attacks(file, Direction::East, occupied)
                | ray_attacks(file, Direction::West, occupied);
            table[file as usize][inner] = attacks as u8;
            inner += 1;
        }
        file += 1;
    }
    table
}

/// The squares a rook on `square` attacks along its rank.
#[inline(always)]
pub fn rank_attacks(square: Square, occupied: u64) -> u64 {
    let rank_shift = square as u32 & 56;
    let inner = (occupied >> (rank_shift + 1)) as usize & 63;
    (FIRST_RANK.0[square.file() as usize][inner] as u64) << rank_shift
}
