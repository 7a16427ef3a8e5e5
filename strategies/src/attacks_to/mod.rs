//! Attacks to a square: every piece, of either colour, that attacks a given square of a
//! position.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § Attacks to a Square, By all
//! Pieces. Typical uses: the checkers of a king, static exchange evaluation (the attackers and
//! defenders of a piece), king safety.
//!
//! The seed's super-piece is one routine around two slider lookups, so the family measures it
//! once per slider technique: `super_piece_<technique>` is [`SuperPiece<S>`](SuperPiece) with
//! the technique of the slider families' variant `<technique>` (the record's chart of this
//! family is the cost of attacks to a square by slider technique). Every slider variant with a
//! single-query form is here; left out are `kogge_stone_avx512_batch` and
//! `magic_gather_avx512`, which pay only across eight queries, and the two peer crates' lookups
//! (`chess`, `cozy_chess`), which are not ours to build a routine on. `hyatt_early_out` skips
//! a slider lookup when no slider of that kind is on the square's lines.
//!
//! | variant | table | technique |
//! |---|---:|---|
//! | `super_piece_<technique>` | 2 KiB + the technique's | [`super_piece`], one per [`Slider`](crate::sliders::Slider) technique |
//! | [`hyatt_early_out`] | 3 KiB + magic's | the super-piece with magic, slider lookups skipped when no slider is on the lines |
//!
//! The leaper tables and the line tables are the board geometry's ([`crate::geometry`]); the
//! hand-made edge-case positions the position families all verify on are in [`crate::position::edge_positions`].

pub mod hyatt_early_out;
pub mod reference;
pub mod super_piece;
pub mod workloads;

pub use super_piece::SuperPiece;

use crate::cpu::{Cpu, Feature, Unsupported};
use crate::family::{Descriptor, Family, Kernel, Source, Visitor};
use crate::geometry::{self, Footprint};
use crate::on_arch;
use crate::position::Position;
use crate::sliders::{
    black_magic, classical, dumb7fill, hyperbola, kindergarten, kogge_stone, magic,
    obstruction_difference,
};
use crate::{Bitboard, Square};
use core::fmt;

/// The attacks-to family.
///
/// # Semantics (every variant, every edge case)
/// `attackers(position, square)` is the set of squares of every piece, **of either colour**,
/// that attacks `square` in `position`, with the position's occupancy:
/// - a pawn attacks the two squares diagonally in front of it, as seen from its own side (a
///   white pawn on d4 attacks c5 and e5), never the square ahead;
/// - knights and kings attack their usual steps;
/// - a rook, bishop or queen attacks along its lines up to and including the first occupied
///   square, so a piece behind another on the same line (an x-ray) is **not** an attacker;
/// - what stands on `square` plays no part: it may be empty, or hold a piece of either colour
///   (which is then among neither its own attackers nor anyone's blockers beyond it, since
///   every line stops at the first occupied square from `square` outwards);
/// - side to move, castling rights and the en-passant square play no part (the pawn that may
///   be captured en passant is not "attacked" on its square).
///
/// The answer is empty when nothing attacks the square (a lone king's square, say).
pub trait AttacksTo: Copy {
    /// Every attacker of `square`, both colours (see the trait's semantics).
    fn attackers(self, position: &Position, square: Square) -> Bitboard;

    /// `out[i] = attackers(&queries[i].position, queries[i].square)`; any length.
    ///
    /// # Panics
    /// If `queries` and `out` differ in length.
    #[inline(always)]
    fn attackers_batch(self, queries: &[SquareQuery], out: &mut [Bitboard]) {
        assert_eq!(queries.len(), out.len(), "batch slices differ in length");
        for (out, query) in out.iter_mut().zip(queries) {
            *out = self.attackers(&query.position, query.square);
        }
    }
}

/// One query: a position and a square of it. Passed by value (80 bytes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SquareQuery {
    pub position: Position,
    pub square: Square,
}

