//! Can a knight catch a passed pawn? The seed's use of the knight fill: "Feeding back (safe)
//! target sets, the routine may be used to get sets of squares knights may reach in two or
//! more moves. For instance in late pawn-knight endings whether a knight may catch a passer."
//!
//! Source: seed `001_91a62a26c9dc1468.txt` § Multiple Knight Attacks and § Knight Fill.
//! Footprint: none. CPU features: none (the fill runs on [`ParallelPrefix`]).

use super::fill::Fill;
use crate::board::position::Colour;
use crate::families::knight_attacks::parallel_prefix::ParallelPrefix;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Whether a lone knight on `knight` catches the pawn of colour `pawn_colour` on `pawn`: stops
/// it on its way to promotion or wins it, the queen it becomes included.
///
/// # The rule
/// The pawn walks its file to the last rank, one square per move, and from its second rank
/// may double-step. Call `d(s)` the number of pawn moves before it stands on square `s` of its
/// path: 0 for its own square, one more per rank beyond; a pawn on its second rank counts
/// from its third, as it passes that square in its first move (`d` is 0 there too, and 1 on
/// its fourth rank). The knight catches the pawn when, for some square `s` of the path from
/// the pawn's square to its promotion square,
///
/// `knight distance(knight, s) <= d(s) + (1 if the knight is to move else 0)`:
///
/// reaching `s` earlier blockades the pawn, reaching it the move after the pawn arrives
/// captures it. The test is made set-wise: the squares within `d + 1` or `d` knight moves are
/// the knight fill applied that many times, checked square by square along the path as the
/// fill grows.
///
/// Kings and other pieces are ignored, the knight's side is assumed able to pass (a king move)
/// while it blockades, and the pawn never captures the knight. A pawn on its first rank, which
/// no game has, is treated as one on its second.
pub fn knight_catches_pawn(
    knight: Square,
    pawn: Square,
    pawn_colour: Colour,
    knight_to_move: bool,
) -> bool {
    let fill = Fill(ParallelPrefix);
    // Ranks counted from the pawn's side: 0 is its first rank, 7 its promotion rank.
    let relative_rank = |square: Square| match pawn_colour {
        Colour::White => square.rank(),
        Colour::Black => 7 - square.rank(),
    };
    let square_on = |relative: u32| {
        let rank = match pawn_colour {
            Colour::White => relative,
            Colour::Black => 7 - relative,
        };
        Square::from_file_rank(pawn.file(), rank).expect("file and rank on the board")
    };
    let start = relative_rank(pawn);
    // The rank from which the pawn's moves count: its third when it can still double-step.
    let counted_from = start.max(2);
    let mut reach = Bitboard::from(knight);
    if knight_to_move {
        reach = fill.step(reach);
    }
    let mut fills = 0;
    for relative in start..=7 {
        let pawn_moves = relative.saturating_sub(counted_from);
        while fills < pawn_moves {
            reach = fill.step(reach);
            fills += 1;
        }
        if reach.contains(square_on(relative)) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square::Square::*;
    use crate::families::knight_fill::reference::distances;

    /// The rule straight from knight distances, square by square along the path.
    fn by_distances(knight: Square, pawn: Square, colour: Colour, knight_to_move: bool) -> bool {
        let distance = distances(knight);
        let (start, step): (i32, i32) = match colour {
            Colour::White => (pawn.rank() as i32, 1),
            Colour::Black => (7 - pawn.rank() as i32, -1),
        };
        (start..=7).any(|relative| {
            let square = pawn
                .offset(0, (relative - start) * step)
                .expect("the path stays on the board");
            let pawn_moves = (relative - start.max(2)).max(0) as u32;
            distance[square as usize] <= pawn_moves + knight_to_move as u32
        })
    }

    #[test]
    fn agrees_with_knight_distances_everywhere() {
        for knight in Square::ALL {
            for pawn in Square::ALL {
                for colour in Colour::ALL {
                    for to_move in [false, true] {
                        assert_eq!(
                            knight_catches_pawn(knight, pawn, colour, to_move),
                            by_distances(knight, pawn, colour, to_move),
                            "knight {knight}, {colour} pawn {pawn}, knight to move {to_move}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn textbook_races() {
        // A pawn on the seventh with the knight far away queens.
        assert!(!knight_catches_pawn(H1, A7, Colour::White, true));
        // A knight guarding the promotion square catches it.
        assert!(knight_catches_pawn(B6, A7, Colour::White, false));
        // A knight standing in front of the pawn blockades it.
        assert!(knight_catches_pawn(E6, E4, Colour::White, false));
        // A black pawn on h2: a knight on f3 attacks h2 but not h1 (four moves away), so it
        // takes the pawn if it is to move and is too late if the pawn is.
        assert!(knight_catches_pawn(F3, H2, Colour::Black, true));
        assert!(!knight_catches_pawn(F3, H2, Colour::Black, false));
        // The double step decides: a knight on a1 would catch a pawn on h2 that walked one
        // square at a time, but not one that double-steps (the only such case on the board,
        // with its mirror h1 against a2).
        assert!(!knight_catches_pawn(A1, H2, Colour::White, false));
        assert!(!knight_catches_pawn(H1, A2, Colour::White, false));
    }
}
