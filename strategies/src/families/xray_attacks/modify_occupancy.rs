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

use super::{XrayAttacks, XrayQuery};
use crate::families::sliders::{Slider, SliderQuery};
use crate::{board::bitboard::Bitboard, board::square::Square};

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

/// Queries per pass of [`TwoPasses`]: two buffers of this many slider queries and attack sets
/// on the stack (2.5 KiB), a multiple of every SIMD technique's lane count.
pub const PASS: usize = 64;

/// Modifying occupancy as two batch passes of the slider technique `S`, for techniques whose
/// batch methods answer several queries per instruction (`kogge_stone_avx512_batch`): per
/// [`PASS`] queries, one batch of attacks, the occupancies with the attacked blockers removed,
/// a second batch, and the XOR. Single queries run as [`ModifyOccupancy`]. Source: the seed's
/// routine, split into passes (new). As large as `S`.
#[derive(Clone, Copy, Debug, Default)]
pub struct TwoPasses<S>(pub S);

/// The seed's routine over a batch: `batch` is the slider technique's batch method.
#[inline(always)]
fn two_passes(
    queries: &[XrayQuery],
    out: &mut [Bitboard],
    mut batch: impl FnMut(&[SliderQuery], &mut [Bitboard]),
) {
    assert_eq!(queries.len(), out.len(), "batch slices differ in length");
    let mut sliders = [SliderQuery::new(Square::A1, Bitboard::EMPTY); PASS];
    let mut attacks = [Bitboard::EMPTY; PASS];
    for (queries, out) in queries.chunks(PASS).zip(out.chunks_mut(PASS)) {
        let (sliders, attacks) = (&mut sliders[..queries.len()], &mut attacks[..queries.len()]);
        for (slider, query) in sliders.iter_mut().zip(queries) {
            *slider = SliderQuery::new(query.square, query.occupied);
        }
        batch(sliders, attacks);
        for ((slider, query), &attacks) in sliders.iter_mut().zip(queries).zip(attacks.iter()) {
            slider.occupied = query.occupied & !(attacks & query.blockers);
        }
        batch(sliders, out);
        for (out, &attacks) in out.iter_mut().zip(attacks.iter()) {
            *out ^= attacks;
        }
    }
}

impl<S: Slider> XrayAttacks for TwoPasses<S> {
    #[inline(always)]
    fn rook_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        ModifyOccupancy(self.0).rook_xray(square, occupied, blockers)
    }

    #[inline(always)]
    fn bishop_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        ModifyOccupancy(self.0).bishop_xray(square, occupied, blockers)
    }

    #[inline(always)]
    fn rook_xray_batch(self, queries: &[XrayQuery], out: &mut [Bitboard]) {
        two_passes(queries, out, |sliders, attacks| {
            self.0.rook_batch(sliders, attacks)
        })
    }

    #[inline(always)]
    fn bishop_xray_batch(self, queries: &[XrayQuery], out: &mut [Bitboard]) {
        two_passes(queries, out, |sliders, attacks| {
            self.0.bishop_batch(sliders, attacks)
        })
    }
}
