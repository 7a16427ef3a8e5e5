//! The two x-ray families as the harness sees them: `rook_xray_attacks` and
//! `bishop_xray_attacks`, one [`PieceFamily`] each of the pair [`Xray`] (see
//! [`crate::framework::family::pieces`]), as [`crate::families::sliders`]' families are of `Attacks`: the piece
//! picks which [`XrayAttacks`] method a query calls, and one table of techniques serves both.

use super::direction_fills;
use super::line_conditional::LineConditional;
use super::modify_occupancy::ModifyOccupancy;
use super::one_lookup;
#[cfg(feature = "bench")]
use super::reference;
use super::{XrayAttacks, XrayQuery};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::line_masks;
use crate::board::geometry::Footprint;
use crate::families::sliders::obstruction_difference::ObstructionDifference;
use crate::families::sliders::{
    self, black_magic, classical, hyperbola, kindergarten, kogge_stone, magic, plain_magic,
};
use crate::families::sliders::{Bishop, Rook};
use crate::framework::family::pieces::{Line, LinePiece, PieceFamily};
use crate::framework::family::{Kernel, Source};

/// The pair of x-ray families: the x-rays of a rook, of a bishop.
#[derive(Clone, Copy, Debug)]
pub struct Xray;

/// An x-ray family: the x-rays of piece `P`. See [`RookXrayFamily`] and [`BishopXrayFamily`].
pub type XrayFamily<P> = PieceFamily<Xray, P>;

/// `rook_xray_attacks`: every [`XrayAttacks`] technique's `rook_xray`.
pub type RookXrayFamily = XrayFamily<Rook>;

/// `bishop_xray_attacks`: every [`XrayAttacks`] technique's `bishop_xray`.
pub type BishopXrayFamily = XrayFamily<Bishop>;

impl<X: XrayAttacks, P: LinePiece> Kernel<XrayFamily<P>> for X {
    #[inline(always)]
    fn query(self, query: XrayQuery) -> Bitboard {
        let XrayQuery {
            square,
            occupied,
            blockers,
        } = query;
        match P::LINE {
            Line::Rook => self.rook_xray(square, occupied, blockers),
            Line::Bishop => self.bishop_xray(square, occupied, blockers),
        }
    }

    #[inline(always)]
    fn batch(self, queries: &[XrayQuery], out: &mut [Bitboard]) {
        match P::LINE {
            Line::Rook => self.rook_xray_batch(queries, out),
            Line::Bishop => self.bishop_xray_batch(queries, out),
        }
    }
}

const SEED: &str = "002_6293cd1af08cea25.txt";
const MODIFY_OCCUPANCY: Source = Source::seed(
    SEED,
    "Modifying Occupancy (xrayRookAttacks, xrayBishopAttacks)",
);
const LINE_CONDITIONAL: Source = Source::seed(
    SEED,
    "Modifying Occupancy (xrayFileAttacks, xrayRankAttacks, xrayDiagonalAttacks)",
);

