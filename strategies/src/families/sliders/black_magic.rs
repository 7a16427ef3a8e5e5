//! Black magic bitboards: fixed-shift magics on the occupancy with every irrelevant square
//! set (`occupied | !mask`), whose slices overlap inside one table shared by rooks and
//! bishops.
//!
//! Source: new (not in the seeds); chessprogramming, "Magic Bitboards" § Black Magic
//! Bitboards. The constants are published data: the black magics and offsets found by Volker
//! Annuss, with improvements by Niklas Fiekas (talkchess.com forum, topic 64790, 2017), as
//! listed in `cozy-chess-types` 0.2.2 (`src/sliders/magic.rs`, MIT), the table under the peer
//! `cozy_chess`. Only the numbers are taken; the code is ours. Footprint: one table of
//! 87,988 entries (687.4 KiB) shared by both pieces, and 64 entries of 32 bytes per piece
//! (2 KiB). CPU features: none.
//!
//! Setting the irrelevant squares instead of clearing them gives the multiply more freedom,
//! and the fixed shifts (52 for rooks, 55 for bishops) need no per-square shift. The slices
//! overlap where their attacks agree (constructive collisions): `tables::fill`
//! writes every square's slice into the one table and stops the build on any disagreement.
//! Against the peer this differs in layout only: 32-byte aligned entries, a page-aligned
//! table and an unchecked load (the build proves every index in range).

use super::support::tables::{self, Hash, BISHOP_LINES, ROOK_LINES};
use super::{BatchShape, BatchShapes, LevelShapes, Slider};
use crate::board::aligned::{CacheAligned, PageAligned};
use crate::board::geometry::Footprint;
use crate::board::geometry::{relevant, Direction};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Entries of the shared table.
pub const SIZE: usize = 87_988;

/// The rook's fixed shift: 12 index bits.
pub const ROOK_SHIFT: u32 = 64 - 12;
/// The bishop's fixed shift: 9 index bits.
pub const BISHOP_SHIFT: u32 = 64 - 9;

/// One square's hash: `offset + ((occupied | not_mask) * magic >> shift)`.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
pub struct BlackMagicEntry {
    /// Every square but the relevant ones.
    pub not_mask: u64,
    pub magic: u64,
    pub offset: u64,
}

const ROOK_TABLE: [BlackMagicEntry; 64] = entries(&ROOK_PUBLISHED, Direction::ROOK);
const BISHOP_TABLE: [BlackMagicEntry; 64] = entries(&BISHOP_PUBLISHED, Direction::BISHOP);

/// `ROOK_ENTRIES[square]`.
pub static ROOK_ENTRIES: CacheAligned<[BlackMagicEntry; 64]> = CacheAligned(ROOK_TABLE);
/// `BISHOP_ENTRIES[square]`.
pub static BISHOP_ENTRIES: CacheAligned<[BlackMagicEntry; 64]> = CacheAligned(BISHOP_TABLE);

/// The shared attack table: every rook slice and every bishop slice, overlapping.
pub static ATTACKS: PageAligned<[Bitboard; SIZE]> = PageAligned(build());

/// The shared table, and the piece's entries.
pub const TABLE_BYTES: Footprint = Footprint::same(SIZE * 8 + 64 * 32);

const fn entries(
    published: &[(u64, u64); 64],
    directions: [Direction; 4],
) -> [BlackMagicEntry; 64] {
    let empty = BlackMagicEntry {
        not_mask: 0,
        magic: 0,
        offset: 0,
    };
    let mut entries = [empty; 64];
    let mut square = 0;
    while square < 64 {
        let (magic, offset) = published[square];
        entries[square] = BlackMagicEntry {
            not_mask: !relevant(square as u32, directions),
            magic,
            offset,
        };
        square += 1;
    }
    entries
}

const fn build() -> [Bitboard; SIZE] {
    let mut table = [Bitboard::EMPTY; SIZE];
    let mut square = 0;
    while square < 64 {
        let (rook, bishop) = (&ROOK_TABLE[square], &BISHOP_TABLE[square]);
        let hash = Hash::BlackMagic {
            magic: rook.magic,
            shift: ROOK_SHIFT,
        };
        let (mask, offset) = (!rook.not_mask, rook.offset as usize);
        tables::fill(&mut table, square as u32, ROOK_LINES, mask, offset, hash);
        let hash = Hash::BlackMagic {
            magic: bishop.magic,
            shift: BISHOP_SHIFT,
        };
        let (mask, offset) = (!bishop.not_mask, bishop.offset as usize);
        tables::fill(&mut table, square as u32, BISHOP_LINES, mask, offset, hash);
        square += 1;
    }
    table
}

