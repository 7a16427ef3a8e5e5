//! Making a move by copy: each kind of move writes a new [`Position`] from the old one with a
//! few bitboard operations and no search for the piece that moves (the generator knows it).
//! The result equals `reference::make`'s, move counters
//! included (a test checks every legal move of every corpus position).

use crate::board::position::{Castling, Colour, Move, Piece, Position};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// `LOST[sq]`: the castling rights lost when a piece leaves or lands on `sq` (the kings' and
/// rooks' original squares).
static LOST: [Castling; 64] = lost_rights();

const fn lost_rights() -> [Castling; 64] {
    let mut lost = [Castling::NONE; 64];
    let white = Castling::WHITE_KINGSIDE.union(Castling::WHITE_QUEENSIDE);
    let black = Castling::BLACK_KINGSIDE.union(Castling::BLACK_QUEENSIDE);
    lost[Square::E1 as usize] = white;
    lost[Square::H1 as usize] = Castling::WHITE_KINGSIDE;
    lost[Square::A1 as usize] = Castling::WHITE_QUEENSIDE;
    lost[Square::E8 as usize] = black;
    lost[Square::H8 as usize] = Castling::BLACK_KINGSIDE;
    lost[Square::A8 as usize] = Castling::BLACK_QUEENSIDE;
    lost
}

/// The move of a `piece` of the side to move from `from` to `to`, capturing whatever stands
/// there: the common part of every make. Sets no en-passant square.
#[inline(always)]
fn moved(position: &Position, piece: Piece, from: Square, to: Square) -> Position {
    let us = position.side_to_move;
    let them = !us;
    let to_set = Bitboard::from_square(to);
    let both = Bitboard::from_square(from) | to_set;
    let captures = position.occupied().contains(to);
    let mut next = *position;
    for set in next.pieces.iter_mut() {
        *set &= !to_set;
    }
    next.colours[them.index()] &= !to_set;
    next.colours[us.index()] ^= both;
    next.pieces[piece.index()] ^= both;
    next.castling = position
        .castling
        .without(LOST[from as usize])
        .without(LOST[to as usize]);
    next.en_passant = None;
    next.halfmove_clock = if piece == Piece::Pawn || captures {
        0
    } else {
        position.halfmove_clock.saturating_add(1)
    };
    next.fullmove_number = position
        .fullmove_number
        .saturating_add((us == Colour::Black) as u16);
    next.side_to_move = them;
    next
}

/// A piece's move or capture, a pawn's single push or capture included (not a promotion, a
/// double push, en passant or castling).
#[inline(always)]
pub fn make_plain(position: &Position, piece: Piece, from: Square, to: Square) -> Position {
    moved(position, piece, from, to)
}

/// A pawn's double push: sets the en-passant square, the square it passed over.
#[inline(always)]
pub fn make_double_push(position: &Position, from: Square, to: Square) -> Position {
    let mut next = moved(position, Piece::Pawn, from, to);
    next.en_passant = Some(Square::from_index_masked(((from as u8) + (to as u8)) / 2));
    next
}

/// A pawn's move to the last rank, promoting to `piece`.
#[inline(always)]
pub fn make_promotion(position: &Position, from: Square, to: Square, piece: Piece) -> Position {
    let mut next = moved(position, Piece::Pawn, from, to);
    let to_set = Bitboard::from_square(to);
    next.pieces[Piece::Pawn.index()] ^= to_set;
    next.pieces[piece.index()] ^= to_set;
    next
}

/// A capture en passant onto the position's en-passant square `to`.
#[inline(always)]
pub fn make_en_passant(position: &Position, from: Square, to: Square) -> Position {
    let mut next = moved(position, Piece::Pawn, from, to);
    // The pawn taken stands beside the capturer: the target's file, the origin's rank.
    let taken = !Bitboard::from_square(Square::from_index_masked(
        (from.rank() * 8 + to.file()) as u8,
    ));
    next.pieces[Piece::Pawn.index()] &= taken;
    let them = !position.side_to_move;
    next.colours[them.index()] &= taken;
    next
}

/// Castling: the king's two-square move `from`-`to`, and the rook's jump over it.
#[inline(always)]
pub fn make_castling(position: &Position, from: Square, to: Square) -> Position {
    let mut next = moved(position, Piece::King, from, to);
    let rank = from.rank() * 8;
    let (rook_from, rook_to) = if to > from { (7, 5) } else { (0, 3) };
    let rook = Bitboard::from_square(Square::from_index_masked((rank + rook_from) as u8))
        | Bitboard::from_square(Square::from_index_masked((rank + rook_to) as u8));
    next.pieces[Piece::Rook.index()] ^= rook;
    next.colours[position.side_to_move.index()] ^= rook;
    next
}

/// The position after `mv`, which must be legal in `position` (anything else gives an
/// unspecified position or panics). Finds the kind of move from the position; the generator
/// calls the specialised functions above instead.
pub fn make(position: &Position, mv: Move) -> Position {
    let (_, piece) = position
        .piece_on(mv.from)
        .expect("a legal move starts on a piece");
    match (piece, mv.promotion) {
        (Piece::Pawn, Some(promotion)) => make_promotion(position, mv.from, mv.to, promotion),
        (Piece::Pawn, None) if position.en_passant() == Some(mv.to) => {
            make_en_passant(position, mv.from, mv.to)
        }
        (Piece::Pawn, None) if mv.from.rank().abs_diff(mv.to.rank()) == 2 => {
            make_double_push(position, mv.from, mv.to)
        }
        (Piece::King, None) if mv.from.file().abs_diff(mv.to.file()) == 2 => {
            make_castling(position, mv.from, mv.to)
        }
        _ => make_plain(position, piece, mv.from, mv.to),
    }
}
