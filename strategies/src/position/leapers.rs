//! The attacks of the pieces that do not slide: king and pawn tables, and the pawn shifts that
//! move a whole set of pawns at once. Shared by the position techniques (checks and pins, the
//! move generator), which take slider, in-between and knight techniques as type parameters but
//! use these plain tables for kings and pawns. Knights on single squares read
//! [`crate::knight_attacks::lookup::TABLE`].
//!
//! Source: seed `003_d2eaa903979c88fb.txt` (Checks and Pinned Pieces), § On the Fly, whose
//! `attacksToKing` reads `arrPawnAttacks[colorOfKing][squareOfKing]`. Footprint: the king table
//! 512 B, the pawn table 1 KiB. Built by `const fn`. CPU features: none.

use super::Colour;
use crate::aligned::CacheAligned;
use crate::sliders::geometry::{NOT_A, NOT_H};
use crate::{Bitboard, Square};

/// `KING[sq]`: the up to eight squares next to `sq`.
pub static KING: CacheAligned<[Bitboard; 64]> = CacheAligned(king_table());

/// `PAWN[colour][sq]`: the up to two squares a pawn of `colour` on `sq` attacks (diagonally
/// forward). Also defined for the first and last ranks, where no pawn stands: read as
/// `PAWN[us][king]`, it is the squares from which an enemy pawn attacks our king.
pub static PAWN: CacheAligned<[[Bitboard; 64]; 2]> = CacheAligned(pawn_table());

/// Bytes of [`KING`] and [`PAWN`].
pub const TABLE_BYTES: usize = 64 * 8 + 2 * 64 * 8;

const fn king_table() -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut square = 0;
    while square < 64 {
        let one = 1u64 << square;
        let row = one | ((one << 1) & NOT_A) | ((one >> 1) & NOT_H);
        table[square] = Bitboard((row | row << 8 | row >> 8) & !one);
        square += 1;
    }
    table
}

const fn pawn_table() -> [[Bitboard; 64]; 2] {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut square = 0;
    while square < 64 {
        let one = 1u64 << square;
        table[0][square] = Bitboard(pawn_attacks_set(Colour::White, one));
        table[1][square] = Bitboard(pawn_attacks_set(Colour::Black, one));
        square += 1;
    }
    table
}

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
    crate::knight_attacks::lookup::TABLE.0[square as usize]
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
    use super::*;
    use crate::position::reference::attacks_from;
    use crate::position::Piece;

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
