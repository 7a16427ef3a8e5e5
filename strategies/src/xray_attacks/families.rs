//! The two x-ray families as the harness sees them: `rook_xray_attacks` and
//! `bishop_xray_attacks`.
//!
//! One generic type, [`XrayFamily<P>`](XrayFamily), is both families, as
//! [`crate::sliders::SliderFamily`] is for the slider attacks: the piece `P`
//! ([`Rook`] or [`Bishop`]) names the family and picks which [`XrayAttacks`] method a query
//! calls. The variant list, the descriptors (built from one table of techniques by a
//! `const fn`) and the dispatch in [`Family::visit`] are written once for both.

use super::direction_fills;
use super::line_conditional::LineConditional;
use super::modify_occupancy::ModifyOccupancy;
use super::one_lookup;
use super::{reference, XrayAttacks, XrayQuery};
use crate::cpu::{Cpu, Feature, Unsupported};
use crate::family::{Descriptor, Family, Kernel, Source, Visitor};
use crate::geometry::Footprint;
use crate::on_arch;
use crate::position::Piece;
use crate::sliders::obstruction_difference;
use crate::sliders::{self, black_magic, classical, hyperbola, kindergarten, kogge_stone, magic};
use crate::sliders::{Bishop, Rook};
use crate::{Bitboard, Square};
use core::fmt::Debug;
use core::marker::PhantomData;

/// The piece whose x-rays a family asks for: [`Rook`] or [`Bishop`].
pub trait XrayPiece: Copy + Debug + Send + Sync + 'static {
    /// The family's name.
    const FAMILY: &'static str;
    /// The family's one-line summary.
    const SUMMARY: &'static str;
    /// The kinds of piece of a position that move like this piece: the rook or the bishop,
    /// and the queen.
    const MOVERS: [Piece; 2];
    /// The piece's steps as (files, ranks): the first two on two different lines, the other
    /// two their opposites.
    const STEPS: [(i32, i32); 4];

    /// The family's descriptors, in [`XrayVariant`] order.
    fn descriptors() -> &'static [Descriptor; VARIANTS];

    /// The piece's x-rays by `technique`.
    fn xray<X: XrayAttacks>(
        technique: X,
        square: Square,
        occupied: Bitboard,
        blockers: Bitboard,
    ) -> Bitboard;

    /// The piece's batch method of `technique`.
    fn xray_batch<X: XrayAttacks>(technique: X, queries: &[XrayQuery], out: &mut [Bitboard]);

    /// The reference's answer.
    fn reference(square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard;

    /// The piece's plain attacks (by the slider families' reference), for the workloads.
    fn attacks(square: Square, occupied: Bitboard) -> Bitboard;
}

impl XrayPiece for Rook {
    const FAMILY: &'static str = "rook_xray_attacks";
    const SUMMARY: &'static str =
        "the squares a rook attacks through the blockers it is given, up to the next piece";
    const MOVERS: [Piece; 2] = [Piece::Rook, Piece::Queen];
    const STEPS: [(i32, i32); 4] = reference::ROOK_STEPS;

    fn descriptors() -> &'static [Descriptor; VARIANTS] {
        &ROOK_DESCRIPTORS
    }

    #[inline(always)]
    fn xray<X: XrayAttacks>(
        technique: X,
        square: Square,
        occupied: Bitboard,
        blockers: Bitboard,
    ) -> Bitboard {
        technique.rook_xray(square, occupied, blockers)
    }

    #[inline(always)]
    fn xray_batch<X: XrayAttacks>(technique: X, queries: &[XrayQuery], out: &mut [Bitboard]) {
        technique.rook_xray_batch(queries, out)
    }

    fn reference(square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        reference::rook_xray(square, occupied, blockers)
    }

    fn attacks(square: Square, occupied: Bitboard) -> Bitboard {
        sliders::reference::rook(square, occupied)
    }
}

impl XrayPiece for Bishop {
    const FAMILY: &'static str = "bishop_xray_attacks";
    const SUMMARY: &'static str =
        "the squares a bishop attacks through the blockers it is given, up to the next piece";
    const MOVERS: [Piece; 2] = [Piece::Bishop, Piece::Queen];
    const STEPS: [(i32, i32); 4] = reference::BISHOP_STEPS;

