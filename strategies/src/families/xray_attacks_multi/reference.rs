//! The reference: the union of every slider's x-rays, each by the single-slider reference
//! ([`crate::bench::reference::xray`], a plain walk along each ray counting the pieces
//! passed). Used only for verification.

use super::SliderSets;
use crate::bench::reference::xray::{bishop_xray, rook_xray};
use crate::board::bitboard::Bitboard;

/// The x-rays of every slider of `sets` (see [`super::XrayAttacksMulti`]).
pub fn xrays(sets: SliderSets) -> Bitboard {
    let SliderSets {
        orthogonal,
        diagonal,
        occupied,
        blockers,
    } = sets;
    let rooks = orthogonal
        .into_iter()
        .map(|s| rook_xray(s, occupied, blockers));
    let bishops = diagonal
        .into_iter()
        .map(|s| bishop_xray(s, occupied, blockers));
    rooks
        .chain(bishops)
        .fold(Bitboard::EMPTY, |all, xray| all | xray)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square::Square::{self, *};

    use crate::bench::testing::set;

    #[test]
    fn batteries_and_queens() {
        // Rooks on a1 and a3, a queen on c3; pieces on a5, c5, c7, e5 and e3.
        let occupied = set(&[A1, A3, C3, A5, C5, C7, E5, E3]);
        let sets = |blockers: &[Square]| SliderSets {
            orthogonal: set(&[A1, A3, C3]),
            diagonal: set(&[C3]),
            occupied,
            blockers: set(blockers),
        };
        // Through the rook on a3 (a battery): a4 and a5; through the queen's first blockers
        // c5 (to c7) and e5 (to h8); and through a3 for the queen too: nothing behind it.
        assert_eq!(
            xrays(sets(&[A3, C5, E5])),
            set(&[A4, A5, C6, C7, F6, G7, H8])
        );
        assert_eq!(xrays(sets(&[])), Bitboard::EMPTY);
        // The rook on a3 through a5; c7 is no slider's first blocker.
        assert_eq!(xrays(sets(&[A5, C7])), set(&[A6, A7, A8]));
    }
}