#[inline(always)]
fn lookup(entry: &BlackMagicEntry, shift: u32, occupied: Bitboard) -> Bitboard {
    let hash = (occupied.0 | entry.not_mask).wrapping_mul(entry.magic) >> shift;
    let index = entry.offset as usize + hash as usize;
    // SAFETY: `index` depends only on `occupied & mask` (the other bits are forced to 1), and
    // `build` computed it for every such subset in const evaluation, which rejects an index
    // past the end; so `index < SIZE`.
    unsafe { *ATTACKS.0.get_unchecked(index) }
}

/// Black magic bitboards. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct BlackMagic;

impl Slider for BlackMagic {
    /// Shapes chosen by measurement (docs/notebook.md, "Measurements behind the code").
    const BATCH: LevelShapes = LevelShapes::at_every_level(BatchShapes {
        queen: BatchShape::OneByOne,
        ..BatchShapes::IN_LANES
    });

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup(&ROOK_ENTRIES.0[square as usize], ROOK_SHIFT, occupied)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup(&BISHOP_ENTRIES.0[square as usize], BISHOP_SHIFT, occupied)
    }
}

/// The published rook black magics and offsets, a1 first.
#[rustfmt::skip]
const ROOK_PUBLISHED: [(u64, u64); 64] = [
    (0x8028_0013_ff84_ffff, 10890), (0x5ffb_fefd_fef6_7fff, 50579), (0xffef_faff_effd_ffff, 62020),
    (0x0030_0090_0300_008a, 67322), (0x0050_0280_1050_0023, 80251), (0x0020_0121_20a0_0020, 58503),
    (0x0030_0060_00c0_0030, 51175), (0x0058_0058_06b0_0002, 83130), (0x7fbf_f7fb_fbea_fffc, 50430),
    (0x0000_1400_8105_0002, 21613), (0x0000_1800_4380_0048, 72625), (0x7fff_e800_021f_ffb8, 80755),
    (0xffff_cffe_7fcf_ffaf, 69753), (0x0000_1800_c018_0060, 26973), (0x4f80_1800_5fd0_0018, 84972),
    (0x0000_1800_3062_0018, 31958), (0x0030_0018_010c_0003, 69272), (0x0003_000c_0085_ffff, 48372),
    (0xfffd_fff7_fbfe_fff7, 65477), (0x7fc1_ffdf_fc00_1fff, 43972), (0xfffe_ffdf_fdff_dfff, 57154),
    (0x7c10_8007_beff_f81f, 53521), (0x2040_8007_bfe0_0810, 30534), (0x0400_8005_5860_4100, 16548),
    (0x0040_2000_1008_0008, 46407), (0x0010_0200_0804_0004, 11841), (0xfffd_feff_f7fb_fff7, 21112),
    (0xfebf_7dff_f8fe_fff9, 44214), (0xc000_00ff_e001_ffe0, 57925), (0x4af0_1f00_0780_07c3, 29574),
    (0xbffb_faff_fb68_3f7f, 17309), (0x0807_f67f_fa10_2040, 40143), (0x2000_08e8_0030_0030, 64659),
    (0x0000_0087_8018_0018, 70469), (0x0000_0103_0018_0018, 62917), (0x4000_0081_8018_0018, 60997),
    (0x0080_8031_0005_fffa, 18554), (0x4000_1881_0006_0006, 14385), (0xffff_ff7f_ffbf_bfff, 0),
    (0x0000_8020_0020_0040, 38091), (0x2000_0202_ec00_2800, 25122), (0xffff_f9ff_7cff_f3ff, 60083),
    (0x0000_0040_4b80_1800, 72209), (0x2000_002f_e03f_d000, 67875), (0xffff_ff6f_fe7f_cffd, 56290),
    (0xbff7_efff_bfc0_0fff, 43807), (0x0000_0010_0800_a804, 73365), (0x6054_000a_5800_5805, 76398),
    (0x0829_0001_0115_0028, 20024), (0x0000_0085_008a_0014, 9513), (0x8000_002b_0040_8028, 24324),
    (0x4000_0020_4079_0028, 22996), (0x7800_0020_1028_8028, 23213), (0x0000_0018_00e0_8018, 56002),
    (0xa3a8_0003_f3a4_0048, 22809), (0x2003_d800_0050_0028, 44545), (0xffff_f37e_efef_dfbe, 36072),
    (0x4000_0280_0900_13c1, 4750), (0xbf7f_feff_bffa_f71f, 6014), (0xfffd_ffff_777b_7d6e, 36054),
    (0x4830_0007_e808_0c02, 78538), (0xafe0_000f_ff78_0402, 28745), (0xee73_fffb_ffbb_77fe, 8555),
    (0x0002_0003_0848_2882, 1009),
];