    fn descriptors() -> &'static [Descriptor; VARIANTS] {
        &BISHOP_DESCRIPTORS
    }

    #[inline(always)]
    fn xray<X: XrayAttacks>(
        technique: X,
        square: Square,
        occupied: Bitboard,
        blockers: Bitboard,
    ) -> Bitboard {
        technique.bishop_xray(square, occupied, blockers)
    }

    #[inline(always)]
    fn xray_batch<X: XrayAttacks>(technique: X, queries: &[XrayQuery], out: &mut [Bitboard]) {
        technique.bishop_xray_batch(queries, out)
    }

    fn reference(square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        reference::bishop_xray(square, occupied, blockers)
    }

    fn attacks(square: Square, occupied: Bitboard) -> Bitboard {
        sliders::reference::bishop(square, occupied)
    }
}

/// An x-ray family: the x-rays of piece `P`. See [`RookXrayFamily`] and [`BishopXrayFamily`].
#[derive(Clone, Copy, Debug)]
pub struct XrayFamily<P>(PhantomData<P>);

/// `rook_xray_attacks`: every [`XrayAttacks`] technique's `rook_xray`.
pub type RookXrayFamily = XrayFamily<Rook>;

/// `bishop_xray_attacks`: every [`XrayAttacks`] technique's `bishop_xray`.
pub type BishopXrayFamily = XrayFamily<Bishop>;

impl<X: XrayAttacks, P: XrayPiece> Kernel<XrayFamily<P>> for X {
    #[inline(always)]
    fn query(self, query: XrayQuery) -> Bitboard {
        P::xray(self, query.square, query.occupied, query.blockers)
    }

    #[inline(always)]
    fn batch(self, queries: &[XrayQuery], out: &mut [Bitboard]) {
        P::xray_batch(self, queries, out)
    }
}

/// The registry of both families: every technique.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum XrayVariant {
    ModifyOccupancyMagic,
    ModifyOccupancyBlackMagic,
    ModifyOccupancyPext,
    ModifyOccupancyClassical,
    ModifyOccupancyHyperbola,
    ModifyOccupancyObstructionDifference,
    ModifyOccupancyKoggeStone,
    ModifyOccupancyKoggeStoneAvx512Batch,
    ModifyOccupancyMagicGatherAvx512,
    LineConditionalObstructionDifference,
    LineConditionalKindergarten,
    OneLookup,
    DirectionFills,
}

/// How many variants each x-ray family has.
pub const VARIANTS: usize = 13;

impl XrayVariant {
    /// Every variant, in registry order.
    pub const ALL: [XrayVariant; VARIANTS] = {
        use XrayVariant::*;
        [
            ModifyOccupancyMagic,
            ModifyOccupancyBlackMagic,
            ModifyOccupancyPext,
            ModifyOccupancyClassical,
            ModifyOccupancyHyperbola,
            ModifyOccupancyObstructionDifference,
            ModifyOccupancyKoggeStone,
            ModifyOccupancyKoggeStoneAvx512Batch,
            ModifyOccupancyMagicGatherAvx512,
            LineConditionalObstructionDifference,
            LineConditionalKindergarten,
            OneLookup,
            DirectionFills,
        ]
    };
}

/// What the two families' descriptors of one technique share.
struct Technique {
    name: &'static str,
    summary: &'static str,
    source: Source,
    table_bytes: Footprint,
    requires: &'static [Feature],
}

const SEED: &str = "002_6293cd1af08cea25.txt";
const MODIFY_OCCUPANCY: Source = Source::Seed {
    file: SEED,
    section: "Modifying Occupancy (xrayRookAttacks, xrayBishopAttacks)",
};
const LINE_CONDITIONAL: Source = Source::Seed {
    file: SEED,
    section: "Modifying Occupancy (xrayFileAttacks, xrayRankAttacks, xrayDiagonalAttacks)",
};

