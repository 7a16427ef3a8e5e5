//! The reference: per file, the side's rearmost and foremost pawn; then every square of the
//! board, sorted into front span, rear span and file fill by comparing its rank with those of
//! the pawns on the files beside it.
//!
//! Deliberately plain and independent of every variant (no fills, shifts or masks), so that an
//! agreement between it and a variant means something. Used only for verification.

use super::{Colour, SidePawns, Spans};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// The six span sets of `input` (see [`super::AttackSpans`]).
pub fn spans(input: SidePawns) -> Spans {
    // Ranks counted from the side's own end of the board, so that ahead is always higher.
    let rank = |square: Square| match input.colour {
        Colour::White => square.rank(),
        Colour::Black => 7 - square.rank(),
    };
    // Per file, the rank of its rearmost and of its foremost pawn, if it has pawns.
    let mut pawn_ranks: [Option<(u32, u32)>; 8] = [None; 8];
    for pawn in input.pawns {
        let r = rank(pawn);
        let file = &mut pawn_ranks[pawn.file() as usize];
        *file = Some(file.map_or((r, r), |(rear, fore)| (rear.min(r), fore.max(r))));
    }
    let mut spans = Spans::default();
    for square in Square::ALL {
        let file = square.file() as i32;
        let set = Bitboard::from(square);
        // The pawns one file west attack eastwards onto this square's file, and vice versa.
        let beside = [
            (
                file - 1,
                &mut spans.front_east,
                &mut spans.rear_east,
                &mut spans.file_fill_east,
            ),
            (
                file + 1,
                &mut spans.front_west,
                &mut spans.rear_west,
                &mut spans.file_fill_west,
            ),
        ];
        for (pawn_file, front, rear, fill) in beside {
            let Some(Some((rearmost, foremost))) = usize::try_from(pawn_file)
                .ok()
                .and_then(|f| pawn_ranks.get(f).copied())
            else {
                continue;
            };
            *fill |= set;
            // Ahead of some pawn of that file: of its rearmost one.
            if rank(square) > rearmost {
                *front |= set;
            }
            // Level with or behind some pawn of that file: its foremost one.
            if rank(square) <= foremost {
                *rear |= set;
            }
        }
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square::Square::*;

    use crate::bench::testing::set;

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
