//! The reference move generator: the oracle that position-based variants are verified
//! against. Never measured.
//!
//! Deliberately plain: pieces move by walking rays one square at a time with
//! [`Square::offset`] (no shifts, masks, tables or magics); a candidate move is kept only if,
//! made on a copy, it leaves the mover's king unattacked; attacks are found by the same ray
//! walking. Bitboards appear only as sets of squares.
//!
//! [`xray`]: the x-ray attacks of a rook or bishop through given blockers, by the same walking
//! (the reference of the x-ray families).
//!
//! Verified against the published perft counts of the chessprogramming wiki's six positions
//! to depth 4, Martin Sedlak's edge-case positions, and, move by move, against the
//! `cozy-chess` generator over the whole corpus (tests in `reference/tests.rs`).
//!
//! Semantics shared by every helper:
//! - attacks include the first occupied square of each ray, whatever its colour, and stop
//!   there; a piece never attacks its own square;
//! - a pawn attacks the two squares diagonally in front of it (never the square ahead);
//! - the en-passant square is set after every double push (see the
//!   [module documentation](super)); a capture en passant is generated only when it is legal,
//!   including the case where removing both pawns from the rank exposes the king.

use crate::board::bitboard::Bitboard;
pub use crate::board::position::walk::{
    attackers_to, attacks_from, checkers, is_attacked, KNIGHT_STEPS,
};
use crate::board::position::walk::{first_occupied, DIAGONAL, ORTHOGONAL};
use crate::board::position::{Castling, Colour, Move, MoveError, Piece, Position};
use crate::board::square::Square;

/// A position of the chessprogramming wiki's "Perft Results" page with its published node
/// counts.
#[derive(Clone, Copy, Debug)]
pub struct PerftPosition {
    pub name: &'static str,
    pub fen: &'static str,
    /// `counts[d - 1]` = perft at depth `d`, for depths 1 to 4.
    pub counts: [u64; 4],
}

/// The six positions of the chessprogramming wiki's "Perft Results", with their published
/// counts to depth 4 (the same counts appear in many engines' test suites). The wiki gives
/// Kiwipete and position 3 without move counters; they are written here as `0 1`.
pub const PERFT_POSITIONS: [PerftPosition; 6] = [
    PerftPosition {
        name: "initial position",
        fen: crate::board::position::STARTPOS_FEN,
        counts: [20, 400, 8_902, 197_281],
    },
    PerftPosition {
        name: "Kiwipete (position 2)",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        counts: [48, 2_039, 97_862, 4_085_603],
    },
    PerftPosition {
        name: "position 3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        counts: [14, 191, 2_812, 43_238],
    },
    PerftPosition {
        name: "position 4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        counts: [6, 264, 9_467, 422_333],
    },
    PerftPosition {
        name: "position 5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        counts: [44, 1_486, 62_379, 2_103_487],
    },
    PerftPosition {
        name: "position 6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        counts: [46, 2_079, 89_890, 3_894_594],
    },
];

/// The side to move's own pieces absolutely pinned to its king: those that stand alone
/// between the king and an enemy rook or queen on a rank or file, or an enemy bishop or queen
/// on a diagonal. (The rank-wide "pin" of a capture en passant, which involves two pawns, is
/// not a pin here; [`legal_moves`] handles it.)
pub fn pinned(position: &Position) -> Bitboard {
    let us = position.side_to_move();
    let king = position.king(us);
    let occupied = position.occupied();
    let mut pinned = Bitboard::EMPTY;
    for (directions, slider) in [(ORTHOGONAL, Piece::Rook), (DIAGONAL, Piece::Bishop)] {
        for direction in directions {
            let Some(first) = first_occupied(king, direction, occupied) else {
                continue;
            };
            if !position.colour(us).contains(first) {
                continue;
            }
            let Some(second) = first_occupied(first, direction, occupied) else {
                continue;
            };
            if let Some((colour, piece)) = position.piece_on(second) {
                if colour != us && (piece == slider || piece == Piece::Queen) {
                    pinned |= Bitboard::from_square(first);
                }
            }
        }
    }
    pinned
}

/// Every legal move of the side to move, in a fixed order: by the square of the moving piece
/// (a1 first), then by target square; promotions to knight, bishop, rook, queen. Empty on
/// checkmate and stalemate.
pub fn legal_moves(position: &Position) -> Vec<Move> {
    let mover = position.side_to_move();
    let mut moves = Vec::with_capacity(64);
    candidate_moves(position, &mut moves);
    moves.retain(|&mv| {
        let after = make(position, mv);
        !is_attacked(&after, after.king(mover), !mover)
    });
    moves
}