/// Every technique, in [`XrayVariant`] order.
const TECHNIQUES: [Technique; VARIANTS] = [
    Technique {
        name: "modify_occupancy_magic",
        summary: "attack, remove the attacked blockers, attack again, XOR: fancy magic lookups",
        source: MODIFY_OCCUPANCY,
        table_bytes: magic::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "modify_occupancy_black_magic",
        summary: "attack, remove the attacked blockers, attack again, XOR: black magic lookups",
        source: MODIFY_OCCUPANCY,
        table_bytes: black_magic::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "modify_occupancy_pext",
        summary: "attack, remove the attacked blockers, attack again, XOR: BMI2 pext lookups",
        source: MODIFY_OCCUPANCY,
        table_bytes: sliders::tables::PEXT_TABLE_BYTES,
        requires: &[Feature::Bmi2],
    },
    Technique {
        name: "modify_occupancy_classical",
        summary: "attack, remove the attacked blockers, attack again, XOR: classical ray lookups",
        source: MODIFY_OCCUPANCY,
        table_bytes: classical::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "modify_occupancy_hyperbola",
        summary: "attack, remove the attacked blockers, attack again, XOR: hyperbola quintessence",
        source: MODIFY_OCCUPANCY,
        table_bytes: hyperbola::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "modify_occupancy_obstruction_difference",
        summary: "attack, remove the attacked blockers, attack again, XOR: obstruction difference",
        source: MODIFY_OCCUPANCY,
        table_bytes: obstruction_difference::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "modify_occupancy_kogge_stone",
        summary: "attack, remove the attacked blockers, attack again, XOR: Kogge-Stone fills",
        source: MODIFY_OCCUPANCY,
        table_bytes: Footprint::NONE,
        requires: &[],
    },
    Technique {
        name: "modify_occupancy_kogge_stone_avx512_batch",
        summary: "attack, remove the attacked blockers, attack again, XOR: two batch passes of Kogge-Stone, eight queries per __m512i",
        source: MODIFY_OCCUPANCY,
        table_bytes: Footprint::NONE,
        requires: &[Feature::Avx512f],
    },
    Technique {
        name: "modify_occupancy_magic_gather_avx512",
        summary: "attack, remove the attacked blockers, attack again, XOR: two batch passes of magic lookups, eight per gather",
        source: MODIFY_OCCUPANCY,
        table_bytes: magic::TABLE_BYTES,
        requires: &[Feature::Avx512f],
    },
    Technique {
        name: "line_conditional_obstruction_difference",
        summary: "per line, obstruction difference; a second lookup only if an inner blocker is attacked",
        source: LINE_CONDITIONAL,
        table_bytes: obstruction_difference::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "line_conditional_kindergarten",
        summary: "per line, kindergarten lookups; a second lookup only if an inner blocker is attacked",
        source: LINE_CONDITIONAL,
        table_bytes: kindergarten::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "one_lookup",
        summary: "per line one lookup, by a kindergarten index, of the first blockers and the x-rays behind them",
        source: Source::Seed {
            file: SEED,
            section: "X-rays with one Lookup",
        },
        table_bytes: one_lookup::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "direction_fills",
        summary: "per direction, a Kogge-Stone fill from the slider, then one from the blockers it hit",
        source: Source::Seed {
            file: SEED,
            section: "Multiple Sliders (xrayAttacks, one slider)",
        },
        table_bytes: Footprint::NONE,
        requires: &[],
    },
];

/// One family's descriptors: the techniques with the family's name and the piece's footprint.
const fn descriptors(family: &'static str, rook: bool) -> [Descriptor; VARIANTS] {
    let mut out = [Descriptor {
        family: "",
        name: "",
        summary: "",
        source: Source::New,
        table_bytes: 0,
        requires: &[],
    }; VARIANTS];
    let mut i = 0;
    while i < VARIANTS {
        let technique = &TECHNIQUES[i];
        out[i] = Descriptor {
            family,
            name: technique.name,
            summary: technique.summary,
            source: technique.source,
            table_bytes: if rook {
                technique.table_bytes.rook
            } else {
                technique.table_bytes.bishop
            },
            requires: technique.requires,
        };
        i += 1;
    }
    out
}

static ROOK_DESCRIPTORS: [Descriptor; VARIANTS] = descriptors(Rook::FAMILY, true);
static BISHOP_DESCRIPTORS: [Descriptor; VARIANTS] = descriptors(Bishop::FAMILY, false);

impl<P: XrayPiece> Family for XrayFamily<P> {
    const NAME: &'static str = P::FAMILY;
    const SUMMARY: &'static str = P::SUMMARY;
    type Input = XrayQuery;
    type Output = Bitboard;
    type Variant = XrayVariant;

