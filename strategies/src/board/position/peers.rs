//! Our positions as the peer crates' (`chess`, `cozy-chess`) boards, for the `peers`
//! feature's position-based variants (checks and pins, perft): each built from our FEN, once,
//! outside the timed queries.

use super::Position;
use std::str::FromStr;

/// `position` as a `cozy_chess::Board`.
pub(crate) fn cozy_board(position: &Position) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(&position.to_fen(), false)
        .unwrap_or_else(|e| panic!("cozy-chess refused {position}: {e:?}"))
}

/// `position` as a `chess::Board`.
pub(crate) fn chess_board(position: &Position) -> chess::Board {
    chess::Board::from_str(&position.to_fen())
        .unwrap_or_else(|e| panic!("chess refused {position}: {e}"))
}