impl SquareQuery {
    pub const fn new(position: Position, square: Square) -> SquareQuery {
        SquareQuery { position, square }
    }
}

/// `<FEN>, square e4`.
impl fmt::Display for SquareQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, square {}", self.position, self.square)
    }
}

/// Marker type for the attacks-to family, as the harness sees it.
#[derive(Clone, Copy, Debug)]
pub struct AttacksToFamily;

impl<T: AttacksTo> Kernel<AttacksToFamily> for T {
    #[inline(always)]
    fn query(self, query: SquareQuery) -> Bitboard {
        self.attackers(&query.position, query.square)
    }

    #[inline(always)]
    fn batch(self, queries: &[SquareQuery], out: &mut [Bitboard]) {
        self.attackers_batch(queries, out)
    }
}

/// The registry: the super-piece with every slider technique, then Hyatt's early out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttacksToVariant {
    SuperPieceClassical,
    SuperPieceDumb7Fill,
    SuperPieceKoggeStone,
    SuperPieceHyperbola,
    SuperPieceObstructionDifference,
    SuperPieceKindergarten,
    SuperPieceMagic,
    SuperPieceBlackMagic,
    SuperPiecePext,
    SuperPieceKoggeStoneAvx2,
    SuperPieceKoggeStoneAvx512,
    SuperPieceHyperbolaGfni,
    HyattEarlyOut,
}

/// How many variants the family has.
pub const VARIANTS: usize = 13;

impl AttacksToVariant {
    /// Every variant, in registry order.
    pub const ALL: [AttacksToVariant; VARIANTS] = {
        use AttacksToVariant::*;
        [
            SuperPieceClassical,
            SuperPieceDumb7Fill,
            SuperPieceKoggeStone,
            SuperPieceHyperbola,
            SuperPieceObstructionDifference,
            SuperPieceKindergarten,
            SuperPieceMagic,
            SuperPieceBlackMagic,
            SuperPiecePext,
            SuperPieceKoggeStoneAvx2,
            SuperPieceKoggeStoneAvx512,
            SuperPieceHyperbolaGfni,
            HyattEarlyOut,
        ]
    };
}

const SEED: &str = "000_25ad13ed25e2ec35.txt";
const SECTION: &str = "Attacks to a Square, By all Pieces";

/// Bytes a slider technique reads for both pieces: the sum of its rook and bishop tables, or
/// one of them where the two pieces share one table.
const fn slider_bytes(footprint: Footprint, shared: bool) -> usize {
    match shared {
        true => footprint.rook,
        false => footprint.rook + footprint.bishop,
    }
}

/// The descriptor of `super_piece_<technique>`.
const fn super_piece(
    name: &'static str,
    summary: &'static str,
    slider: usize,
    requires: &'static [Feature],
) -> Descriptor {
    Descriptor {
        family: AttacksToFamily::NAME,
        name,
        summary,
        source: Source::Seed {
            file: SEED,
            section: SECTION,
        },
        table_bytes: geometry::leapers::LEAPER_BYTES + slider,
        requires,
    }
}

/// The pext tables' size, stated the same on every architecture (the variant runs only on
/// x86-64, but `list` describes it everywhere).
const PEXT_BYTES: usize = slider_bytes(crate::sliders::tables::PEXT_TABLE_BYTES, false);

