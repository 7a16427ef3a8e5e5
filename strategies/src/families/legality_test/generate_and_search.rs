//! Generate and search: what the legality test saves. Every pseudo-legal move of the position
//! goes into a list ([`movegen::generate`]), then the list is searched for the move.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § Legality Test ("In
//! cut-nodes one may save the complete move-generation by one legality test"): the baseline
//! the test is weighed against. The list is on the stack and is not initialised before the
//! moves are written. Footprint: magic's tables and the leaper tables. CPU features: none.

use super::movegen::{self, MoveList};
use super::LegalityTest;
use crate::board::position::{Move, Position};

/// Generate every pseudo-legal move, then search. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenerateAndSearch;

impl LegalityTest for GenerateAndSearch {
    #[inline(always)]
    fn is_pseudo_legal(self, position: &Position, mv: Move) -> bool {
        let mut list = MoveList::new();
        movegen::generate(position, &mut list);
        list.as_slice().contains(&mv)
    }
}
