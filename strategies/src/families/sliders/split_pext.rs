//! Split PEXT: two small PEXT tables per square instead of one, a line each. `pext` of the
//! occupancy by one line's relevant squares (at most six) indexes that line's slice (64
//! indexes, padded to 72 entries), and the two lines' attacks are ORed. For the rank the index is a shift: its six inner
//! squares are contiguous bits.
//!
//! Source: new (not in the seeds); chessprogramming, "BMI2" § PEXT Bitboards, split per line
//! as in the "Split Pext" entry of the talkchess thread of Gigantua's slider benchmark
//! (<http://www.talkchess.com/forum3/viewtopic.php?f=7&t=79005>). Footprint: per piece two
//! tables of 64 slices of [`SLICE`] entries (36 KiB each), and 64 file masks for the rook
//! (512 bytes), 64 pairs of diagonal masks for the bishop (1 KiB): 72.5 KiB and 73 KiB,
//! against `pext`'s 805 KiB for the rook; only the first `2^bits` entries of a slice are
//! read, so the bishop touches far less. CPU features: BMI2 (x86-64 only; `pext` is fast on
//! Intel and on AMD from Zen 3, microcoded and slow on Zen 1 and 2, three times per queen
//! here).
//!
//! Each slice is padded from 64 entries to [`SLICE`] = 72 (one cache line more), so that the
//! 64 slices of a table start on 64 different L1 sets. Unpadded, slice `s` starts `512 · s`
//! bytes into a page-aligned table: on 8 of the 64 sets of a 32 KiB, 8-way L1 only, and the
//! four tables 32 KiB apart land on those same 8. Random occupancies make small indexes the
//! most frequent (each relevant square is occupied with probability 1/4), so the first line
//! of every slice is the hot one, and 256 hot lines competed for 64 ways. The four tables
//! are one static ([`TABLES`]): padded copies of the tables in one buffer ran the queen loop
//! faster than unpadded ones; the padded tables as two statics (rook, bishop), wherever the
//! linker put them, ran it as slowly as unpadded ones (cause not found), and as one static as
//! fast as the buffer (docs/notebook.md, "Measurements behind the code").
//!
//! The `#[target_feature]` code is reachable only through [`SplitPext`], which holds the
//! [`Bmi2`] token.

use super::support::tables::{BISHOP_LINES, ROOK_LINES};

use crate::board::aligned::{CacheAligned, PageAligned};
use crate::board::geometry::{extract_bits, ray_attacks, relevant_ray, Direction, Footprint};
use crate::framework::cpu::Bmi2;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::arch::x86_64::_pext_u64;

/// Entries per slice: the 64 `pext` indexes and one cache line of padding (see the module
/// docs).
pub const SLICE: usize = 72;

/// A line's slices: `[square][index]`, the index `pext(occupied, mask)` (for the rook's rank,
/// a shift: see [`TABLES`]); the last 8 entries of each slice unused.
pub type LineTable = [[Bitboard; SLICE]; 64];

/// The file's relevant squares of each square (the rank needs no mask: its index is a shift).
pub static ROOK_FILE_MASKS: CacheAligned<[u64; 64]> = CacheAligned(file_masks());
/// The two diagonals' relevant squares of each square.
pub static BISHOP_MASKS: CacheAligned<[[u64; 2]; 64]> = CacheAligned(masks(BISHOP_LINES));

/// The line tables, one after the other: the rook's file and rank, the bishop's diagonal
/// and anti-diagonal. The rank's table is indexed by its six inner squares shifted down
/// (`(occupied >> (8 · rank + 1)) & 63`), the others by `pext` of their relevant squares.
pub static TABLES: PageAligned<[LineTable; 4]> = PageAligned([
    table(ROOK_LINES[0]),
    rank_table(),
    table(BISHOP_LINES[0]),
    table(BISHOP_LINES[1]),
]);

/// Two line tables and the masks, per piece.
pub const TABLE_BYTES: Footprint = super::support::tables::SPLIT_PEXT_TABLE_BYTES;

