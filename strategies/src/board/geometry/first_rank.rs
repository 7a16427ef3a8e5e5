//! The first-rank attack table: a rook's attacks along a rank, for every file and every
//! occupancy of the rank's six inner squares; and the same attacks copied onto every rank (the
//! fill-up table). Shared by the slider techniques that answer ranks with them (hyperbola
//! quintessence and kindergarten bitboards, `sliders::hyperbola` and `sliders::kindergarten`)
//! and by those built on them.
//!
//! Footprint: [`FIRST_RANK`] 8 × 64 bytes = 512 bytes; [`FILL_UP`] 8 × 64 × 8 bytes = 4 KiB.
//! The edge squares (a and h) are left out of the index: whether they are occupied never
//! changes the attacks. [`FILL_UP`]'s entries are 64-bit, so a batch the compiler vectorizes
//! across queries gathers them whole, where [`FIRST_RANK`]'s bytes need a gather of wider
//! words and a mask.

use super::masks::{rank_of, FILE_A};
use super::{ray_attacks, Direction};
use crate::board::aligned::{CacheAligned, PageAligned};
use crate::board::square::Square;

/// `FIRST_RANK[file][inner]`: the squares of the first rank (bits 0..=7) a rook on `file`
/// attacks when b1..g1 are occupied as the six bits of `inner` (bit 0 = b1).
pub static FIRST_RANK: CacheAligned<[[u8; 64]; 8]> = CacheAligned(build());

/// Bytes of [`FIRST_RANK`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[[u8; 64]; 8]>();

/// `FILL_UP[file][inner]`: [`FIRST_RANK`]`[file][inner]` on every rank.
pub static FILL_UP: PageAligned<[[u64; 64]; 8]> = PageAligned(build_fill_up());

/// Bytes of [`FILL_UP`].
pub const FILL_UP_BYTES: usize = core::mem::size_of::<[[u64; 64]; 8]>();

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

const fn build_fill_up() -> [[u64; 64]; 8] {
    let first_rank = build();
    let mut table = [[0; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            table[file][inner] = first_rank[file][inner] as u64 * FILE_A;
            inner += 1;
        }
        file += 1;
    }
    table
}

/// The squares a rook on `square` attacks along its rank, read from [`FILL_UP`] and masked to
/// the rank: the same squares as [`rank_attacks`].
#[inline(always)]
pub fn rank_attacks_filled(square: Square, occupied: u64) -> u64 {
    let inner = (occupied >> ((square as u32 & 56) + 1)) as usize & 63;
    FILL_UP.0[square.file() as usize][inner] & rank_of(square as u32)
}

/// The squares a rook on `square` attacks along its rank.
#[inline(always)]
pub fn rank_attacks(square: Square, occupied: u64) -> u64 {
    let rank_shift = square as u32 & 56;
    let inner = (occupied >> (rank_shift + 1)) as usize & 63;
    (FIRST_RANK.0[square.file() as usize][inner] as u64) << rank_shift
}
