//! By move: the checks the last move gave. The piece it brought to its target square may give
//! check directly, and a slider of the same side may give check through a square the move
//! vacated (its origin, or the pawn taken en passant); castling may check with the rook. Before
//! the move it was the other side's turn, so our king was not in check (an invariant of every
//! position): every check now comes from the move.
//!
//! Source: seed `003_d2eaa903979c88fb.txt`, § By Move, § Direct Check and § Discovered Check
//! ("determine the direction between the from-square and the king square ... If both squares
//! share a common line, one calls an appropriate sliding ray- or line-attack getter with king
//! square and occupancy"). The seed expects the saving to be negligible with bitboards; the
//! measurement says how much. Footprint: the slider technique's and the in-between technique's
//! tables, the knight and pawn tables. CPU features: those of `S` and `B`.
//!
//! Pins are not made by the last move alone (they depend on every enemy slider and every piece
//! of ours), so they are computed in full, by the [`Snipers`] loop. Without a last move (a
//! root position) the whole answer is [`Snipers`]'s.

use super::snipers::Snipers;
use super::{CheckersAndPins, CheckersPins, KingView};
use crate::board::position::{Move, Piece, Position};
use crate::families::in_between::InBetween;
use crate::families::sliders::Slider;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Checks by the last move, pins by snipers, with slider technique `S` and in-between
/// technique `B`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ByMove<S, B> {
    pub slider: S,
    pub between: B,
}

impl<S, B> ByMove<S, B> {
    pub const fn new(slider: S, between: B) -> Self {
        ByMove { slider, between }
    }
}

/// Whether `a` and `b` share a rank or a file.
#[inline(always)]
fn on_rank_or_file(a: Square, b: Square) -> bool {
    a.file() == b.file() || a.rank() == b.rank()
}

/// Whether `a` and `b` share a diagonal or an anti-diagonal.
#[inline(always)]
fn on_diagonal(a: Square, b: Square) -> bool {
    a.file().abs_diff(b.file()) == a.rank().abs_diff(b.rank())
}

impl<S: Slider, B: InBetween> ByMove<S, B> {
    /// Whether nothing stands between the king and `square`.
    #[inline(always)]
    fn clear(self, view: &KingView, square: Square) -> bool {
        (self.between.between(view.king, square) & view.occupied).is_empty()
    }

    /// The check the piece on `mv.to` gives directly: a pawn or knight by table, a slider if
    /// it shares an unobstructed line with the king.
    #[inline(always)]
    fn direct(self, position: &Position, view: &KingView, mv: Move) -> Bitboard {
        let to = Bitboard::from_square(mv.to);
        let leaper = view.leaper_checkers(position) & to;
        let orthogonal = !(view.orthogonal & to).is_empty() && on_rank_or_file(view.king, mv.to);
        let diagonal = !(view.diagonal & to).is_empty() && on_diagonal(view.king, mv.to);
        if (orthogonal || diagonal) && self.clear(view, mv.to) {
            return leaper | to;
        }
        leaper
    }

    /// The lines of the king through which the move may have uncovered a slider:
    /// (rank or file, diagonal).
    #[inline(always)]
    fn uncovered(self, position: &Position, view: &KingView, mv: Move) -> (bool, bool) {
        let king = view.king;
        let through = |square: Square| {
            let clear = self.clear(view, square);
            (
                clear && on_rank_or_file(king, square),
                clear && on_diagonal(king, square),
            )
        };
        let (mut orthogonal, mut diagonal) = through(mv.from);
        let pawn = position.kind(Piece::Pawn).contains(mv.to);
        if pawn && mv.from.file() != mv.to.file() {
            // Perhaps en passant: the pawn taken stood beside the origin, on the target's file.
            let taken = Square::from_index_masked((mv.from.rank() * 8 + mv.to.file()) as u8);
            if !view.occupied.contains(taken) {
                let (o, d) = through(taken);
                orthogonal |= o;
                diagonal |= d;
            }
        }
        let castled = position.kind(Piece::King).contains(mv.to)
            && mv.from.file().abs_diff(mv.to.file()) == 2;
        (orthogonal || castled, diagonal)
    }

    /// The checkers, given the last move.
    #[inline(always)]
    fn checkers(self, position: &Position, view: &KingView, mv: Move) -> Bitboard {
        let mut checkers = self.direct(position, view, mv);
        let (orthogonal, diagonal) = self.uncovered(position, view, mv);
        if orthogonal {
            checkers |= self.slider.rook(view.king, view.occupied) & view.orthogonal;
        }
        if diagonal {
            checkers |= self.slider.bishop(view.king, view.occupied) & view.diagonal;
        }
        checkers
    }
}

impl<S: Slider, B: InBetween> CheckersPins for ByMove<S, B> {
    #[inline(always)]
    fn checkers_pins(self, position: &Position, last_move: Option<Move>) -> CheckersAndPins {
        let snipers = Snipers::new(self.slider, self.between);
        let Some(mv) = last_move else {
            return snipers.checkers_pins(position, None);
        };
        let view = KingView::of(position);
        CheckersAndPins {
            checkers: self.checkers(position, &view, mv),
            pinned: snipers.pinned(&view),
        }
    }
}
