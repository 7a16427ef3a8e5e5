//! DirGolem: opposite ray-directions. Per direction, the attacks of the enemy sliders that move
//! that way, filled towards the king, meet the king's attacks in the opposite direction, the
//! king treated as a sliding super-piece. Intersected with our pieces, they leave the pinned
//! pieces; the king's ray stopping on an enemy slider of the right kind is a check.
//!
//! Source: seed `003_d2eaa903979c88fb.txt`, § Opposite Ray-Directions (the DirGolem proposal):
//! with no piece between slider and king the intersection is the empty squares between (a
//! check), with one piece it is that piece (pinned if it is the king's), with two or more it
//! is empty. The fills are the Kogge-Stone occluded fills of [`crate::families::sliders::kogge_stone`].
//! Footprint: no slider or in-between table; the knight and pawn tables for the leapers. CPU
//! features: none.
//!
//! Sixteen fills (eight for the enemy sliders, eight for the king), every one branch-free and
//! independent of the others: this is the technique for wide SIMD, computed here with scalar
//! shifts.

use super::{CheckersAndPins, CheckersPins, KingView};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::fills::attacks;
use crate::board::geometry::Direction;
use crate::board::position::{Move, Position};

/// Opposite ray-direction fills. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct DirGolem;

/// One direction's share of the answer: (checkers, pinned) from the enemy `sliders` moving in
/// direction `Direction::ALL[D]` towards the king (the king's fill goes the opposite way,
/// `Direction::ALL[D ^ 4]`). A const parameter, so that every shift is by a constant.
#[inline(always)]
fn towards_king<const D: usize>(view: &KingView, sliders: u64) -> (u64, u64) {
    let empty = !view.occupied.0;
    let from_sliders = attacks(sliders, empty, const { Direction::ALL[D] });
    let king = Bitboard::from_square(view.king).0;
    let from_king = attacks(king, empty, const { Direction::ALL[D ^ 4] });
    (from_king & sliders, from_sliders & from_king & view.own.0)
}

impl CheckersPins for DirGolem {
    #[inline(always)]
    fn checkers_pins(self, position: &Position, _last_move: Option<Move>) -> CheckersAndPins {
        let view = KingView::of(position);
        let (orthogonal, diagonal) = (view.orthogonal.0, view.diagonal.0);
        // `Direction::ALL`: north, east, north-east, north-west, then their opposites.
        let parts = [
            towards_king::<0>(&view, orthogonal),
            towards_king::<1>(&view, orthogonal),
            towards_king::<4>(&view, orthogonal),
            towards_king::<5>(&view, orthogonal),
            towards_king::<2>(&view, diagonal),
            towards_king::<3>(&view, diagonal),
            towards_king::<6>(&view, diagonal),
            towards_king::<7>(&view, diagonal),
        ];
        let (checkers, pinned) = parts.iter().fold(
            (view.leaper_checkers(position).0, 0),
            |(c, p), &(check, pin)| (c | check, p | pin),
        );
        CheckersAndPins {
            checkers: Bitboard(checkers),
            pinned: Bitboard(pinned),
        }
    }
}
