//! The reference: the position module's ray-walking oracle, [`reference::is_attacked`]. Used
//! only for verification.

use crate::board::position::{Colour, Position};

use crate::bench::reference;
use crate::board::square::Square;

/// Whether a piece of `by` attacks `square` (see [`super::Attacked`]).
pub fn attacked(position: &Position, square: Square, by: Colour) -> bool {
    reference::is_attacked(position, square, by)
}
