//! The x-ray reference: walk each ray square by square, counting the pieces passed. The
//! reference of both x-ray families, one slider's (`xray_attacks`) and sets of sliders'
//! (`xray_attacks_multi`, the union of every slider's).
//!
//! Deliberately plain and independent of every technique (no table, no shift, no slider
//! technique, not even `geometry`), so that an agreement between it and a variant
//! means something. Used only for verification.

use crate::{board::bitboard::Bitboard, board::square::Square};

/// The rook's steps as (files, ranks).
pub const ROOK_STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The bishop's steps as (files, ranks).
pub const BISHOP_STEPS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The x-ray attacks of a rook on `square` through `blockers` (the semantics of the `xray_attacks` family's trait).
pub fn rook_xray(square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
    walk(square, occupied, blockers, &ROOK_STEPS)
}

/// The x-ray attacks of a bishop on `square` through `blockers`.
pub fn bishop_xray(square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
    walk(square, occupied, blockers, &BISHOP_STEPS)
}

/// The x-ray attacks of a slider on `square` moving by `steps`.
pub fn walk(
    square: Square,
    occupied: Bitboard,
    blockers: Bitboard,
    steps: &[(i32, i32)],
) -> Bitboard {
    let mut xray = Bitboard::EMPTY;
    for &(files, ranks) in steps {
        // How many pieces the walk has passed: 0 until the first blocker, then 1.
        let mut passed = 0;
        let mut next = square.offset(files, ranks);
        while let Some(target) = next {
            if passed == 1 {
                xray |= Bitboard::from_square(target);
            }
            if occupied.contains(target) {
                if passed == 0 && blockers.contains(target) {
                    passed = 1;
                } else {
                    break;
                }
            }
            next = target.offset(files, ranks);
        }
    }
    xray
}

#[cfg(test)]
mod tests {
    use super::*;
    use Square::*;

    use crate::bench::testing::set;

    #[test]
    fn the_seeds_sample_rank() {
        // Seed 002, § X-rays with one Lookup: rook 00001000, occupied 01011010 (read a..h
        // from the right), x-ray 01100001 when every first blocker is looked through.
        let occupied = set(&[B1, D1, E1, G1]);
        let xray = rook_xray(D1, occupied, occupied);
        assert_eq!(xray, set(&[A1, F1, G1]));
    }

    #[test]
    fn edge_cases_from_the_trait_semantics() {
        let rook =
            |occupied: &[Square], blockers: &[Square]| rook_xray(D4, set(occupied), set(blockers));
        // Through d5 to d7, through g4 to the edge, d1 on the edge hides nothing.
        let occupied = [D1, D5, D7, D8, G4];
        assert_eq!(rook(&occupied, &occupied), set(&[D6, D7, H4]));
        // No blockers, blockers not attacked, or blockers on empty squares: nothing.
        assert_eq!(rook(&occupied, &[]), Bitboard::EMPTY);
        assert_eq!(rook(&occupied, &[D7, D8]), Bitboard::EMPTY);
        assert_eq!(rook(&occupied, &[D4, D6, E4, C5]), Bitboard::EMPTY);
        // Exactly one piece is looked through, even if the second is a blocker too.
        assert_eq!(rook(&occupied, &[D5, D7]), set(&[D6, D7]));
        // The slider's own square in the occupancy changes nothing.
        assert_eq!(rook(&[D4, D5, D7], &[D5]), rook(&[D5, D7], &[D5]));
        // A bishop through b6 to a7, not through f2 (not a blocker) nor d4 (empty).
        let occupied = set(&[D5, D7, B6, F2]);
        let bishop = bishop_xray(C5, occupied, set(&[B6, D4]));
        assert_eq!(bishop, set(&[A7]));
        assert_eq!(bishop_xray(D4, occupied, set(&[D5, C5])), Bitboard::EMPTY);
    }
}
