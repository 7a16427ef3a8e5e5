//! Plain magic bitboards: every square of a piece has the same index width (12 bits for the
//! rook, 9 for the bishop), so the shift is a constant and each square owns a whole slice of
//! `2^12` (`2^9`) entries; nothing is shared, nothing is packed. Mask, multiply, shift by an
//! immediate, one load.
//!
//! Source: new (not in the seeds); chessprogramming, "Magic Bitboards" § Plain. Footprint:
//! rook 64 × 4,096 entries (2 MiB) and 64 masks and magics (1 KiB); bishop 64 × 512 entries
//! (256 KiB) and 1 KiB. CPU features: none.
//!
//! The magics come from the seeded search of `super::support::magic_search` with every index 12 (9)
//! bits wide, kept here as data like [`super::magic`]'s; a test runs the search again.

use super::support::tables::{self, Hash, BISHOP_LINES, ROOK_LINES};
use super::Slider;
use crate::board::aligned::{CacheAligned, PageAligned};
use crate::board::geometry::{relevant, Direction, Footprint};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// The rook's index width.
pub const ROOK_BITS: u32 = 12;
/// The bishop's index width.
pub const BISHOP_BITS: u32 = 9;

const ROOK_LEN: usize = 64 << ROOK_BITS;
const BISHOP_LEN: usize = 64 << BISHOP_BITS;

/// One piece's masks and magics, indexed by square.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct PlainEntries {
    pub masks: [u64; 64],
    pub magics: [u64; 64],
}

/// The rook's masks and magics.
pub static ROOK_ENTRIES: CacheAligned<PlainEntries> =
    CacheAligned(entries(&ROOK_MAGICS, Direction::ROOK));
/// The bishop's masks and magics.
pub static BISHOP_ENTRIES: CacheAligned<PlainEntries> =
    CacheAligned(entries(&BISHOP_MAGICS, Direction::BISHOP));

/// The rook's attack table: square `s` owns entries `s << 12 ..`.
pub static ROOK_ATTACKS: PageAligned<[Bitboard; ROOK_LEN]> = PageAligned(attacks(
    &ROOK_MAGICS,
    Direction::ROOK,
    ROOK_LINES,
    ROOK_BITS,
));
/// The bishop's attack table: square `s` owns entries `s << 9 ..`.
pub static BISHOP_ATTACKS: PageAligned<[Bitboard; BISHOP_LEN]> = PageAligned(attacks(
    &BISHOP_MAGICS,
    Direction::BISHOP,
    BISHOP_LINES,
    BISHOP_BITS,
));

/// The attack table and the entries of each piece.
pub const TABLE_BYTES: Footprint = Footprint {
    rook: ROOK_LEN * 8 + 64 * 16,
    bishop: BISHOP_LEN * 8 + 64 * 16,
};

const fn entries(magics: &[u64; 64], directions: [Direction; 4]) -> PlainEntries {
    let mut masks = [0; 64];
    let mut square = 0;
    while square < 64 {
        masks[square] = relevant(square as u32, directions);
        square += 1;
    }
    PlainEntries {
        masks,
        magics: *magics,
    }
}

const fn attacks<const N: usize>(
    magics: &[u64; 64],
    directions: [Direction; 4],
    lines: [Direction; 2],
    bits: u32,
) -> [Bitboard; N] {
    let mut table = [Bitboard::EMPTY; N];
    let mut square = 0;
    while square < 64 {
        let hash = Hash::Magic {
            magic: magics[square],
            shift: 64 - bits,
        };
        let mask = relevant(square as u32, directions);
        tables::fill(&mut table, square as u32, lines, mask, square << bits, hash);
        square += 1;
    }
    table
}

#[inline(always)]
fn lookup<const N: usize, const BITS: u32>(
    entries: &PlainEntries,
    table: &[Bitboard; N],
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    let s = square as usize;
    let hash = (occupied.0 & entries.masks[s]).wrapping_mul(entries.magics[s]) >> (64 - BITS);
    // SAFETY: `hash < 2^BITS` after the shift and `s < 64`, so the index is below
    // `64 << BITS`, which is `N` for both tables (`tables::fill` wrote every reachable entry
    // in const evaluation, which checked each index against `N`).
    unsafe { *table.get_unchecked((s << BITS) | hash as usize) }
}

/// Plain magic bitboards. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainMagic;

impl Slider for PlainMagic {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup::<ROOK_LEN, ROOK_BITS>(&ROOK_ENTRIES.0, &ROOK_ATTACKS.0, square, occupied)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup::<BISHOP_LEN, BISHOP_BITS>(&BISHOP_ENTRIES.0, &BISHOP_ATTACKS.0, square, occupied)
    }
}

/// The seed's stream names: the search for plain magics draws apart from the fancy one.
pub const STREAMS: [&str; 2] = ["plain_magic/rook", "plain_magic/bishop"];

