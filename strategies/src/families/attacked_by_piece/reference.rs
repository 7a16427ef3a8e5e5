//! The reference: the position module's ray-walking [`reference::attacks_from`], which walks
//! the piece's steps and rays square by square. Used only for verification.

use crate::board::position::{Colour, Piece};

use crate::bench::reference;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Whether a `colour` `piece` on `from` attacks `to` (see [`super::AttackedByPiece`]).
pub fn attacks(from: Square, to: Square, piece: Piece, colour: Colour, occupied: Bitboard) -> bool {
    reference::attacks_from(colour, piece, from, occupied).contains(to)
}
