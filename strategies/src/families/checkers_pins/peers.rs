//! Peers: the checkers and pins of two published Rust chess crates, as engines get them.
//!
//! Both crates store the checkers and the pinned pieces in their board and compute them when a
//! move is played; neither has a public function that computes them from a board alone. So a
//! peer's query is the operation that computes them: **playing the query's last move on a copy
//! of the peer's own board of the position before it**, then reading the two sets. What is
//! measured is therefore the peer's whole make (moving the pieces, updating the hash, the
//! castling rights and the en-passant file) with the checkers and pins it computes on the way:
//! an upper bound on their cost, and what an engine pays for them.
//!
//! - `cozy-chess` 0.3: `Board::clone`, `Board::play_unchecked`, then `checkers()` and
//!   `pinned() & colors(side_to_move())` (its `pinned` also holds the other side's pieces
//!   between a slider and the king, which are not pins of the side to move).
//! - `chess` 3.2: `Board::make_move_new`, then `checkers()` and `pinned() &
//!   color_combined(side_to_move())` (the same).
//!
//! The boards are prepared outside the timed query: built once (a `OnceLock`, from FEN) for
//! every case of [`super::workloads::cases`], with the move in the crate's own type. The
//! kernel holds a reference to that table, taken once per batch when the harness visits the
//! variant; a query finds its board at `table[query.case]` (a bounds check and an address; the
//! board itself, 100-odd bytes, is read by the make as a copy). A case without a last move (a
//! corpus position as it stands, verification only) reads the sets the crate computed when it
//! built the board.

use super::workloads::cases;
use super::{CheckersAndPins, CheckersPinsFamily, CheckersPinsQuery};
use crate::board::position::peers::{chess_board, cozy_board};
use crate::board::position::{Move, Piece, Position};
use crate::framework::family::Kernel;
use crate::{board::bitboard::Bitboard, board::square::Square};
use std::sync::OnceLock;

/// `cozy-chess`'s slider, between, knight, king and pawn tables.
pub const COZY_CHESS_TABLE_BYTES: usize = crate::families::sliders::peers::COZY_CHESS_TABLE_BYTES
    .rook
    + 64 * 24
    + crate::families::in_between::peers::COZY_CHESS_BETWEEN_BYTES
    + 64 * 8 * 4;
/// `chess`'s slider, between, knight, king and pawn tables.
pub const CHESS_TABLE_BYTES: usize = crate::families::sliders::peers::CHESS_TABLE_BYTES.rook
    + 64 * 24
    + 64 * 8
    + crate::families::in_between::peers::CHESS_BETWEEN_BYTES
    + 64 * 8 * 4;

fn cozy_piece(piece: Piece) -> cozy_chess::Piece {
    cozy_chess::Piece::index(piece.index())
}

fn chess_piece(piece: Piece) -> chess::Piece {
    chess::ALL_PIECES[piece.index()]
}

fn cozy_square(square: Square) -> cozy_chess::Square {
    cozy_chess::Square::index(square.index())
}

fn chess_square(square: Square) -> chess::Square {
    chess::ALL_SQUARES[square.index()]
}

/// `mv`, legal in `position`, as `cozy-chess` writes it: castling is the king taking its own
/// rook.
pub(crate) fn cozy_move(position: &Position, mv: Move) -> cozy_chess::Move {
    let king = position.kind(Piece::King).contains(mv.from);
    let to = if king && mv.from.file().abs_diff(mv.to.file()) == 2 {
        let rook_file = if mv.to.file() > mv.from.file() { 7 } else { 0 };
        Square::from_index_masked((mv.from.rank() * 8 + rook_file) as u8)
    } else {
        mv.to
    };
    cozy_chess::Move {
        from: cozy_square(mv.from),
        to: cozy_square(to),
        promotion: mv.promotion.map(cozy_piece),
    }
}

