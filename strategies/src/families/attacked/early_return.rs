//! Early return: test one kind of the side's pieces at a time, cheapest first, and return at
//! the first that attacks the square.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § Any Attack by Side ("one
//! may use conditionals to return early. This might be useful to determine whether a king is
//! in check"), in the seed's order: pawns, knights, king, bishops and queens, rooks and queens.
//! Sliders by magic. Footprint: the leaper tables (2 KiB) and magic's tables. CPU features:
//! none. A "no" (the common answer for a king) pays for every test.

use super::Attacked;
use crate::board::position::leapers;
use crate::board::position::Colour;
use crate::board::position::{Piece, Position};
use crate::board::square::Square;
use crate::families::sliders::magic::Magic;
use crate::families::sliders::Slider;

/// The seed's early return, magic sliders. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct EarlyReturn;

impl Attacked for EarlyReturn {
    #[inline(always)]
    fn attacked(self, position: &Position, square: Square, by: Colour) -> bool {
        let side = position.colour(by);
        // A pawn of `by` attacks `square` from where a pawn of the other side on `square` would
        // attack.
        if !(leapers::pawn(!by, square) & side & position.kind(Piece::Pawn)).is_empty() {
            return true;
        }
        if !(leapers::knight(square) & side & position.kind(Piece::Knight)).is_empty() {
            return true;
        }
        if !(leapers::king(square) & side & position.kind(Piece::King)).is_empty() {
            return true;
        }
        let occupied = position.occupied();
        let queens = position.kind(Piece::Queen);
        let bishops_queens = side & (position.kind(Piece::Bishop) | queens);
        if !(Magic.bishop(square, occupied) & bishops_queens).is_empty() {
            return true;
        }
        let rooks_queens = side & (position.kind(Piece::Rook) | queens);
        !(Magic.rook(square, occupied) & rooks_queens).is_empty()
    }
}
