//! Snipers: the enemy sliders on the king's lines of an empty board, then, for each, the
//! occupied squares between it and the king: none makes it a checker, one makes that piece a
//! blocker (pinned if it is ours), the way Stockfish computes `blockers_for_king`.
//!
//! Source: new (not in the seeds); Stockfish's `Position::update_slider_blockers`, and the
//! peers' make (both crates loop over the same snipers). Footprint: the slider technique's
//! tables (queried with an empty occupancy, as Stockfish's `PseudoAttacks`), the in-between
//! technique's, the knight and pawn tables. CPU features: those of `S` and `B`.

use super::{more_than_one, CheckersAndPins, CheckersPins, KingView};
use crate::board::bitboard::Bitboard;
use crate::board::position::{Move, Position};
use crate::families::in_between::InBetween;
use crate::families::sliders::Slider;

/// Snipers and an in-between test per sniper, with slider technique `S` and in-between
/// technique `B`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Snipers<S, B> {
    pub slider: S,
    pub between: B,
}

impl<S, B> Snipers<S, B> {
    pub const fn new(slider: S, between: B) -> Self {
        Snipers { slider, between }
    }
}

impl<S: Slider, B: InBetween> Snipers<S, B> {
    /// The enemy sliders on the king's lines of an empty board.
    #[inline(always)]
    pub(crate) fn snipers(self, view: &KingView) -> Bitboard {
        (self.slider.rook(view.king, Bitboard::EMPTY) & view.orthogonal)
            | (self.slider.bishop(view.king, Bitboard::EMPTY) & view.diagonal)
    }

    /// The pinned pieces alone: the snipers with exactly one piece between them and the king,
    /// that piece ours.
    #[inline(always)]
    pub(crate) fn pinned(self, view: &KingView) -> Bitboard {
        let mut pinned = Bitboard::EMPTY;
        for sniper in self.snipers(view) {
            let blockers = self.between.between(sniper, view.king) & view.occupied;
            if !more_than_one(blockers) {
                pinned |= blockers & view.own;
            }
        }
        pinned
    }
}

impl<S: Slider, B: InBetween> CheckersPins for Snipers<S, B> {
    #[inline(always)]
    fn checkers_pins(self, position: &Position, _last_move: Option<Move>) -> CheckersAndPins {
        let view = KingView::of(position);
        let mut checkers = view.leaper_checkers(position);
        let mut pinned = Bitboard::EMPTY;
        for sniper in self.snipers(&view) {
            let blockers = self.between.between(sniper, view.king) & view.occupied;
            if blockers.is_empty() {
                checkers |= Bitboard::from_square(sniper);
            } else if !more_than_one(blockers) {
                pinned |= blockers & view.own;
            }
        }
        CheckersAndPins { checkers, pinned }
    }
}