/// `mv` as a `chess::ChessMove` (castling is the king's two-square move, as ours).
pub(crate) fn chess_move(mv: Move) -> chess::ChessMove {
    chess::ChessMove::new(
        chess_square(mv.from),
        chess_square(mv.to),
        mv.promotion.map(chess_piece),
    )
}

/// One case as `cozy-chess` prepares it: the board before the last move, and the move.
#[derive(Clone, Debug)]
pub struct CozyCase {
    board: cozy_chess::Board,
    last_move: Option<cozy_chess::Move>,
}

/// One case as `chess` prepares it.
#[derive(Clone, Copy, Debug)]
pub struct ChessCase {
    board: chess::Board,
    last_move: Option<chess::ChessMove>,
}

fn cozy_cases() -> &'static [CozyCase] {
    static TABLE: OnceLock<Vec<CozyCase>> = OnceLock::new();
    TABLE.get_or_init(|| {
        cases()
            .all
            .iter()
            .map(|case| match (case.before, case.last_move) {
                (Some(before), Some(mv)) => CozyCase {
                    board: cozy_board(&before),
                    last_move: Some(cozy_move(&before, mv)),
                },
                _ => CozyCase {
                    board: cozy_board(&case.position),
                    last_move: None,
                },
            })
            .collect()
    })
}

fn chess_cases() -> &'static [ChessCase] {
    static TABLE: OnceLock<Vec<ChessCase>> = OnceLock::new();
    TABLE.get_or_init(|| {
        cases()
            .all
            .iter()
            .map(|case| match (case.before, case.last_move) {
                (Some(before), Some(mv)) => ChessCase {
                    board: chess_board(&before),
                    last_move: Some(chess_move(mv)),
                },
                _ => ChessCase {
                    board: chess_board(&case.position),
                    last_move: None,
                },
            })
            .collect()
    })
}

/// `cozy-chess`, with its boards prepared for every case.
#[derive(Clone, Copy, Debug)]
pub struct CozyChess {
    cases: &'static [CozyCase],
}

impl CozyChess {
    /// The kernel, with the boards of every case (built on first use).
    pub fn prepared() -> CozyChess {
        CozyChess {
            cases: cozy_cases(),
        }
    }
}

impl Kernel<CheckersPinsFamily> for CozyChess {
    #[inline(always)]
    fn query(self, query: CheckersPinsQuery) -> CheckersAndPins {
        let case = &self.cases[query.case as usize];
        let mut board = case.board.clone();
        if let Some(mv) = case.last_move {
            board.play_unchecked(mv);
        }
        let ours = board.colors(board.side_to_move());
        CheckersAndPins {
            checkers: Bitboard(board.checkers().0),
            pinned: Bitboard((board.pinned() & ours).0),
        }
    }

    #[inline(always)]
    fn batch(self, queries: &[CheckersPinsQuery], out: &mut [CheckersAndPins]) {
        crate::framework::family::each!(queries, out, |&query| self.query(query));
    }
}

/// `chess`, with its boards prepared for every case.
#[derive(Clone, Copy, Debug)]
pub struct Chess {
    cases: &'static [ChessCase],
}

impl Chess {
    /// The kernel, with the boards of every case (built on first use).
    pub fn prepared() -> Chess {
        Chess {
            cases: chess_cases(),
        }
    }
}

impl Kernel<CheckersPinsFamily> for Chess {
    #[inline(always)]
    fn query(self, query: CheckersPinsQuery) -> CheckersAndPins {
        let case = &self.cases[query.case as usize];
        let board = match case.last_move {
            Some(mv) => case.board.make_move_new(mv),
            None => case.board,
        };
        let ours = board.color_combined(board.side_to_move());
        CheckersAndPins {
            checkers: Bitboard(board.checkers().0),
            pinned: Bitboard((board.pinned() & ours).0),
        }
    }

    #[inline(always)]
    fn batch(self, queries: &[CheckersPinsQuery], out: &mut [CheckersAndPins]) {
        crate::framework::family::each!(queries, out, |&query| self.query(query));
    }
}
