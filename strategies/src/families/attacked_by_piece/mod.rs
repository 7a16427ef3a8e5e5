//! Attacked by a piece: whether one given piece on one square attacks another square, given
//! the occupancy. Typical uses: the direct check of a move (does the moved piece attack the
//! enemy king from its target square?), and the legality test of a hash or killer move.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § Attacked by Piece on Square
//! (the 0x88-difference × piece table) and § In Between (the switch on the piece kind, and
//! the in-between obstruction it is weighed against). Seed `003_d2eaa903979c88fb.txt`
//! (Checks and Pinned Pieces), § Direct Check, calls it with the king's square as `to`.
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only attacked_by_piece` prints them.

pub mod in_between_line;
#[cfg(feature = "bench")]
pub mod reference;
pub mod switch_attacks;
#[cfg(feature = "bench")]
pub mod workloads;
pub mod x88_piece_table;

use crate::board::geometry;
use crate::board::geometry::lines::BETWEEN_BYTES;
use crate::board::position::{Colour, Piece};
use crate::families::sliders::magic;
use crate::framework::family::Source;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::fmt;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "000_25ad13ed25e2ec35.txt";

/// The attacked-by-piece family.
///
/// # Semantics (every variant, every edge case)
/// `attacks(PieceQuery { from, to, piece, colour, occupied })` is true when a `colour` `piece` on
/// `from` attacks `to` on a board whose occupied squares are `occupied`:
/// - a pawn attacks the two squares diagonally in front of it as seen from its `colour` (a
///   white pawn on d4 attacks c5 and e5, a black one c3 and e3), never the square ahead; a pawn
///   on its last rank attacks nothing past the board's edge, like any piece;
/// - a knight or a king attacks its usual steps, whatever the occupancy;
/// - a bishop, rook or queen attacks `to` when `to` lies on one of its lines from `from` and
///   no square strictly between the two is occupied;
/// - `colour` matters only for pawns;
/// - whether `from` and `to` themselves are in `occupied` plays no part: the piece is taken to
///   stand on `from` (the caller need not have put it there), and `to` may be empty or hold
///   anything;
/// - `from == to` is false: a piece never attacks its own square.
pub trait AttackedByPiece: Copy {
    /// Whether the piece on `from` attacks `to` (see the trait's semantics).
    fn attacks(self, query: PieceQuery) -> bool;

    crate::framework::family::scalar_batch!(
        fn attacks_batch(self, queries: &[PieceQuery], out: &mut [bool])
            = |&query| self.attacks(query)
    );
}

/// One query: a `colour` `piece` on `from`, the square `to`, the occupied squares. 16 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PieceQuery {
    pub from: Square,
    pub to: Square,
    pub piece: Piece,
    pub colour: Colour,
    pub occupied: Bitboard,
}

impl PieceQuery {
    /// The query's fields as a tuple: `(from, to, piece, colour, occupied)`.
    #[inline(always)]
    pub const fn parts(self) -> (Square, Square, Piece, Colour, Bitboard) {
        (self.from, self.to, self.piece, self.colour, self.occupied)
    }

    pub const fn new(
        from: Square,
        to: Square,
        piece: Piece,
        colour: Colour,
        occupied: Bitboard,
    ) -> PieceQuery {
        PieceQuery {
            from,
            to,
            piece,
            colour,
            occupied,
        }
    }
}

/// `white Knight on b1 attacks c3? occupied:`, then the occupancy as a diagram.
impl fmt::Display for PieceQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {:?} on {} attacks {}? occupied:\n{}",
            self.colour, self.piece, self.from, self.to, self.occupied
        )
    }
}

/// The seed's piece code, 0..=6: black pawn, white pawn, knight, bishop, rook, queen, king
/// (the piece's index plus one, less one for a black pawn). The row of the tables that have
/// one per piece code.
#[inline(always)]
pub fn piece_code(piece: Piece, colour: Colour) -> usize {
    let black_pawn = (piece == Piece::Pawn) as usize & colour as usize;
    piece.index() + 1 - black_pawn
}

crate::framework::family::table::family! {
    /// Marker type for the attacked-by-piece family, as the harness sees it.
    pub struct AttackedByPieceFamily {
        name: "attacked_by_piece",
        summary: "whether one piece on one square attacks another square, given the occupancy",
        query: PieceQuery => bool,
        reference: |q| reference::attacks(q.from, q.to, q.piece, q.colour, q.occupied),
        echo: |q| q.occupied.contains(q.to) ^ q.occupied.contains(q.from),
    }

    /// The registry: every attacked-by-piece variant.
    pub enum AttackedByPieceVariant {
        X88PieceTable {
            name: "x88_piece_table",
            summary: "7x256 table by piece code and 0x88 difference, ANDed with the occupancy rotated right by from",
            kernel: x88_piece_table::X88PieceTable,
            source: Source::seed(SEED, "Attacked by Piece on Square"),
            footprint: x88_piece_table::TABLE_BYTES,
        },
        SwitchAttacks {
            name: "switch_attacks",
            summary: "switch on the piece kind, its attack getter from `from` (magic for sliders), test `to`",
            kernel: switch_attacks::SwitchAttacks,
            source: Source::seed(SEED, "In Between (switch on piece-type, call the attack getter)"),
            footprint: geometry::leapers::LEAPER_BYTES + magic::TABLE_BYTES.rook + magic::TABLE_BYTES.bishop,
        },
        InBetweenLine {
            name: "in_between_line",
            summary: "the piece's empty-board reach contains `to`, and the 64x64 in-between set misses the occupancy",
            kernel: in_between_line::InBetweenLine,
            source: Source::seed(SEED, "In Between, Rectangular Lookup"),
            footprint: in_between_line::REACH_BYTES + BETWEEN_BYTES,
        },
    }

    // Every technique is a kernel: a query calls `attacks`, a batch `attacks_batch`.
    impl<T: AttackedByPiece> Kernel for T {
        query(query) => attacks(query),
        batch => attacks_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_codes_follow_the_seed() {
        let codes =
            Piece::ALL.map(|p| [piece_code(p, Colour::White), piece_code(p, Colour::Black)]);
        assert_eq!(codes, [[1, 0], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6]]);
    }

    crate::bench::testing::family_tests!(AttackedByPieceFamily);
}
