//! The two slider families as the harness sees them: `rook_attacks` and `bishop_attacks`, one
//! [`PieceFamily`] each of the pair [`Attacks`] (see [`crate::framework::family::pieces`]): the piece
//! picks which [`Slider`] method a query calls, and one table of techniques serves both.
//!
//! Adding a technique is one row below: its kernel, name, summary, source and footprint per
//! piece; the move generator's configurations pick it up through [`SliderVariant::with`].

use super::{
    black_magic, classical, dumb7fill, hyperbola, kindergarten, kogge_stone, leorik, magic,
    obstruction_difference, plain_magic, qbb, rotated, sbamg, Slider, SliderQuery,
};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::Footprint;
use crate::framework::family::pieces::{Line, LinePiece, PieceFamily};
use crate::framework::family::{Kernel, Source};
use crate::framework::level::CompiledFor;

pub use crate::framework::family::pieces::{Bishop, Rook};

/// The pair of slider families: the attacks of a rook, of a bishop.
#[derive(Clone, Copy, Debug)]
pub struct Attacks;

/// A slider family: the attacks of piece `P`. See [`RookAttacksFamily`] and
/// [`BishopAttacksFamily`].
pub type SliderFamily<P> = PieceFamily<Attacks, P>;

/// `rook_attacks`: every [`Slider`] technique's `rook`.
pub type RookAttacksFamily = SliderFamily<Rook>;

/// `bishop_attacks`: every [`Slider`] technique's `bishop`.
pub type BishopAttacksFamily = SliderFamily<Bishop>;

impl<S: Slider, P: LinePiece> Kernel<SliderFamily<P>> for S {
    #[inline(always)]
    fn query(self, query: SliderQuery) -> Bitboard {
        match P::LINE {
            Line::Rook => self.rook(query.square, query.occupied),
            Line::Bishop => self.bishop(query.square, query.occupied),
        }
    }

    #[inline(always)]
    fn batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        match P::LINE {
            Line::Rook => self.rook_batch(queries, out),
            Line::Bishop => self.bishop_batch(queries, out),
        }
    }

    #[inline(always)]
    fn batch_in<C: CompiledFor>(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        match P::LINE {
            Line::Rook => self.rook_batch_in::<C>(queries, out),
            Line::Bishop => self.bishop_batch_in::<C>(queries, out),
        }
    }
}

const SEED: &str = "002_6293cd1af08cea25.txt";

