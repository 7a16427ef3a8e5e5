//! By side, then nonzero: the attackers of one side only, as the seed's `attacksToKing` finds
//! the checkers of a king, branch-free, tested for nonzero.
//!
//! Source: seed `003_d2eaa903979c88fb.txt` (Checks and Pinned Pieces), § On the Fly
//! (`attacksToKing`: the opponent's pawns, knights, rooks and queens, bishops and queens, each
//! against the attacks from the king's square); the king is added here so that any square can
//! be asked about. Sliders by magic. Footprint: the leaper tables (2 KiB) and magic's tables.
//! CPU features: none.

use super::Attacked;
use crate::board::position::leapers;
use crate::board::position::{Colour, Piece, Position};
use crate::board::square::Square;
use crate::families::sliders::magic::Magic;
use crate::families::sliders::Slider;

/// The side's attackers, ORed together without a branch. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct BySideNonzero;

impl Attacked for BySideNonzero {
    #[inline(always)]
    fn attacked(self, position: &Position, square: Square, by: Colour) -> bool {
        let side = position.colour(by);
        let occupied = position.occupied();
        let queens = position.kind(Piece::Queen);
        let attackers = (leapers::pawn(!by, square) & position.kind(Piece::Pawn))
            | (leapers::knight(square) & position.kind(Piece::Knight))
            | (leapers::king(square) & position.kind(Piece::King))
            | (Magic.bishop(square, occupied) & (position.kind(Piece::Bishop) | queens))
            | (Magic.rook(square, occupied) & (position.kind(Piece::Rook) | queens));
        !(attackers & side).is_empty()
    }
}
