//! The reference: the position module's ray-walking [`reference::attacks_from`], which walks
//! the piece's steps and rays square by square. Used only for verification.

use crate::position::{reference, Colour, Piece};
use crate::{Bitboard, Square};

/// Whether a `colour` `piece` on `from` attacks `to` (see [`super::AttackedByPiece`]).
pub fn attacks(from: Square, to: Square, piece: Piece, colour: Colour, occupied: Bitboard) -> bool {
    reference::attacks_from(colour, piece, from, occupied).contains(to)
}
