//! Fancy magic bitboards: the relevant occupancy times a magic number, shifted right, indexes
//! the square's slice of one attack table. Mask, multiply, shift, one load.
//!
//! Source: new (not in the seeds); chessprogramming, "Magic Bitboards" (§ Fancy; Lasse
//! Hansen's idea with Pradu Kannan's per-square table sizes). Footprint: rook 102,400
//! entries (800 KiB, and 4 KiB of gaps) and 64 masks, magics and slice addresses (1.5 KiB);
//! bishop 5,248 entries (41 KiB, and 4 KiB of gaps) and 1.5 KiB. CPU features: none.
//!
//! The magics are the output of the seeded search in `super::support::magic_search` with
//! `MAGIC_SEED`, kept here as data so that the tables are
//! built at compile time, like every other table of the suite: no lazy initialisation, no
//! check on the query path. The test `committed_magics_are_the_seeded_search_output` runs
//! the search again and compares; change the seed or the search and it prints the new arrays.
//!
//! What keeps the lookup as fast as the peer `cozy_chess` (fixed-shift black magics, whose
//! shift is an immediate, where ours is a variable shift of two micro-operations on Intel;
//! what was measured for these points is in docs/notebook.md, "Measurements behind the code"):
//! - a query makes as many loads as the peer's: the slice's address carries the shift in its
//!   low six bits ([`TaggedSlice`]), free since every slice starts on a 64-byte boundary, and
//!   one AND separates them. A separate shift byte and offset cost a load and an add;
//! - the masks, magics and slices are three arrays indexed by square ([`MagicEntries`]), not
//!   64 entries of 24 bytes: the square needs no multiply by three before the loads;
//! - the index is a multiply and a shift, and the load is unchecked: `tables::fill`
//!   enumerated every relevant subset at compile time and const evaluation checked each index
//!   against the table's length, and the index depends only on `occupied & mask`;
//! - the attack table is page-aligned, and the smallest a fancy magic allows: `2^bits` entries
//!   per square for its `bits` relevant squares, with a 64-byte gap after each slice so that
//!   the slices' first entries do not share one L1 set (see `tables::SLICE_GAP`: without it
//!   the rook was slower than the peer on sparse boards).

use super::support::tables::{
    self, Hash, BISHOP_LINES, BISHOP_TABLE_LEN, ROOK_LINES, ROOK_TABLE_LEN,
};
use super::{BatchShape, BatchShapes, LevelShapes, Slider};
use crate::board::aligned::{CacheAligned, PageAligned};
use crate::board::geometry::Footprint;
use crate::board::geometry::{relevant, Direction};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// One square's hash as the tables are built from it.
#[derive(Clone, Copy, Debug)]
pub struct SquareHash {
    pub mask: u64,
    pub magic: u64,
    /// `64 - bits`.
    pub shift: u32,
    /// The first entry of the square's slice of the attack table.
    pub offset: usize,
}

/// The address of a square's slice of the attack table with the square's shift in its low six
/// bits, which the slice's 64-byte alignment leaves zero.
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct TaggedSlice(*const Bitboard);

impl TaggedSlice {
    const fn new(slice: *const Bitboard, shift: u32) -> TaggedSlice {
        TaggedSlice(slice.cast::<u8>().wrapping_add(shift as usize).cast())
    }

    /// The shift: `addr & 63`, which is all that `wrapping_shr` (and x86's `shr`) reads.
    #[inline(always)]
    pub fn shift(self) -> u32 {
        self.0.addr() as u32
    }

    /// The slice's first entry.
    #[inline(always)]
    pub fn slice(self) -> *const Bitboard {
        self.0.map_addr(|address| address & !63)
    }
}

/// One piece's lookups, `slices[square][(occupied & masks[square]) * magics[square] >> shift]`,
/// as three arrays indexed by square rather than an array of 24-byte entries: a field's
/// address is then `base + square * 8`, one addressing mode, where a 24-byte stride costs a
/// multiply of the square by three (`lea`) on every query.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct MagicEntries {
    pub masks: [u64; 64],
    pub magics: [u64; 64],
    pub slices: [TaggedSlice; 64],
}

