//! Attacks to, then nonzero: every attacker of both colours by the super-piece, intersected
//! with the side's pieces. No branch; the same work whatever the answer.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § By all Pieces, used as the
//! baseline the seed's early return is weighed against. It is `attacks_to`'s
//! `super_piece_magic` ([`SuperPiece`]`(Magic)`, through [`AttacksTo`]) followed by one AND.
//! Footprint: the leaper tables (2 KiB) and magic's tables. CPU features: none.

use super::Attacked;
use crate::board::position::{Colour, Position};
use crate::board::square::Square;
use crate::families::attacks_to::super_piece::SuperPiece;
use crate::families::attacks_to::AttacksTo;
use crate::families::sliders::magic::Magic;

/// `attackers(position, square) & colour(by) != 0`, magic sliders. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct AttacksToNonzero;

impl Attacked for AttacksToNonzero {
    #[inline(always)]
    fn attacked(self, position: &Position, square: Square, by: Colour) -> bool {
        !(SuperPiece(Magic).attackers(position, square) & position.colour(by)).is_empty()
    }
}
