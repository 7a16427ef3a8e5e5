//! Independent knight sets, one per 64-bit lane: the l1/l2/r1/r2 form of seed
//! `001_91a62a26c9dc1468.txt` § Multiple Knight Attacks, written once over
//! `simd::Vector` (`simd::board::knight_attacks`) and instantiated
//! per instruction set: `Avx512Batch` (eight per `__m512i`; with AVX-512 enabled the compiler
//! may fuse the ANDs and ORs into `vpternlogq`) and `NeonBatch` (two per 128-bit vector).
//! There is no AVX2 instance: four sets per `__m256i` is the loop the compiler makes of
//! `parallel_prefix` at `x86-64-v3` (docs/families.md, "Retired").
//!
//! Source: new. Footprint: none. CPU features: AVX-512F or NEON, by instance; each holds its
//! instruction set's token, so its kernel is reachable only after run-time detection.

use super::KnightAttacks;
use crate::board::bitboard::Bitboard;
use crate::framework::simd::{self, board, LaneBody, Lanes, Vector};

/// The body: the seed's l1/l2/r1/r2 shifts on every lane.
#[derive(Clone, Copy, Debug)]
pub struct Shifts;

/// Eight sets per `__m512i`.
#[cfg(target_arch = "x86_64")]
pub type Avx512Batch = Lanes<Shifts, core::arch::x86_64::__m512i, 8>;
/// Two sets per `uint64x2_t`.
#[cfg(target_arch = "aarch64")]
pub type NeonBatch = Lanes<Shifts, core::arch::aarch64::uint64x2_t, 2>;

impl<V: Vector<N>, const N: usize> KnightAttacks for Lanes<Shifts, V, N> {
    /// One set through the whole vector (the other lanes compute the same set).
    #[inline]
    fn attacks(self, knights: Bitboard) -> Bitboard {
        simd::one(self, knights)
    }

    #[inline]
    fn attacks_batch(self, sets: &[Bitboard], out: &mut [Bitboard]) {
        simd::batch(self, sets, out)
    }
}

impl<V: Vector<N>, const N: usize> LaneBody<V, N> for Shifts {
    #[inline(always)]
    unsafe fn lanes(knights: V) -> V {
        board::knight_attacks(knights)
    }
}