// SAFETY: the pointers in `MagicEntries` point into immutable statics and are only read.
unsafe impl Sync for MagicEntries {}

const ROOK_HASHES: [SquareHash; 64] = hashes(&ROOK_MAGICS, Direction::ROOK);
const BISHOP_HASHES: [SquareHash; 64] = hashes(&BISHOP_MAGICS, Direction::BISHOP);

/// The rook's attack table: 64 slices of `2^bits` entries.
pub static ROOK_ATTACKS: PageAligned<[Bitboard; ROOK_TABLE_LEN]> =
    PageAligned(attacks(&ROOK_HASHES, ROOK_LINES));
/// The bishop's attack table.
pub static BISHOP_ATTACKS: PageAligned<[Bitboard; BISHOP_TABLE_LEN]> =
    PageAligned(attacks(&BISHOP_HASHES, BISHOP_LINES));

/// The rook's masks, magics and slices.
pub static ROOK_ENTRIES: CacheAligned<MagicEntries> =
    CacheAligned(entries(&ROOK_HASHES, &raw const ROOK_ATTACKS.0));
/// The bishop's masks, magics and slices.
pub static BISHOP_ENTRIES: CacheAligned<MagicEntries> =
    CacheAligned(entries(&BISHOP_HASHES, &raw const BISHOP_ATTACKS.0));

/// The attack table and the entries of each piece.
pub const TABLE_BYTES: Footprint = Footprint {
    rook: ROOK_TABLE_LEN * 8 + 64 * 24,
    bishop: BISHOP_TABLE_LEN * 8 + 64 * 24,
};

const fn hashes(magics: &[u64; 64], directions: [Direction; 4]) -> [SquareHash; 64] {
    let empty = SquareHash {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    };
    let mut hashes = [empty; 64];
    let offsets = tables::slice_offsets(directions);
    let mut square = 0;
    while square < 64 {
        let mask = relevant(square as u32, directions);
        // Every slice starts 64-byte aligned: the low six bits of its address are free.
        assert!(offsets[square].is_multiple_of(8));
        hashes[square] = SquareHash {
            mask,
            magic: magics[square],
            shift: 64 - mask.count_ones(),
            offset: offsets[square],
        };
        square += 1;
    }
    hashes
}

const fn attacks<const N: usize>(
    hashes: &[SquareHash; 64],
    lines: [Direction; 2],
) -> [Bitboard; N] {
    let mut table = [Bitboard::EMPTY; N];
    let mut square = 0;
    while square < 64 {
        let SquareHash {
            mask,
            magic,
            shift,
            offset,
        } = hashes[square];
        let hash = Hash::Magic { magic, shift };
        tables::fill(&mut table, square as u32, lines, mask, offset, hash);
        square += 1;
    }
    table
}

const fn entries<const N: usize>(
    hashes: &[SquareHash; 64],
    table: *const [Bitboard; N],
) -> MagicEntries {
    let mut entries = MagicEntries {
        masks: [0; 64],
        magics: [0; 64],
        slices: [TaggedSlice(core::ptr::null()); 64],
    };
    let mut square = 0;
    while square < 64 {
        let hash = &hashes[square];
        let slice = table.cast::<Bitboard>().wrapping_add(hash.offset);
        entries.masks[square] = hash.mask;
        entries.magics[square] = hash.magic;
        entries.slices[square] = TaggedSlice::new(slice, hash.shift);
        square += 1;
    }
    entries
}

#[inline(always)]
fn lookup(entries: &MagicEntries, square: Square, occupied: Bitboard) -> Bitboard {
    let square = square as usize;
    let slice = entries.slices[square];
    let index = (occupied.0 & entries.masks[square])
        .wrapping_mul(entries.magics[square])
        .wrapping_shr(slice.shift());
    // SAFETY: the slice is the square's part of a static attack table, and `index` is in it:
    // it depends only on `occupied & mask`, and `tables::fill` computed it for every such
    // subset when the table was built in const evaluation, which rejects an index past the
    // table's end.
    unsafe { *slice.slice().add(index as usize) }
}