/// Every pseudo-legal move of the side to move, in [`legal_moves`]' order: the moves that
/// follow the pieces' movement rules, including those that leave the mover's own king
/// attacked (a pinned piece leaving its line, a king stepping into check, a capture en passant
/// that exposes the king on the rank); castling only when it is fully legal (the right held,
/// the squares between empty, the king not in check and neither crossing nor landing on an
/// attacked square). A superset of [`legal_moves`]; what a hash or killer move is tested
/// against.
pub fn pseudo_legal_moves(position: &Position) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    candidate_moves(position, &mut moves);
    moves
}

/// Every move that follows the pieces' movement rules, including those that leave the mover's
/// king attacked; castling only when it is fully legal.
fn candidate_moves(position: &Position, moves: &mut Vec<Move>) {
    let us = position.side_to_move();
    let own = position.colour(us);
    let occupied = position.occupied();
    for from in own {
        let (_, piece) = position
            .piece_on(from)
            .expect("an own square holds a piece");
        if piece == Piece::Pawn {
            pawn_moves(position, from, moves);
            continue;
        }
        for to in attacks_from(us, piece, from, occupied) {
            if !own.contains(to) {
                moves.push(Move::new(from, to));
            }
        }
        if piece == Piece::King {
            castling_moves(position, moves);
        }
    }
    moves.sort();
}

/// The pawn on `from`: one step ahead to an empty square, two from its starting rank through
/// empty squares, diagonal captures, and the capture en passant; promotions on the last rank.
fn pawn_moves(position: &Position, from: Square, moves: &mut Vec<Move>) {
    let us = position.side_to_move();
    let occupied = position.occupied();
    let start_rank = match us {
        Colour::White => 1,
        Colour::Black => 6,
    };
    let mut push = |to: Square| {
        if to.rank() == (!us).back_rank() {
            for piece in Piece::PROMOTIONS {
                moves.push(Move::promoting(from, to, piece));
            }
        } else {
            moves.push(Move::new(from, to));
        }
    };
    if let Some(one) = from.offset(0, us.forward()) {
        if !occupied.contains(one) {
            push(one);
            if from.rank() == start_rank {
                let two = one.offset(0, us.forward()).expect("from the start rank");
                if !occupied.contains(two) {
                    push(two);
                }
            }
        }
    }
    for to in attacks_from(us, Piece::Pawn, from, occupied) {
        if position.colour(!us).contains(to) || position.en_passant() == Some(to) {
            push(to);
        }
    }
}

/// Castling of the side to move: the right is held, the squares between king and rook are
/// empty, and the king is not in check, does not pass over an attacked square and does not
/// land on one.
fn castling_moves(position: &Position, moves: &mut Vec<Move>) {
    let us = position.side_to_move();
    let rank = us.back_rank();
    let on_rank = |file: u32| Square::from_index_masked((rank * 8 + file) as u8);
    let king = on_rank(4);
    if is_attacked(position, king, !us) {
        return;
    }
    // (right, squares that must be empty, squares the king crosses or lands on, king's target)
    let sides = [
        (Castling::kingside(us), &[5, 6][..], [5, 6], 6),
        (Castling::queenside(us), &[1, 2, 3][..], [3, 2], 2),
    ];
    for (right, between, crossed, target) in sides {
        let empty = between
            .iter()
            .all(|&f| !position.occupied().contains(on_rank(f)));
        let safe = crossed
            .iter()
            .all(|&f| !is_attacked(position, on_rank(f), !us));
        if position.castling().contains(right) && empty && safe {
            moves.push(Move::new(king, on_rank(target)));
        }
    }
}

/// The castling rights lost when a piece leaves or arrives on `square`: the king's and
/// rooks' original squares.
fn rights_lost(square: Square) -> Castling {
    match square {
        Square::E1 => Castling::WHITE_KINGSIDE.union(Castling::WHITE_QUEENSIDE),
        Square::H1 => Castling::WHITE_KINGSIDE,
        Square::A1 => Castling::WHITE_QUEENSIDE,
        Square::E8 => Castling::BLACK_KINGSIDE.union(Castling::BLACK_QUEENSIDE),
        Square::H8 => Castling::BLACK_KINGSIDE,
        Square::A8 => Castling::BLACK_QUEENSIDE,
        _ => Castling::NONE,
    }
}

