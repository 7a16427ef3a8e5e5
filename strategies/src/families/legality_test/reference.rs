//! The reference: generate every pseudo-legal move with the position module's ray-walking
//! oracle ([`reference::pseudo_legal_moves`]) and look for the move. Used only for
//! verification.
//!
//! The oracle takes microseconds per position and verification asks about millions of moves,
//! grouped by position; so each thread keeps the move list of the last position it was asked
//! about, and a query about the same position reuses it.

use crate::board::position::{Move, Position};

use crate::bench::reference;
use std::cell::RefCell;

thread_local! {
    /// The last position asked about on this thread, and its pseudo-legal moves.
    static LAST: RefCell<Option<(Position, Vec<Move>)>> = const { RefCell::new(None) };
}

/// Whether `mv` is pseudo-legal in `position` (see [`super::LegalityTest`]).
pub fn is_pseudo_legal(position: &Position, mv: Move) -> bool {
    LAST.with_borrow_mut(|last| {
        if last.as_ref().is_none_or(|(cached, _)| cached != position) {
            *last = Some((*position, reference::pseudo_legal_moves(position)));
        }
        let (_, moves) = last.as_ref().expect("filled above");
        moves.contains(&mv)
    })
}