/// The committed rook magics: the search's output for [`MAGIC_SEED`](super::support::magic_search::MAGIC_SEED), 12-bit indexes.
const ROOK_MAGICS: [u64; 64] = [
    0x0080_0020_5d40_0080,
    0x1804_0200_2820_4000,
    0x2080_0820_0084_1002,
    0x0801_0020_8800_1004,
    0x8040_0906_2004_0804,
    0x4210_1004_0040_008c,
    0x0008_4080_2012_0100,
    0xc200_0840_8204_0021,
    0x000e_1000_7280_0880,
    0x0020_4060_4040_0900,
    0x4816_0008_04a0_1021,
    0x8120_3080_0430_1029,
    0x0044_0289_0020_4001,
    0x2800_8004_9001_8021,
    0x0020_4504_840c_2200,
    0x1080_0821_4100_9080,
    0x009c_0020_0010_0022,
    0x4800_8424_0c4c_4020,
    0x6001_0c40_0850_00c0,
    0x2048_0410_0002_0004,
    0x0108_0024_0121_00a0,
    0x1005_0020_0120_0080,
    0xc800_4120_0800_8004,
    0xc000_0059_0002_1080,
    0x0224_8002_8030_1014,
    0x0050_000c_6000_1020,
    0x0100_2000_262c_0008,
    0x0002_000a_0140_0800,
    0x0328_2090_0080_08c2,
    0x0605_0040_0420_8010,
    0x0400_0083_0004_0040,
    0x0000_1100_4800_8002,
    0x00b0_4081_0200_1200,
    0x0820_0410_2002_2900,
    0x200a_0008_0018_1000,
    0x1808_1032_0050_0018,
    0x4410_0421_0018_0205,
    0x0090_0420_0100_0842,
    0x0152_0002_0320_2090,
    0x0006_4010_2004_0b00,
    0x0104_1101_0500_9800,
    0x0001_1002_0800_5001,
    0x0810_0040_2200_6008,
    0x0200_1200_2004_3000,
    0x0000_0800_220a_0044,
    0x0004_0022_0000_8014,
    0x0492_a108_4052_0004,
    0x0010_4020_1080_0900,
    0x0080_0082_02d2_2090,
    0x1000_1350_0008_8010,
    0x0001_a00c_4008_0020,
    0x8000_2200_2088_1830,
    0x0408_5908_0204_0008,
    0x1180_4000_8402_2104,
    0x0008_4200_42e0_0640,
    0x2010_0b81_0240_0520,
    0x4060_8000_1040_2101,
    0x0000_0900_1062_0022,
    0x1082_4009_0220_0211,
    0x0483_0440_0802_0122,
    0x2001_0122_0410_0402,
    0x0000_0104_028a_0002,
    0x2180_0101_8068_0202,
    0x2402_0c01_0142_3482,
];

/// The committed bishop magics: the search's output for [`MAGIC_SEED`](super::support::magic_search::MAGIC_SEED), 9-bit indexes.
const BISHOP_MAGICS: [u64; 64] = [
    0x4000_81cc_a424_0101,
    0x0600_8304_0804_8122,
    0x0020_1810_4084_8000,
    0x0104_010a_0010_0000,
    0x8818_2018_0080_0c00,
    0x0021_0188_0040_0050,
    0x5009_0114_0311_0000,
    0x0000_6840_4800_4001,
    0x4200_a004_1118_4112,
    0x4100_2002_020c_0708,
    0x8001_0844_1040_5000,
    0x0800_0820_204a_4002,
    0x2080_0404_840d_0003,
    0x0800_4804_9004_08a8,
    0x00c0_808d_5600_b010,
    0x1080_0002_0082_a014,
    0x4030_2040_8500_1070,
    0x2022_5002_0800_4044,
    0x4010_0042_0020_0820,
    0x0888_0020_2020_4208,
    0x0014_0000_6020_0021,
    0x0220_4000_8700_4040,
    0x0000_4c08_2801_1000,
    0x8800_8041_5013_0882,
    0x1901_c000_0910_c020,
    0x2048_2600_10a8_0200,
    0x4004_0040_0409_2008,
    0x0020_0800_4608_1030,
    0x0102_0400_0201_0840,
    0x2000_4014_0704_2108,
    0x0041_0040_0024_2401,
    0x2024_a180_0206_0098,
    0x8418_2406_1000_8814,
    0x2402_0080_7692_1000,
    0x4010_8010_0100_6408,
    0x0010_0200_8008_0080,
    0x0280_4100_41a4_0040,
    0x00c4_088a_0210_1040,
    0x0015_2008_2080_8014,
    0x8100_4310_2000_c009,
    0x4088_0014_1000_0449,
    0x0200_2200_1100_8510,
    0x0000_6600_3000_8046,
    0x0086_4020_0880_8028,
    0x4482_0122_0400_0080,
    0x0004_1000_2022_4140,
    0x100a_0048_0060_0040,
    0x1402_6029_4080_1048,
    0x2100_7202_0048_0004,
    0x0121_000a_8100_8000,
    0x0100_0020_8410_8000,
    0x0010_4804_a020_a200,
    0x0811_b034_2144_0000,
    0x0000_0401_1820_0800,
    0x0000_a002_342d_5148,
    0x0001_0010_5331_c001,
    0x8204_020d_8312_3000,
    0x0802_0890_0940_1100,
    0xf021_0808_2200_4490,
    0x0004_0080_0052_0040,
    0x0004_0000_4021_0300,
    0x0002_8748_1004_8820,
    0x1001_0800_5560_2200,
    0x4c04_8091_0600_4110,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sliders::support::magic_search::{find_magics_of_bits, MAGIC_SEED};

    #[test]
    fn committed_magics_are_the_seeded_search_output() {
        let rook = find_magics_of_bits(MAGIC_SEED, STREAMS[0], Direction::ROOK, Some(ROOK_BITS));
        let bishop =
            find_magics_of_bits(MAGIC_SEED, STREAMS[1], Direction::BISHOP, Some(BISHOP_BITS));
        let print = |magics: &[u64; 64]| {
            let words: Vec<String> = magics.iter().map(|m| format!("0x{m:016x}")).collect();
            words.join(", ")
        };
        assert_eq!(rook, ROOK_MAGICS, "ROOK_MAGICS = [{}]", print(&rook));
        assert_eq!(
            bishop,
            BISHOP_MAGICS,
            "BISHOP_MAGICS = [{}]",
            print(&bishop)
        );
    }
}