static DESCRIPTORS: [Descriptor; VARIANTS] = [
    super_piece(
        "super_piece_classical",
        "super-piece: leaper tables, rook and bishop attacks by classical ray scans",
        slider_bytes(classical::TABLE_BYTES, false),
        &[],
    ),
    super_piece(
        "super_piece_dumb7fill",
        "super-piece: leaper tables, rook and bishop attacks by dumb7fill",
        slider_bytes(Footprint::NONE, false),
        &[],
    ),
    super_piece(
        "super_piece_kogge_stone",
        "super-piece: leaper tables, rook and bishop attacks by Kogge-Stone fills",
        slider_bytes(Footprint::NONE, false),
        &[],
    ),
    super_piece(
        "super_piece_hyperbola",
        "super-piece: leaper tables, rook and bishop attacks by hyperbola quintessence",
        slider_bytes(hyperbola::TABLE_BYTES, false),
        &[],
    ),
    super_piece(
        "super_piece_obstruction_difference",
        "super-piece: leaper tables, rook and bishop attacks by obstruction difference",
        slider_bytes(obstruction_difference::TABLE_BYTES, false),
        &[],
    ),
    super_piece(
        "super_piece_kindergarten",
        "super-piece: leaper tables, rook and bishop attacks by kindergarten bitboards",
        slider_bytes(kindergarten::TABLE_BYTES, false),
        &[],
    ),
    super_piece(
        "super_piece_magic",
        "super-piece: leaper tables, rook and bishop attacks by fancy magic",
        slider_bytes(magic::TABLE_BYTES, false),
        &[],
    ),
    super_piece(
        "super_piece_black_magic",
        "super-piece: leaper tables, rook and bishop attacks by black magic (one shared table)",
        slider_bytes(black_magic::TABLE_BYTES, true),
        &[],
    ),
    super_piece(
        "super_piece_pext",
        "super-piece: leaper tables, rook and bishop attacks by BMI2 pext, the query compiled with BMI2",
        PEXT_BYTES,
        &[Feature::Bmi2],
    ),
    super_piece(
        "super_piece_kogge_stone_avx2",
        "super-piece: leaper tables, rook and bishop attacks by Kogge-Stone in one __m256i each",
        slider_bytes(Footprint::NONE, false),
        &[Feature::Avx2],
    ),
    super_piece(
        "super_piece_kogge_stone_avx512",
        "super-piece: leaper tables, rook and bishop attacks by Kogge-Stone in one __m512i each",
        slider_bytes(Footprint::NONE, false),
        &[Feature::Avx512f],
    ),
    super_piece(
        "super_piece_hyperbola_gfni",
        "super-piece: leaper tables, rook and bishop attacks by hyperbola with GFNI bit reversal",
        slider_bytes(hyperbola::GFNI_TABLE_BYTES, false),
        &[Feature::Gfni],
    ),
    Descriptor {
        family: AttacksToFamily::NAME,
        name: "hyatt_early_out",
        summary: "super-piece with magic; a slider lookup only if a slider of its kind is on the square's lines",
        source: Source::Seed {
            file: SEED,
            section: "Attacks to a Square, By all Pieces (Robert Hyatt's check)",
        },
        table_bytes: geometry::leapers::LEAPER_BYTES
            + 2 * geometry::lines::LINES_BYTES
            + slider_bytes(magic::TABLE_BYTES, false),
        requires: &[],
    },
];

impl Family for AttacksToFamily {
    const NAME: &'static str = "attacks_to";
    const SUMMARY: &'static str =
        "every attacker of a square of a position, both colours (the super-piece, by slider technique)";
    type Input = SquareQuery;
    type Output = Bitboard;
    type Variant = AttacksToVariant;

