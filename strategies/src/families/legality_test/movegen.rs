//! A pseudo-legal move generator on bitboards: what `generate_and_search` runs to the end
//! before it searches. Every move of the reference's `pseudo_legal_moves`, in no particular
//! order, into a fixed-capacity list on the stack.
//!
//! Source: new (the seed names "the complete move-generation" as what the legality test
//! saves, without giving one). Sliders by magic, leapers and pawn captures from the shared
//! tables, pushes by shifts, castling by [`by_piece::castles`]. Footprint: magic's tables and
//! the leaper tables. CPU features: none.

use super::by_piece;
use crate::board::position::leapers;
use crate::board::position::{Colour, Move, Piece, Position};
use crate::families::sliders::magic::Magic;
use crate::families::sliders::Slider;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::mem::MaybeUninit;

/// The most pseudo-legal moves a valid position can have: no piece has more than 27 (a queen
/// in the centre; a pawn at most 3 targets × 4 promotions, a king 8 steps and 2 castlings),
/// and a side has at most 16 pieces.
pub const CAPACITY: usize = 16 * 27;

/// Moves on the stack, up to [`CAPACITY`]; nothing is written before it is pushed.
pub struct MoveList {
    moves: [MaybeUninit<Move>; CAPACITY],
    len: usize,
}

impl MoveList {
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; CAPACITY],
            len: 0,
        }
    }

    /// Appends `mv`.
    ///
    /// # Panics
    /// If the list is full (no valid position has that many moves).
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = MaybeUninit::new(mv);
        self.len += 1;
    }

    /// The moves pushed so far, in order.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: `push` is the only writer: it initialises entry `len` before incrementing
        // `len`, so entries `0..len` are initialised `Move`s, and `MaybeUninit<Move>` has the
        // layout of `Move`.
        unsafe { core::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

/// Pushes every move from `from` to a square of `targets`.
#[inline(always)]
fn push_all(list: &mut MoveList, from: Square, targets: Bitboard) {
    for to in targets {
        list.push(Move::new(from, to));
    }
}

/// Pushes every pseudo-legal move of the side to move of `position` onto `list`.
pub fn generate(position: &Position, list: &mut MoveList) {
    let us = position.side_to_move();
    let own = position.colour(us);
    let not_own = !own;
    let occupied = position.occupied();
    let last_rank = match us {
        Colour::White => 7,
        Colour::Black => 0,
    };
    for from in position.pieces(us, Piece::Pawn) {
        for to in by_piece::pawn_targets(position, from) {
            if to.rank() == last_rank {
                for piece in Piece::PROMOTIONS {
                    list.push(Move::promoting(from, to, piece));
                }
            } else {
                list.push(Move::new(from, to));
            }
        }
    }
    for from in position.pieces(us, Piece::Knight) {
        push_all(list, from, leapers::knight(from) & not_own);
    }
    let queens = position.pieces(us, Piece::Queen);
    for from in position.pieces(us, Piece::Bishop) | queens {
        push_all(list, from, Magic.bishop(from, occupied) & not_own);
    }
    for from in position.pieces(us, Piece::Rook) | queens {
        push_all(list, from, Magic.rook(from, occupied) & not_own);
    }
    let king = position.king(us);
    push_all(list, king, leapers::king(king) & not_own);
    let base = us.back_rank() * 8;
    for file in [6, 2] {
        let castling = Move::new(king, Square::from_index_masked((base + file) as u8));
        if by_piece::castles(position, castling) {
            list.push(castling);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::corpus::default_corpus;
    use crate::bench::edge_positions::edge_positions;
    use crate::bench::reference;

    /// The generator's moves are the reference's pseudo-legal moves, as sets (each once).
    #[test]
    fn generates_the_reference_pseudo_legal_moves() {
        for position in default_corpus().iter().chain(&edge_positions()) {
            let mut list = MoveList::new();
            generate(position, &mut list);
            let mut got = list.as_slice().to_vec();
            got.sort();
            assert_eq!(got, reference::pseudo_legal_moves(position), "{position}");
        }
    }

    #[test]
    fn pseudo_legal_moves_contain_the_legal_ones_and_more() {
        let mut more = 0;
        for position in default_corpus() {
            let pseudo = reference::pseudo_legal_moves(position);
            let legal = reference::legal_moves(position);
            assert!(legal.iter().all(|mv| pseudo.contains(mv)), "{position}");
            more += pseudo.len() - legal.len();
        }
        assert!(more > 0, "some moves leave the king attacked");
    }
}
