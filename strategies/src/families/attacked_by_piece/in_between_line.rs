//! The in-between set and the line: the piece reaches `to` on an empty board, and nothing
//! occupies the squares strictly between.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § In Between and § Rectangular
//! Lookup ("If the intersection of in-between sets with the occupancy is empty, there are no
//! obstructions ... implicitly true for squares in king- and knight distance as well, since
//! they already contain zero"), with the "otherwise legal from-to coordinates" the seed
//! assumes checked by a reach table: `REACH[code][from]`, the squares the piece code
//! ([`super::piece_code`]) attacks from `from` on an empty board.
//!
//! Footprint: the reach table, 7 × 64 × 8 = 3,584 bytes, and the rectangular in-between table,
//! 32 KiB ([`crate::board::geometry::lines::BETWEEN`]). CPU features: none. No branch.

use super::{piece_code, AttackedByPiece, PieceQuery};
use crate::board::aligned::CacheAligned;
use crate::board::bitboard::Bitboard;
use crate::board::geometry;
use crate::board::geometry::lines::BETWEEN;
use crate::board::position::Colour;

/// `REACH[code][from]`: the squares piece `code` attacks from `from` on an empty board.
pub static REACH: CacheAligned<[[Bitboard; 64]; 7]> = CacheAligned(build());

/// Bytes of [`REACH`]: 3,584.
pub const REACH_BYTES: usize = core::mem::size_of::<[[Bitboard; 64]; 7]>();

const fn build() -> [[Bitboard; 64]; 7] {
    let mut reach = [[Bitboard::EMPTY; 64]; 7];
    let mut from = 0;
    while from < 64 {
        let bishop = geometry::lines::BISHOP_LINES.0[from].0;
        let rook = geometry::lines::ROOK_LINES.0[from].0;
        reach[0][from] = geometry::leapers::PAWN.0[Colour::Black as usize][from];
        reach[1][from] = geometry::leapers::PAWN.0[Colour::White as usize][from];
        reach[2][from] = geometry::leapers::KNIGHT.0[from];
        reach[3][from] = Bitboard(bishop);
        reach[4][from] = Bitboard(rook);
        reach[5][from] = Bitboard(bishop | rook);
        reach[6][from] = geometry::leapers::KING.0[from];
        from += 1;
    }
    reach
}

/// Reach table and in-between obstruction. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct InBetweenLine;

impl AttackedByPiece for InBetweenLine {
    #[inline(always)]
    fn attacks(self, query: PieceQuery) -> bool {
        let (from, to, piece, colour, occupied) = query.parts();
        let reach = REACH.0[piece_code(piece, colour)][from.index()];
        let between = BETWEEN.0[from.index()][to.index()];
        reach.contains(to) & (between & occupied).is_empty()
    }
}