/// The position after `mv`, which must be legal in `position` (one of
/// [`legal_moves`]`(position)`; anything else gives an unspecified position or panics).
///
/// Moves the piece (capturing what stands on the target, or the passed pawn en passant),
/// moves the rook when the king castles, promotes, drops the castling rights of any king or
/// rook square the move leaves or lands on, sets the en-passant square after a double push
/// and clears it otherwise, resets the halfmove clock on pawn moves and captures (otherwise
/// adds one), counts a full move after black's move, and passes the turn.
pub fn make(position: &Position, mv: Move) -> Position {
    let us = position.side_to_move();
    let (_, piece) = position
        .piece_on(mv.from)
        .expect("a legal move starts on a piece");
    let captures = position.occupied().contains(mv.to);
    let en_passant_capture = piece == Piece::Pawn && position.en_passant() == Some(mv.to);
    let mut next = *position;
    next.remove(mv.from);
    next.remove(mv.to);
    if en_passant_capture {
        // The captured pawn stands beside the capturer: the target's file, the origin's rank.
        let passed = Square::from_index_masked((mv.from.rank() * 8 + mv.to.file()) as u8);
        next.remove(passed);
    }
    next.put(mv.to, us, mv.promotion.unwrap_or(piece));
    let files_moved = mv.to.file() as i32 - mv.from.file() as i32;
    if piece == Piece::King && files_moved.abs() == 2 {
        let (rook_from, rook_to) = match files_moved {
            2 => (7, 5),
            _ => (0, 3),
        };
        let rank = us.back_rank();
        next.remove(Square::from_index_masked((rank * 8 + rook_from) as u8));
        next.put(
            Square::from_index_masked((rank * 8 + rook_to) as u8),
            us,
            Piece::Rook,
        );
    }
    next.castling = next
        .castling
        .without(rights_lost(mv.from))
        .without(rights_lost(mv.to));
    let ranks_moved = mv.to.rank() as i32 - mv.from.rank() as i32;
    next.en_passant = match piece == Piece::Pawn && ranks_moved.abs() == 2 {
        true => mv.from.offset(0, ranks_moved / 2),
        false => None,
    };
    next.halfmove_clock = match piece == Piece::Pawn || captures || en_passant_capture {
        true => 0,
        false => position.halfmove_clock.saturating_add(1),
    };
    if us == Colour::Black {
        next.fullmove_number = position.fullmove_number.saturating_add(1);
    }
    next.side_to_move = !us;
    next
}

/// The number of move paths of length `depth` from `position` (leaf nodes of the legal-move
/// tree; 1 at depth 0). Paths that end early in mate or stalemate are not counted.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => legal_moves(position).len() as u64,
        _ => legal_moves(position)
            .into_iter()
            .map(|mv| perft(&make(position, mv), depth - 1))
            .sum(),
    }
}

/// Perft split by first move: each legal move with `perft` of the position after it at
/// `depth - 1`, in [`legal_moves`] order. Empty at depth 0.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    legal_moves(position)
        .into_iter()
        .map(|mv| (mv, perft(&make(position, mv), depth - 1)))
        .collect()
}

pub mod xray;

#[cfg(test)]
mod tests;

#[cfg(all(test, feature = "peers"))]
mod cozy_tests;

/// Reading a move needs the legal moves, so it lives with the reference move generator.
impl Move {
    /// The legal move of `position` that UCI writes as `text` (`e2e4`, `e1g1`, `e7e8q`).
    pub fn parse_uci(position: &Position, text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(syntax());
        }
        let from = text[0..2].parse::<Square>().map_err(|_| syntax())?;
        let to = text[2..4].parse::<Square>().map_err(|_| syntax())?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(letter) => match Piece::from_letter(letter) {
                Some(piece) if Piece::PROMOTIONS.contains(&piece) => Some(piece),
                _ => return Err(syntax()),
            },
        };
        let wanted = Move {
            from,
            to,
            promotion,
        };
        legal_moves(position)
            .into_iter()
            .find(|&mv| mv == wanted)
            .ok_or_else(|| MoveError::Illegal {
                text: text.to_string(),
                fen: position.to_fen(),
            })
    }
}