const _: () = assert!(
    TABLE_BYTES.rook == core::mem::size_of::<[LineTable; 2]>() + core::mem::size_of::<[u64; 64]>()
        && TABLE_BYTES.bishop
            == core::mem::size_of::<[LineTable; 2]>() + core::mem::size_of::<[[u64; 2]; 64]>()
);

/// The relevant squares of the line along `up` (and its opposite) through `square`.
const fn line_mask(square: u32, up: Direction) -> u64 {
    relevant_ray(square, up) | relevant_ray(square, Direction::ALL[up.index() + 4])
}

const fn file_masks() -> [u64; 64] {
    let mut masks = [0; 64];
    let mut square = 0;
    while square < 64 {
        masks[square] = line_mask(square as u32, ROOK_LINES[0]);
        square += 1;
    }
    masks
}

const fn masks(lines: [Direction; 2]) -> [[u64; 2]; 64] {
    let mut masks = [[0; 2]; 64];
    let mut square = 0;
    while square < 64 {
        masks[square] = [
            line_mask(square as u32, lines[0]),
            line_mask(square as u32, lines[1]),
        ];
        square += 1;
    }
    masks
}

/// Every occupancy of each square's rank's six inner squares (the square's own among them,
/// where it is inner: its bit changes no attack), at the index [`rook`] shifts out.
const fn rank_table() -> LineTable {
    let mut table = [[Bitboard::EMPTY; SLICE]; 64];
    let mut square = 0;
    while square < 64 {
        let mut inner = 0;
        while inner < 64 {
            let occupied = (inner as u64) << ((square & 56) + 1);
            let attacks = ray_attacks(square, Direction::East, occupied)
                | ray_attacks(square, Direction::West, occupied);
            table[square as usize][inner] = Bitboard(attacks);
            inner += 1;
        }
        square += 1;
    }
    table
}

/// Every subset of each square's relevant line squares, at its `pext` index.
const fn table(up: Direction) -> LineTable {
    let down = Direction::ALL[up.index() + 4];
    let mut table = [[Bitboard::EMPTY; SLICE]; 64];
    let mut square = 0;
    while square < 64 {
        let mask = line_mask(square, up);
        let mut subset = 0u64;
        loop {
            let attacks = ray_attacks(square, up, subset) | ray_attacks(square, down, subset);
            table[square as usize][extract_bits(subset, mask) as usize] = Bitboard(attacks);
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        square += 1;
    }
    table
}

/// `TABLES[line][square][index & 63]`: the `& 63` keeps a shifted rank's six bits, costs
/// nothing after `pext` by a mask of at most six bits, and shows the compiler the index in
/// bounds.
#[inline(always)]
fn entry(line: usize, square: Square, index: u64) -> Bitboard {
    TABLES.0[line][square as usize][(index & 63) as usize]
}

/// The file by `pext`; the rank by a shift: its six inner squares are contiguous bits,
/// `8 · rank + 1` up, so a shift and a mask gather them as `pext` would (the "split index" of
/// the rank that the community's Split Pext also uses; the slider's own square is among them
/// when it is inner, and [`rank_table`] holds the same attacks for both of its values). One
/// `pext` fewer per queen, a quarter of them: what counts where `pext` is microcoded (Zen 1
/// and 2), not where it takes a cycle (docs/notebook.md, "Measurements behind the code").
#[target_feature(enable = "bmi2")]
#[inline]
fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    let o = occupied.0;
    let file = _pext_u64(o, ROOK_FILE_MASKS.0[square as usize]);
    let rank = o >> ((square as u32 & 56) + 1);
    entry(0, square, file) | entry(1, square, rank)
}

#[target_feature(enable = "bmi2")]
#[inline]
fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    let [diagonal, anti_diagonal] = BISHOP_MASKS.0[square as usize];
    let o = occupied.0;
    entry(2, square, _pext_u64(o, diagonal)) | entry(3, square, _pext_u64(o, anti_diagonal))
}

super::support::held::feature_slider! {
    /// Split PEXT bitboards. Holds the BMI2 token.
    pub struct SplitPext(Bmi2): "bmi2";
}
