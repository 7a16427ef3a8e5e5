//! The seed's legality test: the piece on `from` must belong to the side to move and `to`
//! must not; a pawn is tested by its rules (pushes through empty squares, captures, en
//! passant, promotion); castling by its rules; every other piece by whether it attacks `to`
//! from `from` given the occupancy, an `attacked_by_piece` question, whose technique is the
//! type parameter.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § Legality Test and § In
//! Between ("it is about distant moves of sliding pieces (and double pawn push and castling) -
//! whether a square between from and to is obstructed or not"). With
//! [`InBetweenLine`](crate::families::attacked_by_piece::in_between_line::InBetweenLine) this is
//! `in_between_obstruction`, the seed's; with
//! [`X88PieceTable`](crate::families::attacked_by_piece::x88_piece_table::X88PieceTable)
//! `x88_piece_table`; with [`SwitchAttacks`](crate::families::attacked_by_piece::switch_attacks::SwitchAttacks)
//! `switch_attacks`.
//!
//! Footprint: the piece test's tables, the pawn table (1 KiB), and, for a castling move only,
//! the attacked test's (leaper tables and magic). CPU features: none.

use super::LegalityTest;
use crate::board::geometry::RANK_1;
use crate::board::position::leapers;
use crate::board::position::{Castling, Colour, Move, Piece, Position};
use crate::families::attacked::early_return::EarlyReturn;
use crate::families::attacked::Attacked;
use crate::families::attacked_by_piece::{AttackedByPiece, PieceQuery};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// The kind of the piece on `square`, which must be occupied: the sum of each kind's index
/// times whether it stands there, without a branch.
#[inline(always)]
pub fn kind_on(position: &Position, square: Square) -> Piece {
    let mut index = 0;
    for piece in [
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::King,
    ] {
        index += piece.index() * (position.kind(piece).0 >> square as u32 & 1) as usize;
    }
    Piece::ALL[index]
}

/// Whether `promotion` is what a pawn move to `to` must carry: a knight, bishop, rook or queen
/// on the last rank, nothing elsewhere.
#[inline(always)]
pub fn promotion_fits(us: Colour, to: Square, promotion: Option<Piece>) -> bool {
    let last_rank = to.rank() == (!us).back_rank();
    match promotion {
        None => !last_rank,
        Some(Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen) => last_rank,
        Some(Piece::Pawn | Piece::King) => false,
    }
}

/// The squares a pawn of the side to move on `from` may move to: one step ahead if empty, two
/// from its starting rank through empty squares, diagonal captures of enemy pieces and of the
/// en-passant square.
#[inline(always)]
pub fn pawn_targets(position: &Position, from: Square) -> Bitboard {
    let us = position.side_to_move();
    let empty = !position.occupied().0;
    let pawn = 1u64 << from as u32;
    let (single, double) = match us {
        Colour::White => {
            let single = pawn << 8 & empty;
            (single, single << 8 & empty & RANK_1 << 24)
        }
        Colour::Black => {
            let single = pawn >> 8 & empty;
            (single, single >> 8 & empty & RANK_1 << 32)
        }
    };
    let en_passant = position.en_passant().map_or(0, |square| 1 << square as u32);
    let captures = leapers::pawn(us, from).0 & (position.colour(!us).0 | en_passant);
    Bitboard(single | double | captures)
}

/// Whether the king move `mv` of the side to move is a castling move that is fully legal (see
/// [`LegalityTest`]). `mv.from` holds the side to move's king.
#[inline(always)]
pub fn castles(position: &Position, mv: Move) -> bool {
    let us = position.side_to_move();
    let base = us.back_rank() * 8;
    if mv.from as u32 != base + 4 {
        return false;
    }
    let on_rank = |file: u32| Square::from_index_masked((base + file) as u8);
    // (right, files that must be empty, file crossed, file landed on)
    let (right, between, crossed, landing) = match (mv.to as u32).wrapping_sub(base) {
        6 => (Castling::kingside(us), 0b0110_0000u64, 5, 6),
        2 => (Castling::queenside(us), 0b0000_1110u64, 3, 2),
        _ => return false,
    };
    let safe = |file| !EarlyReturn.attacked(position, on_rank(file), !us);
    position.castling().contains(right)
        && (position.occupied().0 & between << base) == 0
        && safe(4)
        && safe(crossed)
        && safe(landing)
}

/// The seed's legality test with the piece test `A`. As zero-sized as `A`.
#[derive(Clone, Copy, Debug)]
pub struct ByPiece<A>(pub A);

impl<A: AttackedByPiece> LegalityTest for ByPiece<A> {
    #[inline(always)]
    fn is_pseudo_legal(self, position: &Position, mv: Move) -> bool {
        let us = position.side_to_move();
        let own = position.colour(us);
        if !own.contains(mv.from) || own.contains(mv.to) {
            return false;
        }
        let piece = kind_on(position, mv.from);
        if piece == Piece::Pawn {
            return promotion_fits(us, mv.to, mv.promotion)
                && pawn_targets(position, mv.from).contains(mv.to);
        }
        if mv.promotion.is_some() {
            return false;
        }
        self.0.attacks(PieceQuery::new(
            mv.from,
            mv.to,
            piece,
            us,
            position.occupied(),
        )) || (piece == Piece::King && castles(position, mv))
    }
}