/// The rook's and the queen's batches in lanes, the bishop's the plain loop.
const ROOK_AND_QUEEN: BatchShapes = BatchShapes {
    bishop: BatchShape::OneByOne,
    ..BatchShapes::IN_LANES
};

/// Fancy magic bitboards. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Magic;

impl Slider for Magic {
    /// Shapes chosen by measurement (docs/notebook.md, "Measurements behind the code").
    const BATCH: LevelShapes = LevelShapes {
        baseline: BatchShapes {
            queen: BatchShape::OneByOne,
            ..BatchShapes::IN_LANES
        },
        v3: ROOK_AND_QUEEN,
        v4: ROOK_AND_QUEEN,
    };

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup(&ROOK_ENTRIES.0, square, occupied)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup(&BISHOP_ENTRIES.0, square, occupied)
    }
}

/// The output of `magic_search::rook_magics(MAGIC_SEED)`.
#[rustfmt::skip]
pub const ROOK_MAGICS: [u64; 64] = [
    0x2080_0420_1040_0382, 0x0040_0010_0020_0044, 0x0200_1042_0080_0822,
    0x0100_0409_0010_0020, 0x0900_0800_0500_1002, 0x3100_0804_0001_0082,
    0x2480_0200_1080_0100, 0x0100_0049_0008_8022, 0x0011_8000_2080_4000,
    0x0842_4010_0020_0442, 0x2048_8010_0a80_2001, 0x2006_0009_2201_12c0,
    0x0300_8008_0080_0400, 0x0aa2_0004_0200_1008, 0x0006_0081_0408_2200,
    0x0046_8000_4100_1880, 0x0800_2080_0040_0088, 0x0020_0140_0050_0020,
    0x01a0_8080_1000_2000, 0x8080_8080_1000_0804, 0x8060_8080_0800_0401,
    0xa004_0080_0480_0200, 0x0082_0040_8001_0040, 0x0128_0200_0090_4104,
    0x0014_2681_8000_4000, 0x8000_4000_8020_0080, 0x0820_2000_8010_0080,
    0xa001_0409_0010_0020, 0x0205_0400_8008_0280, 0x200a_0102_0004_0810,
    0x0020_190c_0008_0210, 0x008c_088a_0014_0041, 0x0080_0020_0040_4000,
    0x0448_8100_2900_4000, 0x2020_0010_0080_8020, 0x8000_0c10_0100_2100,
    0x2141_0010_0500_0802, 0x2000_8002_0080_0400, 0x0600_0102_8400_1048,
    0x0412_0081_0200_2044, 0x4700_4000_2090_8000, 0x4010_0820_0044_4000,
    0x8840_2000_1101_0040, 0x2000_0800_1000_8080, 0x1108_0004_0200_4040,
    0x0092_0004_0902_0010, 0x0062_0004_0812_0051, 0xa000_15c1_8402_0009,
    0x5080_0041_2185_0500, 0x8020_8040_0100_2100, 0x0086_0020_4010_8200,
    0x1040_1000_0800_8080, 0x0000_0400_8008_0080, 0x2806_0004_0810_0200,
    0x0000_8288_1001_0400, 0x2260_0100_4430_8200, 0x0018_4080_0021_0811,
    0x4105_8011_0240_0121, 0x0000_2001_0012_0841, 0x000a_0040_0920_1006,
    0x0401_0004_1008_0023, 0x0502_0004_1081_0802, 0x8000_1209_2088_1004,
    0x0005_8041_0080_2402,
];

