//! PEXT bitboards: BMI2's `pext` packs the relevant occupancy into the low bits, which index
//! the square's slice of a table laid out like the fancy magic one (`2^bits` entries per
//! square and a 64-byte gap, in the same order of squares).
//!
//! Source: new (not in the seeds); chessprogramming, "BMI2" § PEXT Bitboards. Footprint: rook
//! 102,400 entries and 4 KiB of gaps (804 KiB), and 64 entries of 16 bytes (1 KiB); bishop
//! 5,248 entries and 4 KiB of gaps (45 KiB), and 1 KiB. CPU features: BMI2 (x86-64 only;
//! `pext` is fast on Intel and on AMD from Zen 3, microcoded and slow on Zen 1 and 2).
//!
//! No magic number and no search: `pext` is a perfect hash by construction, and the index of
//! a subset is its rank in the order the carry-rippler enumerates subsets.
//!
//! The `#[target_feature]` code is reachable only through [`Pext`], which holds the
//! [`Bmi2`] token. A single query is a call (a `bmi2` function is not inlined into code
//! compiled without it); the batch methods run the whole loop inside one `bmi2` function.

use super::support::tables::{
    self, Hash, BISHOP_LINES, BISHOP_TABLE_LEN, ROOK_LINES, ROOK_TABLE_LEN,
};

use crate::board::aligned::{CacheAligned, PageAligned};
use crate::board::geometry::{relevant, Direction};
use crate::framework::cpu::Bmi2;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::arch::x86_64::_pext_u64;

/// One square's slice, `slice[pext(occupied, mask)]`: the slice's address, not its offset in
/// the table, so that the lookup is one load from it (an offset costs an add per lookup, as
/// `magic`'s tagged slices found).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(16))]
pub struct PextEntry {
    pub mask: u64,
    pub slice: *const Bitboard,
}

// SAFETY: the pointers in `PextEntry` point into immutable statics and are only read.
unsafe impl Sync for PextEntry {}

/// The attack table and the entries of each piece.
pub const TABLE_BYTES: crate::board::geometry::Footprint = tables::PEXT_TABLE_BYTES;

/// The rook's attack table.
pub static ROOK_ATTACKS: PageAligned<[Bitboard; ROOK_TABLE_LEN]> =
    PageAligned(attacks(Direction::ROOK, ROOK_LINES));
/// The bishop's attack table.
pub static BISHOP_ATTACKS: PageAligned<[Bitboard; BISHOP_TABLE_LEN]> =
    PageAligned(attacks(Direction::BISHOP, BISHOP_LINES));

/// `ROOK_ENTRIES[square]`.
pub static ROOK_ENTRIES: CacheAligned<[PextEntry; 64]> =
    CacheAligned(entries(Direction::ROOK, &raw const ROOK_ATTACKS.0));
/// `BISHOP_ENTRIES[square]`.
pub static BISHOP_ENTRIES: CacheAligned<[PextEntry; 64]> =
    CacheAligned(entries(Direction::BISHOP, &raw const BISHOP_ATTACKS.0));

/// The entries of the piece moving in `directions`, whose attack table `attacks` built at
/// `table`.
///
/// # Panics
/// At compile time, if a slice would reach past the table's end (a table of the other piece).
const fn entries<const N: usize>(
    directions: [Direction; 4],
    table: *const [Bitboard; N],
) -> [PextEntry; 64] {
    let mut entries = [PextEntry {
        mask: 0,
        slice: core::ptr::null(),
    }; 64];
    let offsets = tables::slice_offsets(directions);
    let mut square = 0;
    while square < 64 {
        let mask = relevant(square as u32, directions);
        assert!(
            offsets[square] + (1 << mask.count_ones()) <= N,
            "a slice past the table's end"
        );
        let slice = table.cast::<Bitboard>().wrapping_add(offsets[square]);
        entries[square] = PextEntry { mask, slice };
        square += 1;
    }
    entries
}

const fn attacks<const N: usize>(
    directions: [Direction; 4],
    lines: [Direction; 2],
) -> [Bitboard; N] {
    let mut table = [Bitboard::EMPTY; N];
    let offsets = tables::slice_offsets(directions);
    let mut square = 0;
    while square < 64 {
        let mask = relevant(square as u32, directions);
        tables::fill(
            &mut table,
            square as u32,
            lines,
            mask,
            offsets[square],
            Hash::Pext,
        );
        square += 1;
    }
    table
}

#[target_feature(enable = "bmi2")]
#[inline]
fn lookup(entries: &[PextEntry; 64], square: Square, occupied: Bitboard) -> Bitboard {
    let entry = &entries[square as usize];
    let index = _pext_u64(occupied.0, entry.mask) as usize;
    // SAFETY: `slice` is the square's slice of its piece's attack table: `entries` and
    // `attacks` take the slice's offset and `mask` from the same `directions`, and `entries`
    // checked in const evaluation that the slice's `2^mask.count_ones()` entries lie inside
    // the table. `pext` by `mask` is below `2^mask.count_ones()`.
    unsafe { *entry.slice.add(index) }
}

#[target_feature(enable = "bmi2")]
#[inline]
fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(&ROOK_ENTRIES.0, square, occupied)
}

#[target_feature(enable = "bmi2")]
#[inline]
fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(&BISHOP_ENTRIES.0, square, occupied)
}

super::support::held::feature_slider! {
    /// PEXT bitboards. Holds the BMI2 token.
    pub struct Pext(Bmi2): "bmi2";
}
