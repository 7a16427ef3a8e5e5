//! Peers: `cozy-chess`'s and `chess`'s legal move generators in the same perft, with bulk
//! counting at the last ply, on the same queries and timed the same way.
//!
//! - `cozy-chess` 0.3: `Board::generate_moves` hands over each piece's moves as a set; the last
//!   ply adds `moves.len()`, the others clone the board, `play_unchecked` each move and recurse
//!   (the crate's own perft example does the same).
//! - `chess` 3.2: `MoveGen::new_legal(&board).len()` at the last ply; otherwise each move with
//!   `Board::make_move_new` (its perft example does the same).
//!
//! The boards are prepared outside the timed queries: built once (a `OnceLock`, from FEN) for
//! every position a query may name ([`super::workloads::positions`]); the kernel holds a
//! reference to that table, taken once per batch, and a query reads `table[query.case]`.
//! Nothing of the conversion from our [`Position`](crate::board::position::Position) is timed.

use super::workloads::positions;
use super::{PerftFamily, PerftQuery};
use crate::board::position::peers::{chess_board, cozy_board};
use crate::framework::family::{Descriptor, Kernel, Source};
use std::sync::OnceLock;

/// `cozy-chess`'s perft.
pub const COZY_CHESS_DESCRIPTOR: Descriptor = Descriptor {
    family: "perft",
    name: "cozy_chess",
    summary: "cozy_chess::Board::generate_moves with play_unchecked on a clone; moves.len() at the last ply",
    source: Source::External {
        krate: "cozy-chess 0.3",
        item: "cozy_chess::Board::generate_moves, play_unchecked",
        tables: "computed in const items and by a build script",
    },
    table_bytes: crate::families::checkers_pins::peers::COZY_CHESS_TABLE_BYTES,
    requires: &[],
};

/// `chess`'s perft.
pub const CHESS_DESCRIPTOR: Descriptor = Descriptor {
    family: "perft",
    name: "chess",
    summary: "chess::MoveGen::new_legal with Board::make_move_new; MoveGen::len() at the last ply",
    source: Source::External {
        krate: "chess 3.2",
        item: "chess::MoveGen::new_legal, Board::make_move_new",
        tables: "computed by a build script",
    },
    table_bytes: crate::families::checkers_pins::peers::CHESS_TABLE_BYTES,
    requires: &[],
};

/// `cozy-chess`'s perft of `board` at `depth` (at least 1).
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// `chess`'s perft of `board` at `depth` (at least 1).
fn chess_perft(board: &chess::Board, depth: u32) -> u64 {
    let moves = chess::MoveGen::new_legal(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .map(|mv| chess_perft(&board.make_move_new(mv), depth - 1))
        .sum()
}

/// `cozy-chess`, with its boards prepared for every position.
#[derive(Clone, Copy, Debug)]
pub struct CozyChess {
    boards: &'static [cozy_chess::Board],
}

impl CozyChess {
    /// The kernel, with the boards of every position (built on first use).
    pub fn prepared() -> CozyChess {
        static BOARDS: OnceLock<Vec<cozy_chess::Board>> = OnceLock::new();
        CozyChess {
            boards: BOARDS.get_or_init(|| positions().iter().map(cozy_board).collect()),
        }
    }
}

impl Kernel<PerftFamily> for CozyChess {
    #[inline(always)]
    fn query(self, query: PerftQuery) -> u64 {
        match query.depth {
            0 => 1,
            depth => cozy_perft(&self.boards[query.case as usize], depth),
        }
    }

    fn batch(self, queries: &[PerftQuery], out: &mut [u64]) {
        crate::framework::family::each!(queries, out, |&query| self.query(query));
    }
}

/// `chess`, with its boards prepared for every position.
#[derive(Clone, Copy, Debug)]
pub struct Chess {
    boards: &'static [chess::Board],
}

impl Chess {
    /// The kernel, with the boards of every position (built on first use).
    pub fn prepared() -> Chess {
        static BOARDS: OnceLock<Vec<chess::Board>> = OnceLock::new();
        Chess {
            boards: BOARDS.get_or_init(|| positions().iter().map(chess_board).collect()),
        }
    }
}

impl Kernel<PerftFamily> for Chess {
    #[inline(always)]
    fn query(self, query: PerftQuery) -> u64 {
        match query.depth {
            0 => 1,
            depth => chess_perft(&self.boards[query.case as usize], depth),
        }
    }

    fn batch(self, queries: &[PerftQuery], out: &mut [u64]) {
        crate::framework::family::each!(queries, out, |&query| self.query(query));
    }
}
