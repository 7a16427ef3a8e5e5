//! Attacks on a position found by walking rays one square at a time with [`Square::offset`]:
//! no shifts, masks or tables. The FEN reader asks it whether the side not to move is in check,
//! and the reference move generator (`bench::reference`, feature `bench`) builds on it, so a
//! technique verified against the reference is never verified against itself.
//!
//! Attacks include the first occupied square of each ray, whatever its colour, and stop there;
//! a piece never attacks its own square; a pawn attacks the two squares diagonally in front
//! of it.

use super::{Colour, Piece, Position};
use crate::board::bitboard::Bitboard;
use crate::board::square::Square;

/// Rook directions as (file, rank) steps.
pub(crate) const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions as (file, rank) steps.
pub(crate) const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Knight moves as (file, rank) steps (the knight references of the knight families walk
/// them too).
pub const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// King moves (one square in any direction) as (file, rank) steps.
pub(crate) const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The squares one step away from `from` that are on the board.
pub(crate) fn steps(from: Square, steps: &[(i32, i32)]) -> Bitboard {
    steps
        .iter()
        .filter_map(|&(files, ranks)| from.offset(files, ranks))
        .collect()
}

/// The squares along each direction from `from`, up to and including the first occupied one.
pub(crate) fn rays(from: Square, directions: &[(i32, i32)], occupied: Bitboard) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for &(files, ranks) in directions {
        let mut square = from;
        while let Some(next) = square.offset(files, ranks) {
            set |= Bitboard::from_square(next);
            if occupied.contains(next) {
                break;
            }
            square = next;
        }
    }
    set
}

/// The first occupied square from `from` (exclusive) in one direction, if any.
pub(crate) fn first_occupied(
    from: Square,
    (files, ranks): (i32, i32),
    occupied: Bitboard,
) -> Option<Square> {
    let mut square = from.offset(files, ranks)?;
    while !occupied.contains(square) {
        square = square.offset(files, ranks)?;
    }
    Some(square)
}

/// The squares a `colour` `piece` on `square` attacks, given `occupied` (whose pieces block
/// sliders; the first blocker on each ray is attacked, whichever its colour). Pawns attack
/// diagonally forward only. `colour` matters only for pawns.
pub fn attacks_from(colour: Colour, piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    match piece {
        Piece::Pawn => steps(square, &[(-1, colour.forward()), (1, colour.forward())]),
        Piece::Knight => steps(square, &KNIGHT_STEPS),
        Piece::Bishop => rays(square, &DIAGONAL, occupied),
        Piece::Rook => rays(square, &ORTHOGONAL, occupied),
        Piece::Queen => rays(square, &DIAGONAL, occupied) | rays(square, &ORTHOGONAL, occupied),
        Piece::King => steps(square, &KING_STEPS),
    }
}

/// Every piece, of either colour, that attacks `target` in `position` (with the position's
/// occupancy). Whether `target` is empty or occupied, and by whom, plays no part.
///
/// Found by walking outwards from `target`: the first piece on each orthogonal (diagonal) ray
/// attacks it if it is a rook or queen (bishop or queen); knights and kings a knight's or
/// king's step away attack it; and pawns on the two squares diagonally behind it, as seen from
/// each pawn's side.
pub fn attackers_to(position: &Position, target: Square) -> Bitboard {
    let occupied = position.occupied();
    let mut attackers = Bitboard::EMPTY;
    for (directions, slider) in [(ORTHOGONAL, Piece::Rook), (DIAGONAL, Piece::Bishop)] {
        for direction in directions {
            if let Some(square) = first_occupied(target, direction, occupied) {
                if let Some((_, piece)) = position.piece_on(square) {
                    if piece == slider || piece == Piece::Queen {
                        attackers |= Bitboard::from_square(square);
                    }
                }
            }
        }
    }
    attackers |= steps(target, &KNIGHT_STEPS) & position.kind(Piece::Knight);
    attackers |= steps(target, &KING_STEPS) & position.kind(Piece::King);
    // A white pawn attacks `target` from one rank below it, a black pawn from one rank above.
    attackers |= steps(target, &[(-1, -1), (1, -1)]) & position.pieces(Colour::White, Piece::Pawn);
    attackers |= steps(target, &[(-1, 1), (1, 1)]) & position.pieces(Colour::Black, Piece::Pawn);
    attackers
}

/// Whether any piece of `by` attacks `square` in `position`.
pub fn is_attacked(position: &Position, square: Square, by: Colour) -> bool {
    !(attackers_to(position, square) & position.colour(by)).is_empty()
}

/// The enemy pieces giving check to the side to move's king (empty when not in check).
pub fn checkers(position: &Position) -> Bitboard {
    let us = position.side_to_move();
    attackers_to(position, position.king(us)) & position.colour(!us)
}
