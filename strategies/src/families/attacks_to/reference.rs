//! The reference: the position module's ray-walking oracle, [`reference::attackers_to`],
//! which finds the first piece on each of the eight rays from the square, and the knights,
//! kings and pawns a step away, square by square. No table, no slider technique. Used only for
//! verification.

use crate::board::position::Position;

use crate::bench::reference;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Every attacker of `square`, both colours (see [`super::AttacksTo`]).
pub fn attackers(position: &Position, square: Square) -> Bitboard {
    reference::attackers_to(position, square)
}
