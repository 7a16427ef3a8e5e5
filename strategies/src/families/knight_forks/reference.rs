//! The reference: for every square, count the targets a knight there attacks, by trying the
//! eight knight moves on the board geometry.
//!
//! Deliberately plain and independent of every variant (no table, no shifts or masks), so that
//! an agreement between it and a variant means something. Used only for verification.

use crate::bench::reference::KNIGHT_STEPS;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// The squares from which a knight attacks two or more of `targets` (see
/// [`super::KnightForks`]).
pub fn forks(targets: Bitboard) -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|square| {
            let attacked = KNIGHT_STEPS
                .iter()
                .filter_map(|&(files, ranks)| square.offset(files, ranks))
                .filter(|&target| targets.contains(target))
                .count();
            attacked >= 2
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square::Square::*;

    use crate::bench::testing::set;

    #[test]
    fn royal_forks_and_the_edge_cases() {
        // e8 (d6 f6 c7 g7) and a8 (b6 c7): only c7.
        assert_eq!(forks(set(&[E8, A8])), set(&[C7]));
        // g8 (e7 f6 h6) and e8: only f6.
        assert_eq!(forks(set(&[G8, E8])), set(&[F6]));
        // Three targets, one pair forkable: d4 and c3 meet at b5 and e2.
        assert_eq!(forks(set(&[B1, D4, C3])), set(&[B5, E2]));
        // A target attacked by two others is a fork square itself.
        assert_eq!(forks(set(&[B1, D1, C3])), set(&[C3]));
        assert_eq!(forks(Bitboard::EMPTY), Bitboard::EMPTY);
        assert_eq!(forks(set(&[D4])), Bitboard::EMPTY, "one target is no fork");
        assert_eq!(forks(set(&[A1, H8])), Bitboard::EMPTY, "too far apart");
    }
}
