//! The reference: for every pawn, walk the two neighbouring files square by square and sort
//! each square into front span, rear span and file fill by comparing ranks.
//!
//! Deliberately plain and independent of every variant (no fills, shifts or masks), so that an
//! agreement between it and a variant means something. Used only for verification.

use super::{Colour, SidePawns, Spans};
use crate::{Bitboard, Square};

/// The six span sets of `input` (see [`super::AttackSpans`]).
pub fn spans(input: SidePawns) -> Spans {
    let mut spans = Spans::default();
    for pawn in input.pawns {
        for files in [1, -1] {
            for rank in 0..8 {
                let Some(square) = Square::from_file_rank(pawn.file(), rank)
                    .ok()
                    .and_then(|on_file| on_file.offset(files, 0))
                else {
                    continue;
                };
                let ahead = match input.colour {
                    Colour::White => rank > pawn.rank(),
                    Colour::Black => rank < pawn.rank(),
                };
                let square = Bitboard::from(square);
                let (front, rear, fill) = if files == 1 {
                    (
                        &mut spans.front_east,
                        &mut spans.rear_east,
                        &mut spans.file_fill_east,
                    )
                } else {
                    (
                        &mut spans.front_west,
                        &mut spans.rear_west,
                        &mut spans.file_fill_west,
                    )
                };
                *fill |= square;
                if ahead {
                    *front |= square;
                } else {
                    *rear |= square;
                }
            }
        }
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square::*;

    fn set(squares: &[Square]) -> Bitboard {
        squares.iter().copied().collect()
    }

    #[test]
    fn the_seeds_diagrams_for_a_pawn_on_d4() {
        let white = spans(SidePawns::new(D4.into(), Colour::White));
        assert_eq!(white.front_west, set(&[C5, C6, C7, C8]));
        assert_eq!(white.front_east, set(&[E5, E6, E7, E8]));
        assert_eq!(white.rear_west, set(&[C1, C2, C3, C4]));
        assert_eq!(white.rear_east, set(&[E1, E2, E3, E4]));
        assert_eq!(white.file_fill_west, white.front_west | white.rear_west);
        assert_eq!(white.file_fill_east, white.front_east | white.rear_east);

        let black = spans(SidePawns::new(D4.into(), Colour::Black));
        assert_eq!(black.front_west, set(&[C1, C2, C3]));
        assert_eq!(black.rear_east, set(&[E4, E5, E6, E7, E8]));
        assert_eq!(black.file_fill_east, white.file_fill_east);
    }

    #[test]
    fn edges_and_doubled_pawns() {
        let edge = spans(SidePawns::new(set(&[A2, H7]), Colour::White));
        assert_eq!(edge.front_west, set(&[G8]));
        assert_eq!(edge.front_east, set(&[B3, B4, B5, B6, B7, B8]));
        // Doubled: the front span starts at the rear pawn, the rear span at the front pawn.
        let doubled = spans(SidePawns::new(set(&[D2, D5]), Colour::White));
        assert_eq!(doubled.front_east, set(&[E3, E4, E5, E6, E7, E8]));
        assert_eq!(doubled.rear_east, set(&[E1, E2, E3, E4, E5]));
        let none = SidePawns::new(Bitboard::EMPTY, Colour::Black);
        assert_eq!(spans(none), Spans::default());
    }
}