    fn variants() -> &'static [AttacksToVariant] {
        &AttacksToVariant::ALL
    }

    fn descriptor(variant: AttacksToVariant) -> &'static Descriptor {
        &DESCRIPTORS[variant as usize]
    }

    fn visit<V: Visitor<Self>>(
        variant: AttacksToVariant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported> {
        use AttacksToVariant::*;
        Self::runnable(variant, cpu)?;
        Ok(match variant {
            SuperPieceClassical => visitor.visit(SuperPiece(classical::Classical)),
            SuperPieceDumb7Fill => visitor.visit(SuperPiece(dumb7fill::Dumb7Fill)),
            SuperPieceKoggeStone => visitor.visit(SuperPiece(kogge_stone::KoggeStone)),
            SuperPieceHyperbola => visitor.visit(SuperPiece(hyperbola::Hyperbola)),
            SuperPieceObstructionDifference => {
                visitor.visit(SuperPiece(obstruction_difference::ObstructionDifference))
            }
            SuperPieceKindergarten => visitor.visit(SuperPiece(kindergarten::Kindergarten)),
            SuperPieceMagic => visitor.visit(SuperPiece(magic::Magic)),
            SuperPieceBlackMagic => visitor.visit(SuperPiece(black_magic::BlackMagic)),
            SuperPiecePext => on_arch!(
                "x86_64",
                Feature::Bmi2,
                visitor.visit(SuperPiece(crate::sliders::pext::Pext::new(cpu.bmi2()?)))
            ),
            SuperPieceKoggeStoneAvx2 => on_arch!(
                "x86_64",
                Feature::Avx2,
                visitor.visit(SuperPiece(
                    crate::sliders::avx2::kogge_stone::KoggeStoneAvx2::new(cpu.avx2()?)
                ))
            ),
            SuperPieceKoggeStoneAvx512 => on_arch!(
                "x86_64",
                Feature::Avx512f,
                visitor.visit(SuperPiece(
                    crate::sliders::avx512::kogge_stone::KoggeStoneAvx512::new(cpu.avx512()?)
                ))
            ),
            SuperPieceHyperbolaGfni => on_arch!(
                "x86_64",
                Feature::Gfni,
                visitor.visit(SuperPiece(
                    crate::sliders::gfni::hyperbola::HyperbolaGfni::new(cpu.gfni()?)
                ))
            ),
            HyattEarlyOut => visitor.visit(hyatt_early_out::HyattEarlyOut),
        })
    }

    fn reference(query: SquareQuery) -> Bitboard {
        reference::attackers(&query.position, query.square)
    }

    #[inline(always)]
    fn echo(query: SquareQuery) -> Bitboard {
        Bitboard(query.position.occupied().0 ^ query.square as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliders::RookAttacksFamily;

    #[test]
    fn registry_is_consistent() {
        let variants = AttacksToFamily::variants();
        assert_eq!(variants.len(), DESCRIPTORS.len());
        for (i, &variant) in variants.iter().enumerate() {
            assert_eq!(variant as usize, i, "registry order matches the enum");
            let descriptor = AttacksToFamily::descriptor(variant);
            assert_eq!(AttacksToFamily::find(descriptor.name), Some(variant));
        }
    }

    /// A chart reads the slider technique from the variant's name: every `super_piece_<name>`
    /// names a variant of `rook_attacks`, and needs the same CPU features.
    #[test]
    fn super_piece_variants_are_named_after_slider_variants() {
        let mut count = 0;
        for &variant in AttacksToFamily::variants() {
            let name = AttacksToFamily::descriptor(variant).name;
            let Some(slider) = name.strip_prefix("super_piece_") else {
                continue;
            };
            let rook = RookAttacksFamily::find(slider)
                .unwrap_or_else(|| panic!("no rook_attacks variant {slider}"));
            assert_eq!(
                RookAttacksFamily::descriptor(rook).requires,
                AttacksToFamily::descriptor(variant).requires,
                "{slider}"
            );
            count += 1;
        }
        assert_eq!(count, VARIANTS - 1);
    }

    /// Every variant against the reference on every verification input (see
    /// `testing::all_variants_agree`); a SIMD or BMI2 variant runs exactly where its feature is.
    #[test]
    fn every_variant_agrees_with_the_reference() {
        let ran = crate::testing::all_variants_agree::<AttacksToFamily>();
        for &variant in AttacksToFamily::variants() {
            let descriptor = AttacksToFamily::descriptor(variant);
            let here = descriptor.requires.iter().all(|f| f.is_detected());
            let here = here && AttacksToFamily::runnable(variant, &Cpu::detect()).is_ok();
            assert_eq!(ran.contains(&descriptor.name), here, "{}", descriptor.name);
        }
    }

    /// Rough timings for a developer's eyes: `cargo test --release -p strategies --
    /// --ignored --nocapture attacks_to::tests::timings`.
    #[test]
    #[ignore]
    fn timings() {
        crate::family_tests::print_timings::<AttacksToFamily>();
    }
}
