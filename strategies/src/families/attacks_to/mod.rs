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
//! single-query form is here; left out are `kogge_stone_avx512_batch`, which pays only
//! across eight queries, and the two peer crates' lookups
//! (`chess`, `cozy_chess`), which are not ours to build a routine on. `hyatt_early_out` skips
//! a slider lookup when no slider of that kind is on the square's lines.
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only attacks_to` prints them.
//!
//! The leaper tables and the line tables are the board geometry's ([`crate::board::geometry`]); the
//! hand-made edge-case positions the position families all verify on are in `crate::bench::edge_positions`.

pub mod hyatt_early_out;
#[cfg(feature = "bench")]
pub mod reference;
pub mod super_piece;
#[cfg(feature = "bench")]
pub mod workloads;

pub use super_piece::SuperPiece;

use crate::board::geometry::leapers::LEAPER_BYTES;
use crate::board::geometry::lines::LINES_BYTES;
use crate::board::geometry::Footprint;
use crate::board::position::Position;
use crate::families::sliders::{
    black_magic, classical, dumb7fill, hyperbola, kindergarten, kogge_stone, magic,
    obstruction_difference,
};
use crate::framework::family::Source;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::fmt;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "000_25ad13ed25e2ec35.txt";

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

    crate::framework::family::scalar_batch!(
        fn attackers_batch(self, queries: &[SquareQuery], out: &mut [Bitboard])
            = |query| self.attackers(&query.position, query.square)
    );
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

const SUPER_PIECE: Source = Source::seed(SEED, "Attacks to a Square, By all Pieces");

/// The pext tables' size, stated the same on every architecture (the variant runs only on
/// x86-64, but `list` describes it everywhere).
const PEXT_TABLE_BYTES: Footprint = crate::families::sliders::support::tables::PEXT_TABLE_BYTES;

crate::framework::family::table::family! {
    /// Marker type for the attacks-to family, as the harness sees it.
    pub struct AttacksToFamily {
        name: "attacks_to",
        summary:
            "every attacker of a square of a position, both colours (the super-piece, by slider technique)",
        query: SquareQuery => Bitboard,
        reference: |query| reference::attackers(&query.position, query.square),
        echo: |query| Bitboard(query.position.occupied().0 ^ query.square as u64),
    }

    /// The registry: the super-piece with every slider technique, then Hyatt's early out. A
    /// super-piece's footprint is the leaper tables and its slider technique's tables for both
    /// pieces (one of them where the two share a table).
    pub enum AttacksToVariant: AttackersUser(AttacksTo) {
        SuperPieceClassical {
            name: "super_piece_classical",
            summary: "super-piece: leaper tables, rook and bishop attacks by classical ray scans",
            kernel: SuperPiece(classical::Classical),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + classical::TABLE_BYTES.both(false),
        },
        SuperPieceDumb7Fill {
            name: "super_piece_dumb7fill",
            summary: "super-piece: leaper tables, rook and bishop attacks by dumb7fill",
            kernel: SuperPiece(dumb7fill::Dumb7Fill),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + Footprint::NONE.both(false),
        },
        SuperPieceKoggeStone {
            name: "super_piece_kogge_stone",
            summary: "super-piece: leaper tables, rook and bishop attacks by Kogge-Stone fills",
            kernel: SuperPiece(kogge_stone::KoggeStone),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + Footprint::NONE.both(false),
        },
        SuperPieceHyperbola {
            name: "super_piece_hyperbola",
            summary: "super-piece: leaper tables, rook and bishop attacks by hyperbola quintessence",
            kernel: SuperPiece(hyperbola::Hyperbola),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + hyperbola::TABLE_BYTES.both(false),
        },
        SuperPieceObstructionDifference {
            name: "super_piece_obstruction_difference",
            summary: "super-piece: leaper tables, rook and bishop attacks by obstruction difference",
            kernel: SuperPiece(obstruction_difference::ObstructionDifference),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + obstruction_difference::TABLE_BYTES.both(false),
        },
        SuperPieceKindergarten {
            name: "super_piece_kindergarten",
            summary: "super-piece: leaper tables, rook and bishop attacks by kindergarten bitboards",
            kernel: SuperPiece(kindergarten::Kindergarten),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + kindergarten::TABLE_BYTES.both(false),
        },
        SuperPieceMagic {
            name: "super_piece_magic",
            summary: "super-piece: leaper tables, rook and bishop attacks by fancy magic",
            kernel: SuperPiece(magic::Magic),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + magic::TABLE_BYTES.both(false),
        },
        SuperPieceBlackMagic {
            name: "super_piece_black_magic",
            summary: "super-piece: leaper tables, rook and bishop attacks by black magic (one shared table)",
            kernel: SuperPiece(black_magic::BlackMagic),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + black_magic::TABLE_BYTES.both(true),
        },
        SuperPiecePext {
            name: "super_piece_pext",
            summary: "super-piece: leaper tables, rook and bishop attacks by BMI2 pext, the query compiled with BMI2",
            needs: bmi2,
            kernel: SuperPiece(crate::families::sliders::pext::Pext::new(bmi2)),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + PEXT_TABLE_BYTES.both(false),
        },
        SuperPiecePlainMagic {
            name: "super_piece_plain_magic",
            summary: "super-piece: leaper tables, rook and bishop attacks by plain magic",
            kernel: SuperPiece(crate::families::sliders::plain_magic::PlainMagic),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + crate::families::sliders::plain_magic::TABLE_BYTES.both(false),
        },
        SuperPieceSplitPext {
            name: "super_piece_split_pext",
            summary: "super-piece: leaper tables, rook and bishop attacks by split PEXT, the query compiled with BMI2",
            needs: bmi2,
            kernel: SuperPiece(crate::families::sliders::split_pext::SplitPext::new(bmi2)),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + crate::families::sliders::support::tables::SPLIT_PEXT_TABLE_BYTES.both(false),
        },
        SuperPieceKoggeStoneAvx2 {
            name: "super_piece_kogge_stone_avx2",
            summary: "super-piece: leaper tables, rook and bishop attacks by Kogge-Stone, the four directions of each sign in one __m256i",
            needs: avx2,
            kernel: SuperPiece(crate::families::sliders::avx2::kogge_stone::KoggeStoneAvx2::new(avx2)),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + Footprint::NONE.both(false),
        },
        SuperPieceKoggeStoneAvx512 {
            name: "super_piece_kogge_stone_avx512",
            summary: "super-piece: leaper tables, rook and bishop attacks by one Kogge-Stone fill of their eight directions in one __m512i",
            needs: avx512,
            kernel: SuperPiece(crate::families::sliders::avx512::kogge_stone::KoggeStoneAvx512::new(avx512)),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + Footprint::NONE.both(false),
        },
        SuperPieceHyperbolaGfni {
            name: "super_piece_hyperbola_gfni",
            summary: "super-piece: leaper tables, rook and bishop attacks by hyperbola with GFNI bit reversal",
            needs: gfni,
            kernel: SuperPiece(crate::families::sliders::gfni::hyperbola::HyperbolaGfni::new(gfni)),
            source: SUPER_PIECE,
            footprint: LEAPER_BYTES + hyperbola::GFNI_TABLE_BYTES.both(false),
        },
        HyattEarlyOut {
            name: "hyatt_early_out",
            summary: "super-piece with magic; a slider lookup only if a slider of its kind is on the square's lines",
            kernel: hyatt_early_out::HyattEarlyOut,
            source: Source::seed(SEED, "Attacks to a Square, By all Pieces (Robert Hyatt's check)"),
            footprint: LEAPER_BYTES + 2 * LINES_BYTES + magic::TABLE_BYTES.both(false),
        },
    }

    // Every technique is a kernel: a query calls `attackers`, a batch `attackers_batch`.
    impl<T: AttacksTo> Kernel for T {
        query(query) => attackers(&query.position, query.square),
        batch => attackers_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sliders::RookAttacksFamily;
    use crate::framework::family::Family;

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
        assert_eq!(count, AttacksToVariant::ALL.len() - 1);
    }

    crate::bench::testing::family_tests!(AttacksToFamily);
}
