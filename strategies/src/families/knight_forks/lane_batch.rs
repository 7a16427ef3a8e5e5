//! Independent target sets, one per 64-bit lane: the seed's `forkTargetSquare` lane-wise,
//! written once over `simd::Vector` and instantiated as `Avx512Batch` (eight sets per
//! `__m512i`, where the compiler fuses each `forks | (direction & attacks)` into one
//! `vpternlogq`).
//!
//! There is no AVX2 instance: at `x86-64-v3` the compiler vectorizes the portable
//! [`fork_target_square`](super::fork_target_square) batch into the same instructions a query
//! as this body on `__m256i` (docs/families.md, "Hand-written SIMD kernels").
//!
//! Source: new; seed `001_91a62a26c9dc1468.txt` § Knight Forks, computed on several target
//! sets at once. Footprint: none. CPU features: AVX-512F; the instance holds its token, so its
//! kernel is reachable only after run-time detection.

use super::KnightForks;
use crate::board::bitboard::Bitboard;
use crate::framework::simd::board::{east_one, west_one};
use crate::framework::simd::{self, LaneBody, Lanes, Vector};

/// The body: `forkTargetSquare` on every lane.
#[derive(Clone, Copy, Debug)]
pub struct Forks;

/// Eight target sets per `__m512i`.
#[cfg(target_arch = "x86_64")]
pub type Avx512Batch = Lanes<Forks, core::arch::x86_64::__m512i, 8>;

impl<V: Vector<N>, const N: usize> KnightForks for Lanes<Forks, V, N> {
    /// One set through the whole vector (the other lanes compute the same set).
    #[inline]
    fn forks(self, targets: Bitboard) -> Bitboard {
        simd::one(self, targets)
    }

    #[inline]
    fn forks_batch(self, targets: &[Bitboard], out: &mut [Bitboard]) {
        simd::batch(self, targets, out)
    }
}

impl<V: Vector<N>, const N: usize> LaneBody<V, N> for Forks {
    /// `forkTargetSquare` in every lane, line by line as in the seed.
    #[inline(always)]
    unsafe fn lanes(targets: V) -> V {
        forks(targets)
    }
}

/// `forkTargetSquare` in every lane, line by line as in the seed.
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
unsafe fn forks<V: Vector<N>, const N: usize>(targets: V) -> V {
    // `forks |= direction & attacks; attacks |= direction`.
    #[inline(always)]
    unsafe fn add<V: Vector<N>, const N: usize>(forks: &mut V, attacks: &mut V, direction: V) {
        *forks = forks.or(direction.and(*attacks));
        *attacks = attacks.or(direction);
    }
    let east = east_one(targets);
    let west = west_one(targets);
    let mut attacks = east.shl::<16>();
    let mut forks = V::zero();
    add(&mut forks, &mut attacks, west.shl::<16>());
    add(&mut forks, &mut attacks, east.shr::<16>());
    add(&mut forks, &mut attacks, west.shr::<16>());
    let east = east_one(east);
    let west = west_one(west);
    add(&mut forks, &mut attacks, east.shl::<8>());
    add(&mut forks, &mut attacks, west.shl::<8>());
    add(&mut forks, &mut attacks, east.shr::<8>());
    add(&mut forks, &mut attacks, west.shr::<8>());
    forks
}
