//! Modifying occupancy: attack, keep the attacked blockers, attack again without them, and
//! XOR the two attack sets.
//!
//! Source: seed `002_6293cd1af08cea25.txt`, § Modifying Occupancy (`xrayRookAttacks`,
//! `xrayBishopAttacks`). Footprint: the slider technique's. CPU features: the slider
//! technique's.
//!
//! Generic over the slider technique `S` ([`Slider`]), which the seed leaves open
//! (`rookAttacks(occ, sq)`): which one is fastest depends on the CPU and the cache, so the
//! registry instantiates several and the measurements rank them.
//!
//! Removing the blockers: the seed writes `occ ^ blockers`, which removes them only if they
//! stand on occupied squares; `occ & !blockers` removes exactly the same pieces and ignores a
//! blocker on an empty square (which the XOR would *place* on the board), at the cost of one
//! `andn` instead of one `xor`. A queen is one pass of [`Slider::queen`] each time.

use super::XrayAttacks;
use crate::sliders::Slider;
use crate::{Bitboard, Square};

/// Modifying occupancy on the slider technique `S`. As large as `S` (zero-sized, or a token).
#[derive(Clone, Copy, Debug, Default)]
pub struct ModifyOccupancy<S>(pub S);

/// The seed's routine on any attack function: `attacks ^ attack(occupied - attacked blockers)`.
#[inline(always)]
fn through(
    attack: impl Fn(Bitboard) -> Bitboard,
    occupied: Bitboard,
    blockers: Bitboard,
) -> Bitboard {
    let attacks = attack(occupied);
    let looked_through = attacks & blockers;
    attacks ^ attack(occupied & !looked_through)
}

impl<S: Slider> XrayAttacks for ModifyOccupancy<S> {
    #[inline(always)]
    fn rook_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        through(|o| self.0.rook(square, o), occupied, blockers)
    }

    #[inline(always)]
    fn bishop_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        through(|o| self.0.bishop(square, o), occupied, blockers)
    }

    #[inline(always)]
    fn queen_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        through(|o| self.0.queen(square, o), occupied, blockers)
    }
}
