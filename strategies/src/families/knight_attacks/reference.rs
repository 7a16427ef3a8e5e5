//! The reference: for every knight, try the eight knight moves on the board geometry.
//!
//! Deliberately plain and independent of every variant (no table, no shifts or masks), so that
//! an agreement between it and a variant means something. Used only for verification.

use crate::bench::reference::KNIGHT_STEPS;
use crate::board::bitboard::Bitboard;

/// The squares attacked by any knight in `knights` (see [`super::KnightAttacks`]).
pub fn attacks(knights: Bitboard) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for knight in knights {
        for (files, ranks) in KNIGHT_STEPS {
            if let Some(target) = knight.offset(files, ranks) {
                set |= Bitboard::from_square(target);
            }
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square::Square::*;

    #[test]
    fn the_seeds_d4_diagram_and_corners() {
        let d4: Bitboard = [C2, E2, B3, F3, B5, F5, C6, E6].into_iter().collect();
        assert_eq!(attacks(D4.into()), d4);
        assert_eq!(attacks(A1.into()), [B3, C2].into_iter().collect());
        assert_eq!(attacks(H8.into()), [G6, F7].into_iter().collect());
        assert_eq!(attacks(Bitboard::EMPTY), Bitboard::EMPTY);
        // b1 and d1 both attack c3: it appears once.
        let both = [A3, C3, D2, B2, E3, F2].into_iter().collect();
        assert_eq!(attacks(Bitboard::from(B1) | Bitboard::from(D1)), both);
    }
}