/// The published bishop black magics and offsets, a1 first.
#[rustfmt::skip]
const BISHOP_PUBLISHED: [(u64, u64); 64] = [
    (0xa702_0080_6018_03d8, 60984), (0x1380_2040_4008_01f1, 66046), (0x0a00_8018_1001_f60c, 32910),
    (0x1840_8020_0423_8008, 16369), (0xc03f_e001_0000_0000, 42115), (0x24c0_0bff_ff40_0000, 835),
    (0x0808_101f_4000_7f04, 18910), (0x1008_0820_1ec0_0080, 25911), (0xffa2_feff_bfef_b7ff, 63301),
    (0x083e_3ee0_4008_0801, 16063), (0xc080_0080_1810_01f8, 17481), (0x0440_007f_e003_1000, 59361),
    (0x2010_007f_fc00_0000, 18735), (0x1079_ffe0_00ff_8000, 61249), (0x3c07_0810_1f40_0080, 68938),
    (0x0806_1408_0fa0_0040, 61791), (0x7ffe_7fff_817f_cff9, 21893), (0x7ffe_bfff_a010_27fd, 62068),
    (0x5301_8080_c00f_4001, 19829), (0x407e_0001_000f_fb8a, 26091), (0x201f_e000_fff8_0010, 15815),
    (0xffdf_efff_de39_ffef, 16419), (0xcc88_0800_0fbf_8002, 59777), (0x7ff7_fbff_f820_3fff, 16288),
    (0x8800_013e_8300_c030, 33235), (0x0420_0097_0180_6018, 15459), (0x7ffe_ff7f_7f01_f7fd, 15863),
    (0x8700_3030_10c0_c006, 75555), (0xc800_1818_1060_6000, 79445), (0x2000_2038_001c_8010, 15917),
    (0x087f_f038_000f_c001, 8512), (0x0008_0c0c_0008_3007, 73069), (0x0000_0080_fc82_c040, 16078),
    (0x0000_0040_7e41_6020, 19168), (0x0060_0203_f800_8020, 11056), (0xd003_fefe_0440_4080, 62544),
    (0xa000_20c0_1800_3088, 80477), (0x7fbf_fe70_0bff_e800, 75049), (0x107f_f00f_e400_0f90, 32947),
    (0x7f8f_ffcf_f1d0_07f8, 59172), (0x0000_0041_00f8_8080, 55845), (0x0000_0020_807c_4040, 61806),
    (0x0000_0041_0187_00c0, 73601), (0x0010_0000_80fc_4080, 15546), (0x1000_003c_8018_0030, 45243),
    (0xc100_00df_8028_0050, 20333), (0xffff_ffbf_eff8_0fdc, 33402), (0x0000_0010_1003_f812, 25917),
    (0x0800_001f_4080_8200, 32875), (0x0840_0010_1f3f_d208, 4639), (0x0800_0000_0f80_8081, 17077),
    (0x0004_0000_0800_3f80, 62324), (0x0800_0001_001f_e040, 18159), (0x72dd_0000_4090_0a00, 61436),
    (0xffff_feff_bfef_f81d, 57073), (0xcd80_0020_0feb_f209, 61025), (0x1000_0010_1ec1_0082, 81259),
    (0x7fba_ffff_efe0_c02f, 64083), (0x7f83_ffff_fff0_7f7f, 56114), (0xfff1_ffff_fff7_ffc1, 57058),
    (0x0878_0400_00ff_e01f, 58912), (0x945e_3880_0080_1012, 22194), (0x0840_8000_8020_0fda, 70880),
    (0x1000_00c0_5f58_2008, 11140),
];
