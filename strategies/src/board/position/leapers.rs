//! The attacks of the pieces that do not slide: king and pawn tables, and the pawn shifts that
//! move a whole set of pawns at once. Shared by the position techniques (checks and pins, the
//! move generator), which take slider, in-between and knight techniques as type parameters but
//! use these plain tables for kings and pawns, and for knights on single squares. The tables are
//! the board geometry's ([`crate::board::geometry::leapers`]); this module reads them by [`Colour`].
//!
//! Source: seed `003_d2eaa903979c88fb.txt` (Checks and Pinned Pieces), § On the Fly, whose
//! `attacksToKing` reads `arrPawnAttacks[colorOfKing][squareOfKing]`. Footprint: the king table
//! 512 B, the pawn table 1 KiB, the knight table 512 B. CPU features: none.

use super::Colour;
use crate::board::geometry::leapers::{KING, KNIGHT, PAWN};
use crate::board::geometry::{NOT_A, NOT_H};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Bytes of the king and pawn tables.
pub const TABLE_BYTES: usize =
    crate::board::geometry::leapers::KING_BYTES + crate::board::geometry::leapers::PAWN_BYTES;

/// The squares next to `square`.
#[inline(always)]
pub fn king(square: Square) -> Bitboard {
    KING.0[square as usize]
}

/// The squares a `colour` pawn on `square` attacks.
#[inline(always)]
pub fn pawn(colour: Colour, square: Square) -> Bitboard {
    PAWN.0[colour.index()][square as usize]
}

/// The squares a knight on `square` attacks (the knight lookup table).
#[inline(always)]
pub fn knight(square: Square) -> Bitboard {
    KNIGHT.0[square as usize]
}

/// The squares attacked by any of `colour`'s pawns in `pawns`, set-wise: one rank forward and
/// one file aside, with the wrap across the board's edge masked off.
#[inline(always)]
pub const fn pawn_attacks_set(colour: Colour, pawns: u64) -> u64 {
    match colour {
        Colour::White => ((pawns << 7) & NOT_H) | ((pawns << 9) & NOT_A),
        Colour::Black => ((pawns >> 9) & NOT_H) | ((pawns >> 7) & NOT_A),
    }
}

/// `set` one rank forward for `colour` (north for white, south for black).
#[inline(always)]
pub const fn forward(colour: Colour, set: u64) -> u64 {
    match colour {
        Colour::White => set << 8,
        Colour::Black => set >> 8,
    }
}

#[cfg(test)]
mod tests {
    use super::super::walk::attacks_from;
    use super::*;
    use crate::board::position::Piece;

    #[test]
    fn tables_match_the_reference() {
        for square in Square::ALL {
            let none = Bitboard::EMPTY;
            assert_eq!(
                king(square),
                attacks_from(Colour::White, Piece::King, square, none)
            );
            assert_eq!(
                knight(square),
                attacks_from(Colour::White, Piece::Knight, square, none)
            );
            for colour in Colour::ALL {
                let expected = attacks_from(colour, Piece::Pawn, square, none);
                assert_eq!(pawn(colour, square), expected, "{colour} pawn on {square}");
                let one = Bitboard::from_square(square).0;
                assert_eq!(pawn_attacks_set(colour, one), expected.0);
            }
        }
    }
}
