//! Checkers and pinned pieces: the enemy pieces giving check to the side to move, and the side
//! to move's own pieces absolutely pinned to its king.
//!
//! Source: seed `003_d2eaa903979c88fb.txt` (Checks and Pinned Pieces). Every technique is a
//! type generic over the slider technique (`S:` [`Slider`](crate::families::sliders::Slider)) and, where it needs one, the
//! in-between technique (`B:` [`InBetween`](crate::families::in_between::InBetween)), so that the move generator ([`crate::families::movegen`])
//! can plug in any of them; the family measures each with [`FamilySlider`] and
//! [`FamilyBetween`].
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only checkers_pins` prints them.
//!
//! The king and pawn tables are [`crate::board::position::leapers`]; knights on one square read the
//! knight lookup table.

pub mod by_move;
pub mod dir_golem;
#[cfg(feature = "peers")]
pub mod peers;
pub mod snipers;
#[cfg(feature = "bench")]
pub mod workloads;
pub mod xray_between;

#[cfg(feature = "bench")]
use crate::bench::reference;
use crate::board::position::{leapers, Colour, Move, Piece, Position};
use crate::framework::family::Source;
use crate::{board::bitboard::Bitboard, board::square::Square, framework::answer::bitboard_answer};
use core::fmt;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "003_d2eaa903979c88fb.txt";

/// The answer: who gives check, and what is pinned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CheckersAndPins {
    /// The enemy pieces attacking the side to move's king.
    pub checkers: Bitboard,
    /// The side to move's pieces absolutely pinned to its king.
    pub pinned: Bitboard,
}

bitboard_answer!(CheckersAndPins { checkers, pinned });

/// A technique for the checkers and pinned pieces of the side to move.
///
/// # Semantics (every technique, every edge case)
/// For a valid `position` (see [`Position`]'s invariants), with `us` the side to move:
/// - `checkers`: every piece of the other side that attacks our king: empty when not in
///   check, one piece in a check, two in a double check. Attacks are those of
///   `reference::attackers_to` (sliders blocked by the first piece on each ray).
/// - `pinned`: every piece of ours that stands alone between our king and an enemy rook or
///   queen on a rank or file, or an enemy bishop or queen on a diagonal, as
///   `reference::pinned` defines it. A pinned piece may still move along its pin; that is
///   the move generator's business. The two pawns of an en-passant capture that would expose
///   the king along a rank are **not** pinned (two pieces stand between); enemy pieces
///   between an enemy slider and our king are not in the set (they are discovered-check
///   candidates, not pins).
///
/// `last_move`, when given, is the legal move that led to `position` (so its `to` square holds
/// the piece that moved, or the rook after castling, or the promoted piece). Only
/// [`by_move::ByMove`] reads it; every other technique ignores it. Without it `ByMove`
/// computes on the fly.
pub trait CheckersPins: Copy {
    /// The checkers and pinned pieces of the side to move.
    fn checkers_pins(self, position: &Position, last_move: Option<Move>) -> CheckersAndPins;

    crate::framework::family::scalar_batch!(
        fn checkers_pins_batch(self, queries: &[CheckersPinsQuery], out: &mut [CheckersAndPins])
            = |query| self.checkers_pins(&query.position, query.last_move)
    );
}

/// The slider technique the family measures its variants with (the fastest portable one).
pub type FamilySlider = crate::families::sliders::magic::Magic;
/// The in-between technique the family measures its variants with.
pub type FamilyBetween = crate::families::in_between::rectangular::Rectangular;

/// What every technique starts from: the side to move's king and the enemy's attackers by the
/// lines they move along.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KingView {
    pub us: Colour,
    pub king: Square,
    pub occupied: Bitboard,
    pub own: Bitboard,
    /// Enemy rooks and queens.
    pub orthogonal: Bitboard,
    /// Enemy bishops and queens.
    pub diagonal: Bitboard,
}

impl KingView {
    #[inline(always)]
    pub fn of(position: &Position) -> KingView {
        let us = position.side_to_move();
        let them = position.colour(!us);
        let queens = position.kind(Piece::Queen);
        KingView {
            us,
            king: position.king(us),
            occupied: position.occupied(),
            own: position.colour(us),
            orthogonal: (position.kind(Piece::Rook) | queens) & them,
            diagonal: (position.kind(Piece::Bishop) | queens) & them,
        }
    }

    /// The enemy pawns and knights that attack the king: the seed's `arrPawnAttacks` and
    /// `arrKnightAttacks` lookups.
    #[inline(always)]
    pub fn leaper_checkers(&self, position: &Position) -> Bitboard {
        let them = !self.us;
        (leapers::pawn(self.us, self.king) & position.pieces(them, Piece::Pawn))
            | (leapers::knight(self.king) & position.pieces(them, Piece::Knight))
    }
}

pub(crate) use crate::board::bitboard::more_than_one;

/// A query: a position, the move that led to it when known, and the number of the case it was
/// drawn from (`workloads::cases`), by which the peers find the board they prepared for it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CheckersPinsQuery {
    pub position: Position,
    pub last_move: Option<Move>,
    /// The index of this query's case in `workloads::cases`; only the peers read it.
    pub case: u32,
}

/// `FEN after e2e4 (case 17)`, or `FEN (case 17)` without a last move.
impl fmt::Display for CheckersPinsQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.position)?;
        if let Some(mv) = self.last_move {
            write!(f, " after {mv}")?;
        }
        write!(f, " (case {})", self.case)
    }
}

/// The family's slider tables (rook and bishop magics) and the rectangular in-between table.
const SLIDER_BYTES: usize = crate::families::sliders::magic::TABLE_BYTES.rook
    + crate::families::sliders::magic::TABLE_BYTES.bishop
    + crate::board::geometry::leapers::KNIGHT_BYTES
    + leapers::TABLE_BYTES;
const BETWEEN_BYTES: usize = crate::board::geometry::lines::BETWEEN_BYTES;

crate::framework::family::table::family! {
    /// Marker type for the checkers-and-pins family, as the harness sees it.
    pub struct CheckersPinsFamily {
        name: "checkers_pins",
        summary:
            "the enemy pieces giving check to the side to move, and its pieces pinned to its king",
        query: CheckersPinsQuery => CheckersAndPins,
        reference: |query| CheckersAndPins {
            checkers: reference::checkers(&query.position),
            pinned: reference::pinned(&query.position),
        },
        echo: |query| CheckersAndPins {
            checkers: query.position.occupied(),
            pinned: Bitboard(query.case as u64),
        },
    }

    /// The registry: every technique, ours first, peers last.
    pub enum CheckersPinsVariant {
        XrayBetween {
            name: "xray_between",
            summary: "attacks to the king, x-ray attacks through its own blockers, in-between loop over the pinners (magic, rectangular)",
            kernel: xray_between::XrayBetween::<FamilySlider, FamilyBetween>::default(),
            source: Source::seed(SEED, "On the Fly; Absolute Pins"),
            footprint: SLIDER_BYTES + BETWEEN_BYTES,
        },
        DirGolem {
            name: "dir_golem",
            summary: "per direction, the enemy sliders' occluded fill meets the king's fill the opposite way; no slider table",
            kernel: dir_golem::DirGolem,
            source: Source::seed(SEED, "Opposite Ray-Directions"),
            footprint: crate::board::geometry::leapers::KNIGHT_BYTES + leapers::TABLE_BYTES,
        },
        Snipers {
            name: "snipers",
            summary: "enemy sliders on the king's empty-board lines, then the occupied in-between squares of each (magic, rectangular)",
            kernel: snipers::Snipers::<FamilySlider, FamilyBetween>::default(),
            source: Source::New,
            footprint: SLIDER_BYTES + BETWEEN_BYTES,
        },
        ByMove {
            name: "by_move",
            summary: "checks by the last move (direct, and discovered through the squares it vacated); pins as snipers (magic, rectangular)",
            kernel: by_move::ByMove::<FamilySlider, FamilyBetween>::default(),
            source: Source::seed(SEED, "By Move"),
            footprint: SLIDER_BYTES + BETWEEN_BYTES,
        },
        #[cfg(feature = "peers")]
        CozyChess {
            name: "cozy_chess",
            summary: "cozy_chess::Board::play_unchecked(last move) on a copy of the board before it, then checkers() and pinned()",
            kernel: peers::CozyChess::prepared(),
            source: Source::external("cozy-chess 0.3", "cozy_chess::Board::play_unchecked, checkers, pinned", "computed in const items and by a build script"),
            footprint: peers::COZY_CHESS_TABLE_BYTES,
        },
        #[cfg(feature = "peers")]
        Chess {
            name: "chess",
            summary: "chess::Board::make_move_new(last move) on the board before it, then checkers() and pinned()",
            kernel: peers::Chess::prepared(),
            source: Source::external("chess 3.2", "chess::Board::make_move_new, checkers, pinned", "computed by a build script"),
            footprint: peers::CHESS_TABLE_BYTES,
        },
    }

    // Every technique is a kernel: a query calls `checkers_pins`, a batch `checkers_pins_batch`.
    impl<T: CheckersPins> Kernel for T {
        query(query) => checkers_pins(&query.position, query.last_move),
        batch => checkers_pins_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(CheckersPinsFamily);
}
