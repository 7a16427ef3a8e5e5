//! The reference: a breadth-first search over knight moves from every square, then, for each
//! knight, the squares whose distance from it is at most the steps.
//!
//! Deliberately plain and independent of every variant (no fill cycle, shifts or masks: only
//! the search's distances), so that an agreement between it and a variant means something.
//! Used only for verification.

use super::{FillQuery, MAX_DISTANCE};
use crate::bench::reference::KNIGHT_STEPS;
use crate::{board::bitboard::Bitboard, board::square::Square};
use std::sync::OnceLock;

/// The knight distance from `from` to every square, by breadth-first search.
pub fn distances(from: Square) -> [u32; 64] {
    let mut distance = [u32::MAX; 64];
    distance[from as usize] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(square) = queue.pop_front() {
        for (files, ranks) in KNIGHT_STEPS {
            if let Some(next) = square.offset(files, ranks) {
                if distance[next as usize] == u32::MAX {
                    distance[next as usize] = distance[square as usize] + 1;
                    queue.push_back(next);
                }
            }
        }
    }
    distance
}

/// The squares reachable from `query.knights` within `query.steps` moves (see
/// [`super::KnightFill`]).
pub fn fill(query: FillQuery) -> Bitboard {
    // `within[square][d]`: the squares at most `d` moves from `square`, from the search's
    // distances, made once (verification asks millions of queries).
    static WITHIN: OnceLock<Vec<[Bitboard; MAX_DISTANCE as usize + 1]>> = OnceLock::new();
    let within = WITHIN.get_or_init(|| {
        Square::ALL
            .into_iter()
            .map(|from| {
                let distance = distances(from);
                core::array::from_fn(|d| {
                    Square::ALL
                        .into_iter()
                        .filter(|&square| distance[square as usize] <= d as u32)
                        .collect()
                })
            })
            .collect()
    });
    let steps = query.steps.min(MAX_DISTANCE) as usize;
    query
        .knights
        .into_iter()
        .fold(Bitboard::EMPTY, |set, knight| {
            set | within[knight as usize][steps]
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square::Square::*;

    #[test]
    fn the_seeds_six_fills_from_a1() {
        let from_a1 = |steps| {
            fill(FillQuery {
                knights: A1.into(),
                steps,
            })
        };
        assert_eq!(from_a1(0), A1.into());
        assert_eq!(from_a1(1), [A1, B3, C2].into_iter().collect());
        // The seed's second diagram: a1, b3, c2 and their knight moves.
        let second: Bitboard = [A1, C1, E1, C2, D2, A3, B3, E3, B4, D4, A5, C5]
            .into_iter()
            .collect();
        assert_eq!(from_a1(2), second);
        // Its fifth leaves h8 alone unreached; the sixth covers the board.
        assert_eq!(from_a1(5), !Bitboard::from(H8));
        assert_eq!(from_a1(6), Bitboard::FULL);
        assert_eq!(from_a1(200), Bitboard::FULL);
        let none = FillQuery {
            knights: Bitboard::EMPTY,
            steps: 3,
        };
        assert_eq!(fill(none), Bitboard::EMPTY);
    }
}