/// The output of `magic_search::bishop_magics(MAGIC_SEED)`.
#[rustfmt::skip]
pub const BISHOP_MAGICS: [u64; 64] = [
    0x0aa1_4110_0101_0620, 0x1148_8818_2041_4941, 0x0008_0800_4088_8182,
    0x8911_0400_8120_1000, 0x0001_1040_0501_2206, 0x2411_1002_1080_0620,
    0x1004_0402_c210_0000, 0x8002_4212_0120_0200, 0x0004_2008_1091_0040,
    0x0400_8801_8400_9200, 0x0000_0441_0401_0000, 0x4800_8820_4050_1140,
    0x0400_0212_1000_0048, 0x0040_0422_0940_0004, 0x0840_9101_0110_4000,
    0x1808_034c_0088_0800, 0x0090_0020_0490_0086, 0x1030_0024_0c04_8431,
    0x2102_0201_0803_0901, 0x0008_0190_8823_0110, 0x0049_0244_9040_0c00,
    0x0011_0012_100e_0103, 0x0022_0010_8804_8240, 0x000a_080a_c122_8800,
    0x8042_4004_2148_2200, 0x0001_6000_0882_0408, 0x0128_0101_0802_0228,
    0x0040_0402_0202_1004, 0x2060_8400_0080_2008, 0x100a_0408_1190_0800,
    0x0201_0100_1844_1004, 0x8004_0428_0042_0200, 0x6012_0904_4040_9040,
    0x0028_0104_0008_c810, 0x069c_0401_0c22_0200, 0x0040_2080_2008_0200,
    0x0422_0084_010a_0020, 0x2c0c_0800_e002_1009, 0x0052_0820_4109_0440,
    0x0400_8082_0001_0120, 0x2000_8208_2088_4010, 0x000f_0421_a005_0400,
    0x0202_9284_0100_1000, 0x0010_5020_9300_0800, 0x8025_0120_1101_4201,
    0x080a_0081_0300_0600, 0x0084_5020_8210_1908, 0x802c_4104_0304_0020,
    0x4000_9808_0884_b221, 0x0104_2288_1809_0400, 0x005a_0216_0104_0020,
    0x0403_8000_4202_0800, 0x0084_9040_0504_4001, 0x0000_0820_0800_8201,
    0x0829_8204_0404_2001, 0x0288_01b4_0082_0084, 0x0004_2402_0804_4210,
    0x0800_1104_2202_3a03, 0x24a8_0968_2108_0800, 0x0800_0000_4084_0420,
    0x0100_0002_1042_0206, 0x0000_0804_0850_0440, 0x10a0_08a0_c808_9500,
    0x0820_1250_1210_8810,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sliders::support::magic_search::{bishop_magics, rook_magics, MAGIC_SEED};

    #[test]
    fn committed_magics_are_the_seeded_search_output() {
        let (rook, bishop) = (rook_magics(MAGIC_SEED), bishop_magics(MAGIC_SEED));
        let print = |magics: &[u64; 64]| {
            let words: Vec<String> = magics.iter().map(|m| format!("0x{m:016x}")).collect();
            words.join(", ")
        };
        assert_eq!(
            rook,
            ROOK_MAGICS,
            "the search now finds ROOK_MAGICS = [{}]",
            print(&rook)
        );
        assert_eq!(
            bishop,
            BISHOP_MAGICS,
            "the search now finds BISHOP_MAGICS = [{}]",
            print(&bishop)
        );
    }

    #[test]
    fn tables_have_the_fancy_sizes() {
        assert_eq!(ROOK_TABLE_LEN, 102_400 + 64 * tables::SLICE_GAP);
        assert_eq!(BISHOP_TABLE_LEN, 5_248 + 64 * tables::SLICE_GAP);
        assert_eq!(core::mem::size_of::<MagicEntries>(), 64 * 24);
        for (square, slice) in ROOK_ENTRIES.0.slices.iter().enumerate() {
            assert_eq!(
                slice.shift() as usize & 63,
                64 - ROOK_HASHES[square].mask.count_ones() as usize
            );
        }
    }
}
