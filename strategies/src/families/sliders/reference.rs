//! The reference: walk each ray square by square, stopping at (and including) the first
//! occupied square.
//!
//! Deliberately plain and independent of every technique (no table, no shifts or masks, not
//! even [`crate::board::geometry`]), so that an agreement between it and a technique means something.
//! Used only for verification.

use crate::{board::bitboard::Bitboard, board::square::Square};

/// The rook's steps as (files, ranks).
const ROOK_STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The bishop's steps as (files, ranks).
const BISHOP_STEPS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The squares a rook on `square` attacks (see [`super::Slider`]).
pub fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    walk(square, occupied, &ROOK_STEPS)
}

/// The squares a bishop on `square` attacks (see [`super::Slider`]).
pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    walk(square, occupied, &BISHOP_STEPS)
}

fn walk(square: Square, occupied: Bitboard, steps: &[(i32, i32)]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &(files, ranks) in steps {
        let mut next = square.offset(files, ranks);
        while let Some(target) = next {
            attacks |= Bitboard::from_square(target);
            if occupied.contains(target) {
                break;
            }
            next = target.offset(files, ranks);
        }
    }
    attacks
}

#[cfg(test)]
mod tests {
    use super::*;
    use Square::*;

    use crate::bench::testing::set;

    #[test]
    fn edge_cases_from_the_trait_semantics() {
        // Empty board: the full rays, 14 squares for a rook anywhere.
        assert_eq!(rook(A1, Bitboard::EMPTY).len(), 14);
        assert_eq!(rook(E4, Bitboard::EMPTY).len(), 14);
        assert_eq!(bishop(A1, Bitboard::EMPTY).len(), 7);
        assert_eq!(bishop(E4, Bitboard::EMPTY).len(), 13);
        // Full board: the neighbours along the rays.
        assert_eq!(rook(E4, Bitboard::FULL), set(&[E5, F4, E3, D4]));
        assert_eq!(bishop(A1, Bitboard::FULL), set(&[B2]));
        // The slider's own square in `occupied` changes nothing.
        let occupied = set(&[E6, B4, E2]);
        assert_eq!(
            rook(E4, occupied),
            rook(E4, occupied | Bitboard::from_square(E4))
        );
        assert_eq!(
            rook(E4, occupied),
            set(&[E5, E6, F4, G4, H4, E3, E2, D4, C4, B4])
        );
    }

    #[test]
    fn the_seeds_xray_through_one_blocker() {
        // Seed 002, § Modifying Occupancy: removing the blockers the first lookup hit and
        // looking again yields the squares behind them.
        let occupied = set(&[D1, D5, D7, G4]);
        let attacks = rook(D4, occupied);
        let blockers = occupied & attacks;
        let xray = attacks ^ rook(D4, occupied ^ blockers);
        assert_eq!(xray, set(&[D6, D7, H4]));
    }
}
