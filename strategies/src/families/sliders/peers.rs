//! Peers: the rook and bishop lookups of two published Rust chess crates, registered as
//! external variants so that they are verified and measured in the same run as ours.
//!
//! - `cozy-chess` 0.3 (MIT): `cozy_chess::get_rook_moves` and `get_bishop_moves`, fixed-shift
//!   black magics (`(occupied | !mask) * magic >> 52` for rooks, `>> 55` for bishops) into one
//!   table of 87,988 bitboards shared by both pieces, which the crate's build script writes
//!   out; read with a bounds check. The magic entries are 24 bytes (`!mask`, magic, offset).
//! - `chess` 3.2 (MIT): `chess::get_rook_moves` and `get_bishop_moves`, fixed-shift magics
//!   (12 bits for rooks, 9 for bishops) into one table of 104,960 bitboards shared by both
//!   pieces, overlapping where rays are disjoint, the result then masked with the piece's
//!   rays; read with `get_unchecked`. Built by the crate's build script.
//!
//! Footprints count the shared table in full for each family (both pieces' entries are
//! interleaved in it), plus the piece's per-square entries.

use super::Slider;
use crate::board::geometry::Footprint;
use crate::board::square::peers::{to_chess, to_cozy_chess};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// `cozy-chess`'s shared table and one piece's 64 magic entries.
pub const COZY_CHESS_TABLE_BYTES: Footprint = Footprint::same(87_988 * 8 + 64 * 24);

/// `chess`'s shared table, one piece's 64 magic entries and its 64 ray masks.
pub const CHESS_TABLE_BYTES: Footprint = Footprint::same(104_960 * 8 + 64 * 24 + 64 * 8);

/// `cozy_chess::get_rook_moves` and `get_bishop_moves`. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct CozyChess;

impl Slider for CozyChess {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        let blockers = cozy_chess::BitBoard(occupied.0);
        Bitboard(cozy_chess::get_rook_moves(to_cozy_chess(square), blockers).0)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        let blockers = cozy_chess::BitBoard(occupied.0);
        Bitboard(cozy_chess::get_bishop_moves(to_cozy_chess(square), blockers).0)
    }
}

/// `chess::get_rook_moves` and `get_bishop_moves`. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chess;

impl Slider for Chess {
    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(chess::get_rook_moves(to_chess(square), chess::BitBoard(occupied.0)).0)
    }

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(chess::get_bishop_moves(to_chess(square), chess::BitBoard(occupied.0)).0)
    }
}