    fn variants() -> &'static [XrayVariant] {
        &XrayVariant::ALL
    }

    fn descriptor(variant: XrayVariant) -> &'static Descriptor {
        &P::descriptors()[variant as usize]
    }

    fn visit<V: Visitor<Self>>(
        variant: XrayVariant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported> {
        use obstruction_difference::ObstructionDifference;
        use XrayVariant::*;
        Self::runnable(variant, cpu)?;
        Ok(match variant {
            ModifyOccupancyMagic => visitor.visit(ModifyOccupancy(magic::Magic)),
            ModifyOccupancyBlackMagic => visitor.visit(ModifyOccupancy(black_magic::BlackMagic)),
            ModifyOccupancyPext => on_arch!(
                "x86_64",
                Feature::Bmi2,
                visitor.visit(super::pext::ModifyOccupancyPext::new(cpu.bmi2()?))
            ),
            ModifyOccupancyClassical => visitor.visit(ModifyOccupancy(classical::Classical)),
            ModifyOccupancyHyperbola => visitor.visit(ModifyOccupancy(hyperbola::Hyperbola)),
            ModifyOccupancyObstructionDifference => {
                visitor.visit(ModifyOccupancy(ObstructionDifference))
            }
            ModifyOccupancyKoggeStone => visitor.visit(ModifyOccupancy(kogge_stone::KoggeStone)),
            ModifyOccupancyKoggeStoneAvx512Batch => on_arch!(
                "x86_64",
                Feature::Avx512f,
                visitor.visit(super::modify_occupancy::TwoPasses(
                    sliders::avx512::kogge_stone_batch::KoggeStoneAvx512Batch::new(cpu.avx512()?)
                ))
            ),
            ModifyOccupancyMagicGatherAvx512 => on_arch!(
                "x86_64",
                Feature::Avx512f,
                visitor.visit(super::modify_occupancy::TwoPasses(
                    sliders::avx512::magic_gather::MagicGatherAvx512::new(cpu.avx512()?)
                ))
            ),
            LineConditionalObstructionDifference => {
                visitor.visit(LineConditional(ObstructionDifference))
            }
            LineConditionalKindergarten => {
                visitor.visit(LineConditional(kindergarten::Kindergarten))
            }
            OneLookup => visitor.visit(one_lookup::OneLookup),
            DirectionFills => visitor.visit(direction_fills::DirectionFills),
        })
    }

    fn reference(query: XrayQuery) -> Bitboard {
        P::reference(query.square, query.occupied, query.blockers)
    }

    #[inline(always)]
    fn echo(query: XrayQuery) -> Bitboard {
        query.occupied ^ query.blockers ^ Bitboard(query.square as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry_is_consistent_for<P: XrayPiece>() {
        let variants = XrayFamily::<P>::variants();
        assert_eq!(variants.len(), TECHNIQUES.len());
        for (i, &variant) in variants.iter().enumerate() {
            assert_eq!(variant as usize, i, "registry order matches the enum");
            let descriptor = XrayFamily::<P>::descriptor(variant);
            assert_eq!(descriptor.family, P::FAMILY);
            assert_eq!(XrayFamily::<P>::find(descriptor.name), Some(variant));
        }
    }

    #[test]
    fn registry_is_consistent() {
        registry_is_consistent_for::<Rook>();
        registry_is_consistent_for::<Bishop>();
        assert_eq!(RookXrayFamily::NAME, "rook_xray_attacks");
        assert_eq!(BishopXrayFamily::NAME, "bishop_xray_attacks");
    }

    fn every_variant_agrees<P: XrayPiece>() {
        let ran = crate::testing::all_variants_agree::<XrayFamily<P>>();
        assert!(ran.len() >= 8, "eight portable variants: {ran:?}");
        let has = |f: Feature| f.arch() == std::env::consts::ARCH && f.is_detected();
        assert_eq!(ran.contains(&"modify_occupancy_pext"), has(Feature::Bmi2));
        for avx512 in [
            "modify_occupancy_kogge_stone_avx512_batch",
            "modify_occupancy_magic_gather_avx512",
        ] {
            assert_eq!(ran.contains(&avx512), has(Feature::Avx512f), "{avx512}");
        }
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
        let mut rng = crate::inputs::rng(5, "queen");
        for _ in 0..10_000 {
            let square = crate::inputs::square(&mut rng);
            let occupied = crate::inputs::occupancy(&mut rng);
            let blockers = crate::inputs::occupancy(&mut rng) | occupied;
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
        crate::family_tests::print_timings::<RookXrayFamily>();
        crate::family_tests::print_timings::<BishopXrayFamily>();
    }
}
