//! The 0x88-difference × piece table: one obstruction mask per piece code and 0x88 difference
//! of the two squares, tested against the occupancy rotated right by the from-square.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § Attacked by Piece on Square,
//! with the formula the seed's text lost: `x88diff(f, t) = t - f + (t | 7) - (f | 7) + 120`,
//! unique per direction and distance ([`crate::board::geometry::lines::x88diff`]). Rows by the
//! seed's piece code ([`super::piece_code`]: black pawn 0, white pawn 1, knight 2, bishop 3,
//! rook 4, queen 5, king 6). An entry is
//! - the universal set where the piece never attacks along that difference;
//! - the empty set where a pawn, knight or king attacks (nothing can block it);
//! - the in-between set seen from square 0 (the obstruction, rotated right by the
//!   from-square) where a slider attacks along that line.
//!
//! The answer is `table[code][x88diff(from, to)] & rotate_right(occupied, from) == 0`. The
//! seed relies on the piece itself standing on `from`, so that the rotated occupancy has bit 0
//! set and meets the universal set; here bit 0 is ORed in, one OR, so that the answer does not
//! depend on whether `occupied` holds `from` (see the family's semantics).
//!
//! Footprint: 7 × 256 entries × 8 bytes = 14,336 bytes (14 KiB, as the seed says; 240 of the
//! 256 entries per row are reachable). Built by `const fn` from the rectangular in-between
//! table. CPU features: none.

use super::{piece_code, AttackedByPiece, PieceQuery};
use crate::board::aligned::CacheAligned;
use crate::board::geometry::lines::{x88diff, BETWEEN};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Entries per row: every 0x88 difference (1..=239), padded to the seed's 256.
pub const ROW: usize = 256;
/// Rows: one per piece code.
pub const CODES: usize = 7;

/// `TABLE[code][x88diff(from, to)]`: the obstruction mask of piece `code` from `from` to
/// `to`, rotated right by `from`; the universal set where it never attacks.
pub static TABLE: CacheAligned<[[Bitboard; ROW]; CODES]> = CacheAligned(build());

/// Bytes of [`TABLE`]: 14,336.
pub const TABLE_BYTES: usize = core::mem::size_of::<[[Bitboard; ROW]; CODES]>();

/// Whether a piece of `code` attacks `files` files and `ranks` ranks away on an empty board.
const fn reaches(code: usize, files: i32, ranks: i32) -> bool {
    let (f, r) = (files.abs(), ranks.abs());
    let diagonal = f == r && f != 0;
    let orthogonal = (f == 0) != (r == 0);
    match code {
        0 => f == 1 && ranks == -1,
        1 => f == 1 && ranks == 1,
        2 => (f == 1 && r == 2) || (f == 2 && r == 1),
        3 => diagonal,
        4 => orthogonal,
        5 => diagonal || orthogonal,
        _ => f <= 1 && r <= 1 && f + r != 0,
    }
}

const fn build() -> [[Bitboard; ROW]; CODES] {
    let mut table = [[Bitboard::FULL; ROW]; CODES];
    let mut code = 0;
    while code < CODES {
        let mut from = 0;
        while from < 64 {
            let mut to = 0;
            while to < 64 {
                let files = (to & 7) as i32 - (from & 7) as i32;
                let ranks = (to >> 3) as i32 - (from >> 3) as i32;
                if reaches(code, files, ranks) {
                    let between = BETWEEN.0[from][to].0;
                    let index = x88diff(
                        Square::from_index_masked(from as u8),
                        Square::from_index_masked(to as u8),
                    );
                    table[code][index] = Bitboard(between.rotate_right(from as u32));
                }
                to += 1;
            }
            from += 1;
        }
        code += 1;
    }
    table
}

/// The seed's 0x88 × piece table. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct X88PieceTable;

impl AttackedByPiece for X88PieceTable {
    #[inline(always)]
    fn attacks(self, query: PieceQuery) -> bool {
        let (from, to, piece, colour, occupied) = query.parts();
        let obstruction = TABLE.0[piece_code(piece, colour)][x88diff(from, to)];
        let rotated = occupied.0.rotate_right(from as u32) | 1;
        obstruction.0 & rotated == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table is sound only if every pair with the same difference wants the same entry,
    /// for every piece code.
    #[test]
    fn differences_are_unambiguous_per_piece() {
        for code in 0..CODES {
            let mut seen: [Option<Bitboard>; ROW] = [None; ROW];
            for from in Square::ALL {
                for to in Square::ALL {
                    let files = to.file() as i32 - from.file() as i32;
                    let ranks = to.rank() as i32 - from.rank() as i32;
                    let wanted = match reaches(code, files, ranks) {
                        true => Bitboard(
                            BETWEEN.0[from.index()][to.index()]
                                .0
                                .rotate_right(from as u32),
                        ),
                        false => Bitboard::FULL,
                    };
                    let i = x88diff(from, to);
                    assert_eq!(*seen[i].get_or_insert(wanted), wanted, "{code} {from}-{to}");
                    assert_eq!(TABLE.0[code][i], wanted);
                }
            }
        }
    }
}
