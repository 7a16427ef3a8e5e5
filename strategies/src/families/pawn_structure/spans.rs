//! Spans: the seed's rules set-wise, on both sides at once.
//!
//! Source: seed `004_11d864785c92de7d.txt` § Attack Spans: a pawn outside the union of its
//! side's east and west attack file fills is isolated, one inside exactly one of them is
//! half-isolated, and one outside the union of the opponent's front spans and front attack
//! spans is passed. Footprint: none. CPU features: none.
//!
//! Four fills: white's north fill gives its front spans (for black's passed pawns) and, with
//! its south fill, its file fill; black's the other way round. (Getting the file fills by
//! multiplying rank 8 of the north fill by the a-file instead saves two fills, but ran slower
//! in batches: docs/notebook.md, "Measurements behind the code".)

use super::{PawnStructure, Pawns, Structure};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::fills::{east_one, north_fill, south_fill, west_one};

/// `(isolated, half_isolated)` of `pawns`, given their file fill.
#[inline(always)]
pub const fn isolated_and_half_isolated(pawns: u64, file_fill: u64) -> (u64, u64) {
    // A pawn is in the west attack file fill when its east neighbouring file has a pawn.
    let no_east_neighbour = pawns & !west_one(file_fill);
    let no_west_neighbour = pawns & !east_one(file_fill);
    (
        no_east_neighbour & no_west_neighbour,
        no_east_neighbour ^ no_west_neighbour,
    )
}

/// The pawns of `pawns` outside the opponent's `front_spans` and their east and west shifts
/// (the front attack spans).
#[inline(always)]
pub const fn passed(pawns: u64, opponent_front_spans: u64) -> u64 {
    let span =
        opponent_front_spans | east_one(opponent_front_spans) | west_one(opponent_front_spans);
    pawns & !span
}

/// The set-wise rules. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spans;

impl PawnStructure for Spans {
    #[inline(always)]
    fn structure(self, pawns: Pawns) -> Structure {
        let (white, black) = (pawns.white.0, pawns.black.0);
        let white_north = north_fill(white);
        let black_south = south_fill(black);
        let white_files = white_north | south_fill(white);
        let black_files = black_south | north_fill(black);
        let (white_isolated, white_half_isolated) = isolated_and_half_isolated(white, white_files);
        let (black_isolated, black_half_isolated) = isolated_and_half_isolated(black, black_files);
        Structure {
            white_isolated: Bitboard(white_isolated),
            white_half_isolated: Bitboard(white_half_isolated),
            white_passed: Bitboard(passed(white, black_south >> 8)),
            black_isolated: Bitboard(black_isolated),
            black_half_isolated: Bitboard(black_half_isolated),
            black_passed: Bitboard(passed(black, white_north << 8)),
        }
    }
}
