//! Switch on the piece kind: call the piece's attack getter from `from` and test `to`.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § In Between ("One obvious
//! solution is to switch on piece-type and call the appropriate attack- or move-target getter
//! by from-square, to see whether the target bit is set. For a queen that may take quite some
//! instructions for up to four sliding lines"). Leapers from [`crate::board::geometry::leapers`], sliders by magic.
//! Footprint: the leaper tables (2 KiB) and magic's tables. CPU features: none.

use super::{AttackedByPiece, PieceQuery};
use crate::board::position::leapers;
use crate::board::position::Piece;
use crate::families::sliders::magic::Magic;
use crate::families::sliders::Slider;

/// The switch on the piece kind, magic sliders. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct SwitchAttacks;

impl AttackedByPiece for SwitchAttacks {
    #[inline(always)]
    fn attacks(self, query: PieceQuery) -> bool {
        let (from, to, piece, colour, occupied) = query.parts();
        let attacks = match piece {
            Piece::Pawn => leapers::pawn(colour, from),
            Piece::Knight => leapers::knight(from),
            Piece::Bishop => Magic.bishop(from, occupied),
            Piece::Rook => Magic.rook(from, occupied),
            Piece::Queen => Magic.queen(from, occupied),
            Piece::King => leapers::king(from),
        };
        attacks.contains(to)
    }
}
