//! The reference: from every slider, walk each of its rays square by square, and at every
//! target met count the pieces passed on the way.
//!
//! Deliberately plain and independent of every technique (no fill, no table, not even
//! `geometry`), so that an agreement between it and a variant means something.
//! Used only for verification.

use super::SlidersAndTargets;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// The rook's steps as (files, ranks).
const ROOK_STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The bishop's steps as (files, ranks).
const BISHOP_STEPS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The blockers between the sliders and the targets (see [`super::BlockersByTargets`]).
pub fn blockers(query: SlidersAndTargets) -> Bitboard {
    let rooks = query.orthogonal.into_iter().map(|s| (s, ROOK_STEPS));
    let bishops = query.diagonal.into_iter().map(|s| (s, BISHOP_STEPS));
    let mut blockers = Bitboard::EMPTY;
    for (slider, steps) in rooks.chain(bishops) {
        for (files, ranks) in steps {
            blockers |= along_ray(slider, (files, ranks), query.occupied, query.targets);
        }
    }
    blockers
}

/// What one ray of a slider adds: at each target, the squares passed if none holds a piece,
/// the one piece passed if there is exactly one.
fn along_ray(slider: Square, step: (i32, i32), occupied: Bitboard, targets: Bitboard) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    let mut passed = Bitboard::EMPTY;
    let mut next = slider.offset(step.0, step.1);
    while let Some(square) = next {
        if targets.contains(square) {
            let in_the_way = passed & occupied;
            match in_the_way.len() {
                0 => found |= passed,
                1 => found |= in_the_way,
                _ => {}
            }
        }
        passed |= Bitboard::from_square(square);
        next = square.offset(step.0, step.1);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square::Square::*;

    use crate::bench::testing::set;

    #[test]
    fn pins_checks_and_skewers() {
        let query =
            |rooks: &[Square], bishops: &[Square], occupied: &[Square], targets: &[Square]| {
                blockers(SlidersAndTargets {
                    orthogonal: set(rooks),
                    diagonal: set(bishops),
                    occupied: set(occupied),
                    targets: set(targets),
                })
            };
        // A rook on e1, a piece on e4, the king on e8: e4 is pinned.
        assert_eq!(query(&[E1], &[], &[E1, E4, E8], &[E8]), set(&[E4]));
        // Two pieces in the way: nothing; none: the squares that block the check.
        assert_eq!(query(&[E1], &[], &[E1, E4, E6, E8], &[E8]), Bitboard::EMPTY);
        assert_eq!(
            query(&[E1], &[], &[E1, E8], &[E8]),
            set(&[E2, E3, E4, E5, E6, E7])
        );
        // Adjacent, or not on a rook's line: nothing.
        assert_eq!(query(&[E1], &[], &[E1, E2], &[E2]), Bitboard::EMPTY);
        assert_eq!(query(&[E1], &[], &[E1, F2, G3], &[G3]), Bitboard::EMPTY);
        // A bishop on a1 skewers a queen on d4 (a target too) to the king on g7.
        let got = query(&[], &[A1], &[A1, D4, G7], &[D4, G7]);
        assert_eq!(got, set(&[B2, C3, D4]));
        // A battery: the rook on e2 is in the way of the rook on e1.
        assert_eq!(
            query(&[E1, E2], &[], &[E1, E2, E8], &[E8]),
            set(&[E2, E3, E4, E5, E6, E7])
        );
    }
}
