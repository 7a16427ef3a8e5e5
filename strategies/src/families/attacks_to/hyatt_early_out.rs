//! Robert Hyatt's early out: the super-piece, but a slider lookup is skipped when no slider of
//! its kind stands anywhere on the square's lines (a test against an empty-board line table).
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § By all Pieces ("Robert Hyatt
//! further checks whether there are any sliding pieces on relevant rays at all, in order to
//! save calling the attack getter in case there are none"). The slider technique is magic
//! ([`Magic`]), as in `super_piece_magic`, so the two differ only by the two tests.
//!
//! Footprint: the leaper tables (2 KiB), the rook and bishop line tables (1 KiB) and magic's
//! tables. CPU features: none. The branches pay when sliders are few (endgames) and cost a
//! misprediction now and then when they are not.

use super::AttacksTo;
use crate::board::geometry;
use crate::board::position::leapers;
use crate::board::position::{Colour, Piece, Position};
use crate::families::sliders::magic::Magic;
use crate::families::sliders::Slider;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Hyatt's early out with magic lookups. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct HyattEarlyOut;

impl AttacksTo for HyattEarlyOut {
    #[inline(always)]
    fn attackers(self, position: &Position, square: Square) -> Bitboard {
        let occupied = position.occupied();
        let queens = position.kind(Piece::Queen);
        let rooks_queens = position.kind(Piece::Rook) | queens;
        let bishops_queens = position.kind(Piece::Bishop) | queens;
        let mut attackers = (leapers::pawn(Colour::White, square)
            & position.pieces(Colour::Black, Piece::Pawn))
            | (leapers::pawn(Colour::Black, square) & position.pieces(Colour::White, Piece::Pawn))
            | (leapers::knight(square) & position.kind(Piece::Knight))
            | (leapers::king(square) & position.kind(Piece::King));
        if !(geometry::lines::BISHOP_LINES.0[square.index()] & bishops_queens).is_empty() {
            attackers |= Magic.bishop(square, occupied) & bishops_queens;
        }
        if !(geometry::lines::ROOK_LINES.0[square.index()] & rooks_queens).is_empty() {
            attackers |= Magic.rook(square, occupied) & rooks_queens;
        }
        attackers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::corpus::default_corpus;
    use crate::families::attacks_to::super_piece;

    /// The early out changes nothing: the same answers as the plain super-piece with magic.
    #[test]
    fn same_answers_as_the_super_piece() {
        for position in default_corpus().iter().step_by(7) {
            for square in Square::ALL {
                assert_eq!(
                    HyattEarlyOut.attackers(position, square),
                    super_piece::attackers(Magic, position, square),
                    "{position} {square}"
                );
            }
        }
    }
}
