//! The attacks of the pieces that do not slide, one table per piece: `KNIGHT[sq]`,
//! `KING[sq]` and `PAWN[colour][sq]` (Stockfish's `PseudoAttacks` and `PawnAttacks`).
//!
//! Source: seed `001_91a62a26c9dc1468.txt` § by Lookup (the knight table) and seed
//! `000_25ad13ed25e2ec35.txt` § By all Pieces (`arrPawnAttacks`, `arrKnightAttacks`,
//! `arrKingAttacks`). Every table is built at compile time from the piece's steps by one
//! `const fn`. Footprint: knight 512 B, king 512 B, pawns 1 KiB. CPU features: none.

use crate::board::aligned::CacheAligned;
use crate::board::bitboard::Bitboard;

/// `KNIGHT[sq]`: the up to eight squares a knight on `sq` attacks.
pub static KNIGHT: CacheAligned<[Bitboard; 64]> = CacheAligned(steps(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]));

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

/// `PAWN[colour][sq]`, colour 0 white and 1 black: the two (on the a- and h-files, one)
/// squares a pawn of that colour on `sq` attacks, diagonally forward. Defined for every
/// square, the first and last ranks included: read as `PAWN[us][king]`, it is the squares
/// from which an enemy pawn attacks our king.
pub static PAWN: CacheAligned<[[Bitboard; 64]; 2]> =
    CacheAligned([steps(&[(-1, 1), (1, 1)]), steps(&[(-1, -1), (1, -1)])]);

/// Bytes of [`KNIGHT`].
pub const KNIGHT_BYTES: usize = core::mem::size_of::<[Bitboard; 64]>();
/// Bytes of [`KING`].
pub const KING_BYTES: usize = core::mem::size_of::<[Bitboard; 64]>();
/// Bytes of [`PAWN`].
pub const PAWN_BYTES: usize = core::mem::size_of::<[[Bitboard; 64]; 2]>();
/// Bytes of the three tables.
pub const LEAPER_BYTES: usize = PAWN_BYTES + KNIGHT_BYTES + KING_BYTES;

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
