//! X-ray and in-between: attacks to the king for the checkers; x-ray attacks from the king
//! through its own first blockers for the pinners, then the in-between loop over the pinners.
//!
//! Source: seed `003_d2eaa903979c88fb.txt`, § On the Fly (`attacksToKing`) and § Absolute Pins
//! (`xrayRookAttacks(occupiedBB, ownPieces, squareOfKing)`, then `obstructed(sq,
//! squareOfKing) & ownPieces` for each pinner); the x-ray is the seed `002_6293cd1af08cea25.txt`
//! § Modifying Occupancy form: `attacks ^ rookAttacks(occupied ^ (blockers & attacks), sq)`.
//! Footprint: the slider technique's and the in-between technique's tables, the knight and
//! pawn tables. CPU features: those of `S` and `B`.
//!
//! Four slider queries (rook and bishop, before and after the own blockers are lifted) and one
//! in-between query per pinner.

use super::{CheckersAndPins, CheckersPins, KingView};
use crate::board::bitboard::Bitboard;
use crate::board::position::{Move, Position};
use crate::families::in_between::InBetween;
use crate::families::sliders::Slider;

/// X-ray attacks from the king and the in-between loop, with slider technique `S` and
/// in-between technique `B`.
#[derive(Clone, Copy, Debug, Default)]
pub struct XrayBetween<S, B> {
    pub slider: S,
    pub between: B,
}

impl<S, B> XrayBetween<S, B> {
    pub const fn new(slider: S, between: B) -> Self {
        XrayBetween { slider, between }
    }
}

impl<S: Slider, B: InBetween> CheckersPins for XrayBetween<S, B> {
    #[inline(always)]
    fn checkers_pins(self, position: &Position, _last_move: Option<Move>) -> CheckersAndPins {
        let view = KingView::of(position);
        let (king, occupied, own) = (view.king, view.occupied, view.own);
        let rook = self.slider.rook(king, occupied);
        let bishop = self.slider.bishop(king, occupied);
        let checkers =
            view.leaper_checkers(position) | (rook & view.orthogonal) | (bishop & view.diagonal);
        // The squares the king's rays reach only once its own first blockers are lifted.
        let rook_xray = rook ^ self.slider.rook(king, occupied ^ (own & rook));
        let bishop_xray = bishop ^ self.slider.bishop(king, occupied ^ (own & bishop));
        let mut pinned = Bitboard::EMPTY;
        for pinner in (rook_xray & view.orthogonal) | (bishop_xray & view.diagonal) {
            pinned |= self.between.between(pinner, king) & own;
        }
        CheckersAndPins { checkers, pinned }
    }
}
