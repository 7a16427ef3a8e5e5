//! The attack tables of the hashing techniques ([`magic`](super::super::magic),
//! [`black_magic`](super::super::black_magic), `pext`), built at compile time by one `const fn`.
//!
//! Each square owns a slice of a table, starting at its offset; an occupancy's index within
//! the slice is a hash of the occupancy's relevant squares ([`Hash`]). [`fill`] enumerates
//! every subset of a square's relevant mask, computes its attacks and its index, and writes
//! the attacks there. Two subsets may share an index only if their attacks are equal (a
//! constructive collision, which black magics rely on); any other collision stops the build,
//! and so does an index past the table's end, since const evaluation checks every index. An
//! entry still 0 is unwritten: no attack set is empty (a slider always attacks a neighbour).
//!
//! Speed of the build: the subsets are enumerated as pairs of subsets of the square's two
//! lines, whose attacks are computed once per line (at most 64 each), so a table of 100,000
//! entries costs a fraction of a second of compile time.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Footprint;
use crate::board::geometry::{extract_bits, ray_attacks, relevant, relevant_ray, Direction};

/// How an occupancy becomes an index into its square's slice of a table.
#[derive(Clone, Copy, Debug)]
pub enum Hash {
    /// Fancy magic: `((occupied & mask) * magic) >> shift`.
    Magic { magic: u64, shift: u32 },
    /// Black magic: `((occupied | !mask) * magic) >> shift`.
    BlackMagic { magic: u64, shift: u32 },
    /// `pext(occupied, mask)`: the relevant squares packed into the low bits (for the
    /// x86-only `pext` variant).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Pext,
}

/// The two positive directions of a piece's two lines: the other two are their opposites.
pub const ROOK_LINES: [Direction; 2] = [Direction::North, Direction::East];
/// See [`ROOK_LINES`].
pub const BISHOP_LINES: [Direction; 2] = [Direction::NorthEast, Direction::NorthWest];

/// Entries left unused after each square's slice of a per-square table (fancy magic and
/// pext): one cache line. Rook slices are 8 to 32 KiB, multiples of the 4 KiB stride at which
/// addresses share an L1 set, so without the gap the first entry of every slice (the one the
/// empty and the sparse boards hit) would fall into one set of the L1 cache: without the gap
/// the rook's magic lookup was slower on nearly empty boards than the bishop's, whose slices
/// are smaller (docs/notebook.md, "Measurements behind the code").
pub const SLICE_GAP: usize = 8;

/// The first entry of each square's slice in a per-square table for a slider moving in
/// `directions`: `2^bits` entries for a square with `bits` relevant squares, then
/// [`SLICE_GAP`]. Every slice starts on a 64-byte boundary.
pub const fn slice_offsets(directions: [Direction; 4]) -> [usize; 64] {
    let mut offsets = [0; 64];
    let mut offset = 0;
    let mut square = 0;
    while square < 64 {
        offsets[square] = offset;
        offset += (1 << relevant(square as u32, directions).count_ones()) + SLICE_GAP;
        square += 1;
    }
    offsets
}

/// Entries of a per-square table: the last slice's end.
pub const fn table_len(directions: [Direction; 4]) -> usize {
    let last = relevant(63, directions).count_ones();
    slice_offsets(directions)[63] + (1 << last) + SLICE_GAP
}

/// Entries of the rook's fancy magic and pext tables: 102,400 and the gaps.
pub const ROOK_TABLE_LEN: usize = table_len(Direction::ROOK);
/// Entries of the bishop's fancy magic and pext tables: 5,248 and the gaps.
pub const BISHOP_TABLE_LEN: usize = table_len(Direction::BISHOP);

/// The pext tables and their 16-byte per-square entries (mask and slice address).
pub const PEXT_TABLE_BYTES: Footprint = Footprint {
    rook: ROOK_TABLE_LEN * 8 + 64 * 16,
    bishop: BISHOP_TABLE_LEN * 8 + 64 * 16,
};

/// The split PEXT tables (x86-only `split_pext`): per piece two line tables of 64 slices of
/// 72 entries (64 and a cache line of padding), and 64 masks for the rook (its files), 64
/// pairs for the bishop. Here, not in `split_pext`, so that descriptors compile on every
/// architecture.
pub const SPLIT_PEXT_TABLE_BYTES: Footprint = Footprint {
    rook: 2 * 64 * 72 * 8 + 64 * 8,
    bishop: 2 * 64 * 72 * 8 + 64 * 16,
};

/// The subsets of one line's relevant squares through a square, each with its attacks along
/// the line and its bits packed by the square's whole relevant mask.
struct LineSubsets {
    count: usize,
    occupied: [u64; 64],
    attacks: [u64; 64],
    packed: [u64; 64],
}

const fn line_subsets(square: u32, up: Direction, mask: u64) -> LineSubsets {
    let down = Direction::ALL[up.index() + 4];
    let line = relevant_ray(square, up) | relevant_ray(square, down);
    let mut subsets = LineSubsets {
        count: 0,
        occupied: [0; 64],
        attacks: [0; 64],
        packed: [0; 64],
    };
    let mut subset = 0u64;
    loop {
        let i = subsets.count;
        subsets.occupied[i] = subset;
        subsets.attacks[i] = ray_attacks(square, up, subset) | ray_attacks(square, down, subset);
        subsets.packed[i] = extract_bits(subset, mask);
        subsets.count += 1;
        subset = subset.wrapping_sub(line) & line;
        if subset == 0 {
            break;
        }
    }
    subsets
}

/// Writes the attacks of a slider on `square` moving along `lines` (and their opposites) for
/// every subset of its relevant `mask` into `table[offset + hash(subset)]`.
///
/// # Panics
/// At compile time, on a destructive collision or an index past the table's end.
pub const fn fill<const N: usize>(
    table: &mut [Bitboard; N],
    square: u32,
    lines: [Direction; 2],
    mask: u64,
    offset: usize,
    hash: Hash,
) {
    let first = line_subsets(square, lines[0], mask);
    let second = line_subsets(square, lines[1], mask);
    let mut i = 0;
    while i < first.count {
        let mut j = 0;
        while j < second.count {
            let occupied = first.occupied[i] | second.occupied[j];
            let index = match hash {
                Hash::Magic { magic, shift } => (occupied.wrapping_mul(magic) >> shift) as usize,
                Hash::BlackMagic { magic, shift } => {
                    ((occupied | !mask).wrapping_mul(magic) >> shift) as usize
                }
                Hash::Pext => (first.packed[i] | second.packed[j]) as usize,
            };
            let attacks = first.attacks[i] | second.attacks[j];
            let slot = &mut table[offset + index];
            assert!(
                slot.0 == 0 || slot.0 == attacks,
                "two occupancies with different attacks share an index"
            );
            *slot = Bitboard(attacks);
            j += 1;
        }
        i += 1;
    }
}