crate::framework::family::table::family! {
    impl PieceFamilies for Attacks {
        const NAMES: [&'static str; 2] = ["rook_attacks", "bishop_attacks"];
        const SUMMARIES: [&'static str; 2] = [
            "the squares a rook attacks given the occupancy, first blocker in each direction included",
            "the squares a bishop attacks given the occupancy, first blocker in each direction included",
        ];
        type Input = SliderQuery;

        #[cfg(feature = "bench")]
        fn reference(piece: Line, query: SliderQuery) -> Bitboard {
            match piece {
                Line::Rook => super::reference::rook(query.square, query.occupied),
                Line::Bishop => super::reference::bishop(query.square, query.occupied),
            }
        }

        #[inline(always)]
        fn echo(query: SliderQuery) -> Bitboard {
            Bitboard(query.occupied.0 ^ query.square as u64)
        }
    }

    /// The registry of both families: every technique, ours first, peers last.
    pub enum SliderVariant: SliderUser(Slider) {
        Classical {
            name: "classical",
            summary: "ray table, bit scan to the first blocker, its ray XORed off (chessprogramming: Classical Approach)",
            kernel: classical::Classical,
            source: Source::New,
            footprint: classical::TABLE_BYTES,
        },
        Dumb7Fill {
            name: "dumb7fill",
            summary: "six shift-and-mask steps of an occluded fill per direction (chessprogramming: Dumb7Fill)",
            kernel: dumb7fill::Dumb7Fill,
            source: Source::New,
            footprint: Footprint::NONE,
        },
        KoggeStone {
            name: "kogge_stone",
            summary: "Kogge-Stone occluded fill per direction: three doubling steps",
            kernel: kogge_stone::KoggeStone,
            source: Source::seed(SEED, "Multiple Sliders (Kogge-Stone fill)"),
            footprint: Footprint::NONE,
        },
        Hyperbola {
            name: "hyperbola",
            summary: "hyperbola quintessence o^(o-2r) with byte swap on files and diagonals, rank table (chessprogramming: Hyperbola Quintessence)",
            kernel: hyperbola::Hyperbola,
            source: Source::New,
            footprint: hyperbola::TABLE_BYTES,
        },
        ObstructionDifference {
            name: "obstruction_difference",
            summary: "per line, upper ^ (upper - ms1b(lower)) (chessprogramming: Obstruction Difference)",
            kernel: obstruction_difference::ObstructionDifference,
            source: Source::New,
            footprint: obstruction_difference::TABLE_BYTES,
        },
        Qbb {
            name: "qbb",
            summary: "QBBEngine's shifted masks: per direction a bit scan to the first blocker, constant line masks shifted onto two blockers and ANDed (chessprogramming: QBBEngine)",
            kernel: qbb::Qbb,
            source: Source::New,
            footprint: qbb::TABLE_BYTES,
        },
        Leorik {
            name: "leorik",
            summary: "Leorik's line subtraction: per line a^(a-1) of the blockers above, one leading-zero count below (lithander's Leorik)",
            kernel: leorik::Leorik,
            source: Source::New,
            footprint: leorik::TABLE_BYTES,
        },
        Sbamg {
            name: "sbamg",
            summary: "per line o^(o-3cbn), cbn the nearest blocker below (chessprogramming: Subtracting a Rook from a Blocking Piece)",
            kernel: sbamg::Sbamg,
            source: Source::New,
            footprint: sbamg::TABLE_BYTES,
        },
        Kindergarten {
            name: "kindergarten",
            summary: "line occupancy multiplied onto six bits, one line-table load per line (chessprogramming: Kindergarten Bitboards)",
            kernel: kindergarten::Kindergarten,
            source: Source::New,
            footprint: kindergarten::TABLE_BYTES,
        },
        Rotated {
            name: "rotated",
            summary: "rotated bitboards: file and diagonal occupancies renumbered onto consecutive bits (kept per thread for the last occupancy), a line table per line (chessprogramming: Rotated Bitboards)",
            kernel: rotated::Rotated,
            source: Source::New,
            footprint: rotated::TABLE_BYTES,
        },
        Magic {
            name: "magic",
            summary: "fancy magic bitboards from a seeded search: mask, multiply, shift, one load (chessprogramming: Magic Bitboards)",
            kernel: magic::Magic,
            source: Source::New,
            footprint: magic::TABLE_BYTES,
        },
        PlainMagic {
            name: "plain_magic",
            summary: "plain magic bitboards: fixed 12/9-bit index, a whole slice per square, shift by an immediate (chessprogramming: Magic Bitboards)",
            kernel: plain_magic::PlainMagic,
            source: Source::New,
            footprint: plain_magic::TABLE_BYTES,
        },
        BlackMagic {
            name: "black_magic",
            summary: "fixed-shift black magic, published constants, one shared overlapping table (chessprogramming: Magic Bitboards)",
            kernel: black_magic::BlackMagic,
            source: Source::New,
            footprint: black_magic::TABLE_BYTES,
        },
        Pext {
            name: "pext",
            summary: "BMI2 pext of the relevant occupancy indexes a per-square table",
            needs: bmi2,
            kernel: super::pext::Pext::new(bmi2),
            source: Source::New,
            footprint: super::support::tables::PEXT_TABLE_BYTES,
        },
        SplitPext {
            name: "split_pext",
            summary: "BMI2 pext per line (a shift for the rank) into two line tables of 64 indexes per square, ORed (chessprogramming: BMI2, split per line)",
            needs: bmi2,
            kernel: super::split_pext::SplitPext::new(bmi2),
            source: Source::New,
            footprint: super::support::tables::SPLIT_PEXT_TABLE_BYTES,
        },
        SlideArithmetic {
            name: "slide_arithmetic",
            summary: "per line bzhi splits at the slider, blsmsk above, a leading-zero shift below, XORed (chessprogramming: Slide Arithmetic)",
            needs: bmi2,
            kernel: super::slide_arithmetic::SlideArithmetic::new(bmi2),
            source: Source::New,
            footprint: hyperbola::GFNI_TABLE_BYTES,
        },
        KoggeStoneAvx2 {
            name: "kogge_stone_avx2",
            summary: "one query, the Kogge-Stone fill of four directions in one __m256i (sllv/srlv); a queen's eight in two, one per sign",
            needs: avx2,
            kernel: super::avx2::kogge_stone::KoggeStoneAvx2::new(avx2),
            source: Source::New,
            footprint: Footprint::NONE,
        },
        KoggeStoneAvx512 {
            name: "kogge_stone_avx512",
            summary: "the Kogge-Stone fill of eight directions in one __m512i (rolv): one query's eight, or two queries' four",
            needs: avx512,
            kernel: super::avx512::kogge_stone::KoggeStoneAvx512::new(avx512),
            source: Source::New,
            footprint: Footprint::NONE,
        },
        KoggeStoneAvx512Batch {
            name: "kogge_stone_avx512_batch",
            summary: "eight queries per __m512i, the Kogge-Stone fill a direction at a time",
            needs: avx512,
            kernel: super::avx512::kogge_stone_batch::KoggeStoneAvx512Batch::new(avx512),
            source: Source::New,
            footprint: Footprint::NONE,
        },
        HyperbolaGfni {
            name: "hyperbola_gfni",
            summary: "hyperbola quintessence on every line, bit reversal by gf2p8affine and a byte swap",
            needs: gfni,
            kernel: super::gfni::hyperbola::HyperbolaGfni::new(gfni),
            source: Source::New,
            footprint: hyperbola::GFNI_TABLE_BYTES,
        },
        DualHyperbolaAvx2 {
            name: "dual_hyperbola_avx2",
            summary: "hyperbola quintessence on the file and both diagonals in one __m256i (vpshufb byte swap), the rank from a table",
            needs: avx2,
            kernel: super::avx2::dual_hyperbola::DualHyperbolaAvx2::new(avx2),
            source: Source::New,
            footprint: hyperbola::TABLE_BYTES,
        },
        HyperbolaNeon {
            name: "hyperbola_neon",
            summary: "hyperbola quintessence on every line, two lines per 128-bit vector, bit reversal by rbit and rev64",
            needs: neon,
            kernel: super::neon::hyperbola::HyperbolaNeon::new(neon),
            source: Source::New,
            footprint: hyperbola::GFNI_TABLE_BYTES,
        },
        #[cfg(feature = "peers")]
        Chess {
            name: "chess",
            summary: "chess::get_rook_moves / get_bishop_moves: fixed-shift magics, shared table",
            kernel: super::peers::Chess,
            source: Source::external("chess 3.2", "chess::get_rook_moves, chess::get_bishop_moves", "computed by a build script"),
            footprint: super::peers::CHESS_TABLE_BYTES,
        },
        #[cfg(feature = "peers")]
        CozyChess {
            name: "cozy_chess",
            summary: "cozy_chess::get_rook_moves / get_bishop_moves: black magics, shared table",
            kernel: super::peers::CozyChess,
            source: Source::external("cozy-chess 0.3", "cozy_chess::get_rook_moves, cozy_chess::get_bishop_moves", "computed by a build script"),
            footprint: super::peers::COZY_CHESS_TABLE_BYTES,
        },
    }
}
