//! The legality test of a move from elsewhere: is a hash move (from the transposition table)
//! or a killer move (from a sibling node) pseudo-legal in this position, so that a search can
//! try it before, or instead of, generating every move?
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § Legality Test ("In
//! cut-nodes one may save the complete move-generation by one legality test") and § In
//! Between: the distant moves of sliders, the double push and castling are tested for an
//! obstructed square between from and to. The piece's reach is tested by an
//! `attacked_by_piece` technique ([`AttackedByPiece`](crate::families::attacked_by_piece::AttackedByPiece)),
//! so the seed's three answers to "can this piece get there?" are each a variant; the baseline
//! the seed names is generating every move and searching the list.
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only legality_test` prints them.
//!
//! Every variant's footprint includes the castling test's tables: the castling test asks
//! whether the king's three squares are attacked (`attacked`'s `early_return`, magic sliders:
//! 2 KiB + magic's 852 KiB), but only for a castling move.

pub mod by_piece;
pub mod generate_and_search;
pub mod movegen;
#[cfg(feature = "bench")]
pub mod reference;
#[cfg(feature = "bench")]
pub mod workloads;

use crate::board::geometry;
use crate::board::geometry::lines::BETWEEN_BYTES;
use crate::board::position::{Move, Position};
use crate::families::attacked_by_piece::{in_between_line, switch_attacks, x88_piece_table};
use crate::families::sliders::magic;
use crate::framework::family::Source;
use by_piece::ByPiece;
use core::fmt;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "000_25ad13ed25e2ec35.txt";

/// The legality-test family.
///
/// # Semantics (every variant, every edge case)
/// `is_pseudo_legal(position, mv)` is true exactly when `mv` is one of
/// `reference::pseudo_legal_moves``(position)`:
/// a move the side to move's pieces can make by their movement rules, **whether or not it
/// leaves the mover's own king attacked**. In detail:
/// - `from` holds a piece of the side to move, and `to` does not (so `from == to` is false);
///   `to` may hold an enemy piece (never the enemy king, which the side to move cannot attack
///   in a valid position);
/// - a knight or a king steps to one of its squares; a bishop, rook or queen moves along one
///   of its lines with every square strictly between empty;
/// - a pawn moves one square forward to an empty square, two squares forward from its
///   starting rank with both squares empty, or one square diagonally forward onto an enemy
///   piece or onto the en-passant square (a capture en passant that exposes the king along
///   the rank is pseudo-legal);
/// - a pawn move to the last rank carries a promotion to a knight, bishop, rook or queen; any
///   other move carries none (a promotion to a pawn or a king, a non-pawn move with a
///   promotion, and a promoting pawn move without one are all false);
/// - castling is the king's move from e1 to g1 or c1 (e8 to g8 or c8), true only when fully
///   legal: the right is held, the squares between king and rook are empty, and the king is
///   not in check and neither crosses nor lands on an attacked square (a b1 or b8 under attack
///   does not matter). This is the one place where attacks count, as in most engines'
///   pseudo-legal generators.
///
/// The test is about the move alone: any `Move` value may come in, including ones no
/// position could have produced (two far squares, a knight's move of a rook).
pub trait LegalityTest: Copy {
    /// Whether `mv` is pseudo-legal in `position` (see the trait's semantics).
    fn is_pseudo_legal(self, position: &Position, mv: Move) -> bool;

    crate::framework::family::scalar_batch!(
        fn is_pseudo_legal_batch(self, queries: &[MoveQuery], out: &mut [bool])
            = |query| self.is_pseudo_legal(&query.position, query.mv)
    );
}

/// One query: a position and a move to test in it. Passed by value (80 bytes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveQuery {
    pub position: Position,
    pub mv: Move,
}

impl MoveQuery {
    pub const fn new(position: Position, mv: Move) -> MoveQuery {
        MoveQuery { position, mv }
    }
}

/// `<FEN>, move e2e4`.
impl fmt::Display for MoveQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, move {}", self.position, self.mv)
    }
}

/// Magic's tables and the leaper tables: the castling test's (and the generator's and the
/// switch's) footprint.
const MAGIC_BYTES: usize =
    geometry::leapers::LEAPER_BYTES + magic::TABLE_BYTES.rook + magic::TABLE_BYTES.bishop;

crate::framework::family::table::family! {
    /// Marker type for the legality-test family, as the harness sees it.
    pub struct LegalityTestFamily {
        name: "legality_test",
        summary:
            "whether a move from elsewhere (hash or killer move) is pseudo-legal in a position",
        query: MoveQuery => bool,
        reference: |query| reference::is_pseudo_legal(&query.position, query.mv),
        echo: |query| query
            .position
            .colour(query.position.side_to_move())
            .contains(query.mv.from),
    }

    /// The registry: every legality-test variant.
    pub enum LegalityTestVariant {
        InBetweenObstruction {
            name: "in_between_obstruction",
            summary: "the seed's test: the piece's empty-board reach, the in-between set against the occupancy; pawns and castling by rule",
            kernel: ByPiece(in_between_line::InBetweenLine),
            source: Source::seed(SEED, "Legality Test, In Between"),
            footprint: in_between_line::REACH_BYTES + BETWEEN_BYTES + MAGIC_BYTES,
        },
        X88PieceTable {
            name: "x88_piece_table",
            summary: "the piece's reach and obstruction by the 0x88 x piece table; pawns and castling by rule",
            kernel: ByPiece(x88_piece_table::X88PieceTable),
            source: Source::seed(SEED, "Legality Test, Attacked by Piece on Square"),
            footprint: x88_piece_table::TABLE_BYTES + MAGIC_BYTES,
        },
        SwitchAttacks {
            name: "switch_attacks",
            summary: "switch on the piece kind, its attack getter from `from` (magic); pawns and castling by rule",
            kernel: ByPiece(switch_attacks::SwitchAttacks),
            source: Source::seed(SEED, "Legality Test, In Between (switch on piece-type)"),
            footprint: MAGIC_BYTES,
        },
        GenerateAndSearch {
            name: "generate_and_search",
            summary: "every pseudo-legal move into a list (bitboards, magic sliders), then a linear search",
            kernel: generate_and_search::GenerateAndSearch,
            source: Source::seed(SEED, "Legality Test (the complete move generation it saves)"),
            footprint: MAGIC_BYTES,
        },
    }

    // Every technique is a kernel: a query calls `is_pseudo_legal`, a batch `is_pseudo_legal_batch`.
    impl<T: LegalityTest> Kernel for T {
        query(query) => is_pseudo_legal(&query.position, query.mv),
        batch => is_pseudo_legal_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(LegalityTestFamily);
}