crate::framework::family::table::family! {
    impl PieceFamilies for Xray {
        const NAMES: [&'static str; 2] = ["rook_xray_attacks", "bishop_xray_attacks"];
        const SUMMARIES: [&'static str; 2] = [
            "the squares a rook attacks through the blockers it is given, up to the next piece",
            "the squares a bishop attacks through the blockers it is given, up to the next piece",
        ];
        type Input = XrayQuery;

        #[cfg(feature = "bench")]
        fn reference(piece: Line, query: XrayQuery) -> Bitboard {
            let XrayQuery { square, occupied, blockers } = query;
            match piece {
                Line::Rook => reference::rook_xray(square, occupied, blockers),
                Line::Bishop => reference::bishop_xray(square, occupied, blockers),
            }
        }

        #[inline(always)]
        fn echo(query: XrayQuery) -> Bitboard {
            query.occupied ^ query.blockers ^ Bitboard(query.square as u64)
        }
    }

    /// The registry of both families: every technique.
    pub enum XrayVariant: XrayUser(XrayAttacks) {
        ModifyOccupancyMagic {
            name: "modify_occupancy_magic",
            summary: "attack, remove the attacked blockers, attack again, XOR: fancy magic lookups",
            kernel: ModifyOccupancy(magic::Magic),
            source: MODIFY_OCCUPANCY,
            footprint: magic::TABLE_BYTES,
        },
        ModifyOccupancyBlackMagic {
            name: "modify_occupancy_black_magic",
            summary: "attack, remove the attacked blockers, attack again, XOR: black magic lookups",
            kernel: ModifyOccupancy(black_magic::BlackMagic),
            source: MODIFY_OCCUPANCY,
            footprint: black_magic::TABLE_BYTES,
        },
        ModifyOccupancyPext {
            name: "modify_occupancy_pext",
            summary: "attack, remove the attacked blockers, attack again, XOR: BMI2 pext lookups",
            needs: bmi2,
            kernel: super::pext::ModifyOccupancyPext::new(bmi2),
            source: MODIFY_OCCUPANCY,
            footprint: sliders::support::tables::PEXT_TABLE_BYTES,
        },
        ModifyOccupancyPlainMagic {
            name: "modify_occupancy_plain_magic",
            summary: "attack, remove the attacked blockers, attack again, XOR: plain magic lookups",
            kernel: ModifyOccupancy(plain_magic::PlainMagic),
            source: MODIFY_OCCUPANCY,
            footprint: plain_magic::TABLE_BYTES,
        },
        ModifyOccupancySplitPext {
            name: "modify_occupancy_split_pext",
            summary: "attack, remove the attacked blockers, attack again, XOR: split PEXT lookups, the batch compiled with BMI2",
            needs: bmi2,
            kernel: super::featured::ModifyOccupancyFeatured(ModifyOccupancy(sliders::split_pext::SplitPext::new(bmi2))),
            source: MODIFY_OCCUPANCY,
            footprint: sliders::support::tables::SPLIT_PEXT_TABLE_BYTES,
        },
        ModifyOccupancyClassical {
            name: "modify_occupancy_classical",
            summary: "attack, remove the attacked blockers, attack again, XOR: classical ray lookups",
            kernel: ModifyOccupancy(classical::Classical),
            source: MODIFY_OCCUPANCY,
            footprint: classical::TABLE_BYTES,
        },
        ModifyOccupancyHyperbola {
            name: "modify_occupancy_hyperbola",
            summary: "attack, remove the attacked blockers, attack again, XOR: hyperbola quintessence",
            kernel: ModifyOccupancy(hyperbola::Hyperbola),
            source: MODIFY_OCCUPANCY,
            footprint: hyperbola::TABLE_BYTES,
        },
        ModifyOccupancyObstructionDifference {
            name: "modify_occupancy_obstruction_difference",
            summary: "attack, remove the attacked blockers, attack again, XOR: obstruction difference",
            kernel: ModifyOccupancy(ObstructionDifference),
            source: MODIFY_OCCUPANCY,
            footprint: line_masks::TABLE_BYTES,
        },
        ModifyOccupancyKoggeStone {
            name: "modify_occupancy_kogge_stone",
            summary: "attack, remove the attacked blockers, attack again, XOR: Kogge-Stone fills",
            kernel: ModifyOccupancy(kogge_stone::KoggeStone),
            source: MODIFY_OCCUPANCY,
            footprint: Footprint::NONE,
        },
        ModifyOccupancyKoggeStoneAvx512Batch {
            name: "modify_occupancy_kogge_stone_avx512_batch",
            summary: "attack, remove the attacked blockers, attack again, XOR: two batch passes of Kogge-Stone, eight queries per __m512i",
            needs: avx512,
            kernel: super::modify_occupancy::TwoPasses(sliders::avx512::kogge_stone_batch::KoggeStoneAvx512Batch::new(avx512)),
            source: MODIFY_OCCUPANCY,
            footprint: Footprint::NONE,
        },
        LineConditionalObstructionDifference {
            name: "line_conditional_obstruction_difference",
            summary: "per line, obstruction difference; a second lookup only if an inner blocker is attacked",
            kernel: LineConditional(ObstructionDifference),
            source: LINE_CONDITIONAL,
            footprint: line_masks::TABLE_BYTES,
        },
        LineConditionalKindergarten {
            name: "line_conditional_kindergarten",
            summary: "per line, kindergarten lookups; a second lookup only if an inner blocker is attacked",
            kernel: LineConditional(kindergarten::Kindergarten),
            source: LINE_CONDITIONAL,
            footprint: kindergarten::TABLE_BYTES,
        },
        OneLookup {
            name: "one_lookup",
            summary: "per line one lookup, by a kindergarten index, of the first blockers and the x-rays behind them",
            kernel: one_lookup::OneLookup,
            source: Source::seed(SEED, "X-rays with one Lookup"),
            footprint: one_lookup::TABLE_BYTES,
        },
        DirectionFills {
            name: "direction_fills",
            summary: "per direction, a Kogge-Stone fill from the slider, then one from the blockers it hit",
            kernel: direction_fills::DirectionFills,
            source: Source::seed(SEED, "Multiple Sliders (xrayAttacks, one slider)"),
            footprint: Footprint::NONE,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::framework::cpu::Feature;
    use crate::framework::family::Family;

    #[test]
    fn the_families_are_named_after_their_pieces() {
        assert_eq!(RookXrayFamily::NAME, "rook_xray_attacks");
        assert_eq!(BishopXrayFamily::NAME, "bishop_xray_attacks");
    }

    fn every_variant_agrees<P: LinePiece>() {
        let ran = crate::bench::testing::all_variants_agree::<XrayFamily<P>>();
        assert!(ran.len() >= 8, "eight portable variants: {ran:?}");
        let has = |f: Feature| f.arch() == std::env::consts::ARCH && f.is_detected();
        assert_eq!(ran.contains(&"modify_occupancy_pext"), has(Feature::Bmi2));
        let avx512 = "modify_occupancy_kogge_stone_avx512_batch";
        assert_eq!(ran.contains(&avx512), has(Feature::Avx512f), "{avx512}");
    }

    #[test]
    fn rook_xray_attacks_every_variant_agrees_with_the_reference() {
        every_variant_agrees::<Rook>();
    }

    #[test]
    fn bishop_xray_attacks_every_variant_agrees_with_the_reference() {
        every_variant_agrees::<Bishop>();
    }

    #[test]
    fn queens_are_rooks_and_bishops() {
        let mut rng = crate::bench::inputs::rng(5, "queen");
        for _ in 0..10_000 {
            let square = crate::bench::inputs::square(&mut rng);
            let occupied = crate::bench::inputs::occupancy(&mut rng);
            let blockers = crate::bench::inputs::occupancy(&mut rng) | occupied;
            let steps = [reference::ROOK_STEPS, reference::BISHOP_STEPS].concat();
            let expected = reference::walk(square, occupied, blockers, &steps);
            let magic = ModifyOccupancy(magic::Magic);
            assert_eq!(magic.queen_xray(square, occupied, blockers), expected);
            assert_eq!(
                one_lookup::OneLookup.queen_xray(square, occupied, blockers),
                expected
            );
        }
    }

    #[test]
    #[ignore = "prints rough timings; run with --release -- --ignored --nocapture timings"]
    fn timings() {
        crate::bench::family_tests::print_timings::<RookXrayFamily>();
        crate::bench::family_tests::print_timings::<BishopXrayFamily>();
    }
}
