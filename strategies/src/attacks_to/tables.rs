//! The attack tables of single pieces that the position families share (`attacks_to`,
//! `attacked`, `attacked_by_piece`, `legality_test`): pawn captures by colour, king steps, and
//! the empty-board lines of rooks and bishops. The knight's table is the knight family's
//! ([`crate::knight_attacks::lookup::TABLE`]), re-exported here.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § By all Pieces, which reads
//! `arrPawnAttacks[colour][sq]`, `arrKnightAttacks[sq]` and `arrKingAttacks[sq]`; the line
//! tables are Robert Hyatt's check in the same section. All built by `const fn` at compile
//! time. Footprints: pawns 1 KiB, king 512 B, knight 512 B, rook and bishop lines 512 B each.

use crate::aligned::CacheAligned;
use crate::position::Colour;
use crate::sliders::geometry::{bishop_rays, rook_rays};
use crate::{Bitboard, Square};

pub use crate::knight_attacks::lookup::TABLE as KNIGHT;

/// `PAWN[colour][sq]`: the two (or, on the a- and h-files, one) squares a pawn of `colour` on
/// `sq` attacks, diagonally forward. Defined for every square, the first and last ranks
/// included (a white pawn on the eighth rank attacks nothing).
pub static PAWN: CacheAligned<[[Bitboard; 64]; 2]> =
    CacheAligned([steps(&[(-1, 1), (1, 1)]), steps(&[(-1, -1), (1, -1)])]);

/// `KING[sq]`: the up to eight squares next to `sq`.
pub static KING: CacheAligned<[Bitboard; 64]> = CacheAligned(steps(&[
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
]));

/// `ROOK_LINES[sq]`: the squares a rook on `sq` attacks on an empty board (its rank and file,
/// `sq` excluded).
pub static ROOK_LINES: CacheAligned<[Bitboard; 64]> = CacheAligned(lines(true));

/// `BISHOP_LINES[sq]`: the squares a bishop on `sq` attacks on an empty board (its two
/// diagonals, `sq` excluded).
pub static BISHOP_LINES: CacheAligned<[Bitboard; 64]> = CacheAligned(lines(false));

/// Bytes of [`PAWN`].
pub const PAWN_BYTES: usize = core::mem::size_of::<[[Bitboard; 64]; 2]>();
/// Bytes of [`KNIGHT`].
pub const KNIGHT_BYTES: usize = crate::knight_attacks::lookup::TABLE_BYTES;
/// Bytes of [`KING`].
pub const KING_BYTES: usize = core::mem::size_of::<[Bitboard; 64]>();
/// Bytes of [`ROOK_LINES`] (and of [`BISHOP_LINES`]).
pub const LINES_BYTES: usize = core::mem::size_of::<[Bitboard; 64]>();
/// Bytes of the three leaper tables every super-piece technique reads.
pub const LEAPER_BYTES: usize = PAWN_BYTES + KNIGHT_BYTES + KING_BYTES;

/// The squares a pawn of `colour` on `square` attacks.
#[inline(always)]
pub fn pawn(colour: Colour, square: Square) -> Bitboard {
    PAWN.0[colour.index()][square.index()]
}

/// The squares a knight on `square` attacks.
#[inline(always)]
pub fn knight(square: Square) -> Bitboard {
    KNIGHT.0[square.index()]
}

/// The squares a king on `square` attacks.
#[inline(always)]
pub fn king(square: Square) -> Bitboard {
    KING.0[square.index()]
}

/// For every square, the squares `(files, ranks)` steps away that are on the board.
const fn steps(offsets: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square & 7) as i32, (square >> 3) as i32);
        let mut set = 0u64;
        let mut i = 0;
        while i < offsets.len() {
            let (f, r) = (file + offsets[i].0, rank + offsets[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                set |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        table[square] = Bitboard(set);
        square += 1;
    }
    table
}

const fn lines(rook: bool) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut square = 0;
    while square < 64 {
        table[square as usize] = Bitboard(if rook {
            rook_rays(square)
        } else {
            bishop_rays(square)
        });
        square += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::reference::attacks_from;
    use crate::position::Piece;

    #[test]
    fn tables_agree_with_the_reference_walk() {
        for square in Square::ALL {
            for colour in Colour::ALL {
                let expected = attacks_from(colour, Piece::Pawn, square, Bitboard::EMPTY);
                assert_eq!(pawn(colour, square), expected, "{colour} pawn on {square}");
            }
            let empty = Bitboard::EMPTY;
            let white = Colour::White;
            assert_eq!(
                knight(square),
                attacks_from(white, Piece::Knight, square, empty)
            );
            assert_eq!(
                king(square),
                attacks_from(white, Piece::King, square, empty)
            );
            let rook = attacks_from(white, Piece::Rook, square, empty);
            let bishop = attacks_from(white, Piece::Bishop, square, empty);
            assert_eq!(ROOK_LINES.0[square.index()], rook, "{square}");
            assert_eq!(BISHOP_LINES.0[square.index()], bishop, "{square}");
        }
    }
}
