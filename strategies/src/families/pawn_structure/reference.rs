//! The reference: each pawn against its own side's files and the opponent's pawns on its
//! own and neighbouring files, by comparing files and ranks.
//!
//! Deliberately plain and independent of every variant (no fills, spans, shifts or tables), so
//! that an agreement between it and a variant means something. Used only for verification.

use super::{Pawns, Structure};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// `(isolated, half_isolated, passed)` of `own`, judged against `opponent`; `white` says which
/// way is ahead.
fn side(own: Bitboard, opponent: Bitboard, white: bool) -> (Bitboard, Bitboard, Bitboard) {
    // Ranks counted from `own`'s side of the board, so that ahead is always higher.
    let rank = |square: Square| {
        if white {
            square.rank()
        } else {
            7 - square.rank()
        }
    };
    let mut own_files = [false; 8];
    for pawn in own {
        own_files[pawn.file() as usize] = true;
    }
    // Per file, the opponent's pawn furthest ahead, if any.
    let mut furthest: [Option<u32>; 8] = [None; 8];
    for other in opponent {
        let file = &mut furthest[other.file() as usize];
        *file = Some(file.map_or(rank(other), |r| r.max(rank(other))));
    }
    let files_beside = |pawn: Square| {
        let file = pawn.file() as i32;
        (file - 1..=file + 1).filter_map(|f| usize::try_from(f).ok().filter(|&f| f < 8))
    };
    let (mut isolated, mut half_isolated, mut passed) =
        (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for pawn in own {
        let file = pawn.file() as usize;
        let east = file < 7 && own_files[file + 1];
        let west = file > 0 && own_files[file - 1];
        let stopper = files_beside(pawn).any(|f| furthest[f].is_some_and(|r| r > rank(pawn)));
        let pawn_set = Bitboard::from(pawn);
        if !east && !west {
            isolated |= pawn_set;
        }
        if east != west {
            half_isolated |= pawn_set;
        }
        if !stopper {
            passed |= pawn_set;
        }
    }
    (isolated, half_isolated, passed)
}

/// The isolated, half-isolated and passed pawns of both sides (see [`super::PawnStructure`]).
pub fn structure(pawns: Pawns) -> Structure {
    let (white_isolated, white_half_isolated, white_passed) = side(pawns.white, pawns.black, true);
    let (black_isolated, black_half_isolated, black_passed) = side(pawns.black, pawns.white, false);
    Structure {
        white_isolated,
        white_half_isolated,
        white_passed,
        black_isolated,
        black_half_isolated,
        black_passed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square::Square::*;

    use crate::bench::testing::set;

    #[test]
    fn a_textbook_structure() {
        // White: a2 b3 d4 f2 g2 h3; black: a7 c5 e6 f7 g7 h7.
        let pawns = Pawns {
            white: set(&[A2, B3, D4, F2, G2, H3]),
            black: set(&[A7, C5, E6, F7, G7, H7]),
        };
        let got = structure(pawns);
        assert_eq!(got.white_isolated, set(&[D4]));
        // a2 and h3 stand on edge files with a neighbour; b3 and f2 have one neighbour each.
        assert_eq!(got.white_half_isolated, set(&[A2, B3, F2, H3]));
        assert_eq!(got.white_passed, Bitboard::EMPTY);
        assert_eq!(got.black_isolated, set(&[A7, C5]));
        assert_eq!(got.black_half_isolated, set(&[E6, H7]));
        // Every black pawn has a white pawn below it on its file or a neighbouring one.
        assert_eq!(got.black_passed, Bitboard::EMPTY);
    }

    #[test]
    fn passers_edges_and_the_empty_board() {
        let pawns = Pawns {
            white: set(&[A5, D6, D2]),
            black: set(&[C7, H4]),
        };
        let got = structure(pawns);
        // c7 stops d6 and d2 (a neighbouring file, ahead of both) but not a5; d6 stops c7
        // in turn. Nothing is below h4 on the g- and h-files.
        assert_eq!(got.white_passed, set(&[A5]));
        assert_eq!(got.black_passed, set(&[H4]));
        assert_eq!(got.white_isolated, set(&[A5, D6, D2]));
        assert_eq!(got.black_isolated, set(&[C7, H4]));
        assert_eq!(got.black_half_isolated, Bitboard::EMPTY);
        assert_eq!(structure(Pawns::default()), Structure::default());
    }
}
