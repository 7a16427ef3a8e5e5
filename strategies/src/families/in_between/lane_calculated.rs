//! The pure calculation on a pair per 64-bit lane, written once over
//! `simd::Vector` and instantiated per instruction set: `CalculatedAvx2`
//! (four pairs per `__m256i`) and `CalculatedNeon` (two per 128-bit vector). The one
//! multiply, by the isolated lowest bit of `btwn`, becomes a left shift by the smaller square
//! (`vpsllvq`, `vshl`).
//!
//! AVX-512 keeps a body of its own ([`super::avx512::calculated`]): mask registers make it a
//! shorter program (23 vector instructions per vector against this body's 33), not the same
//! one at twice the width.
//!
//! Source: new, after seed `000_25ad13ed25e2ec35.txt` § Pure Calculation (see
//! [`super::calculated`]). Footprint: none. CPU features: AVX2 or NEON, by instance; each
//! holds its instruction set's token.

use super::InBetween;
use crate::framework::simd::{LaneBody, Lanes, Vector};

/// a2..a7: the file through a1, less its ends.
const A2A7: u64 = 0x0001_0101_0101_0100;
/// b2..g7: the diagonal through a1, less its ends.
const B2G7: u64 = 0x0040_2010_0804_0200;
/// h1..b7: the anti-diagonal seen from a1.
const H1B7: u64 = 0x0002_0408_1020_4080;

/// The body: the seed's formula on every lane.
#[derive(Clone, Copy, Debug)]
pub struct Formula;

/// Four pairs per `__m256i`.
#[cfg(target_arch = "x86_64")]
pub type CalculatedAvx2 = Lanes<Formula, core::arch::x86_64::__m256i, 4>;
/// Two pairs per `uint64x2_t`.
#[cfg(target_arch = "aarch64")]
pub type CalculatedNeon = Lanes<Formula, core::arch::aarch64::uint64x2_t, 2>;

impl<V: Vector<N>, const N: usize> InBetween for Lanes<Formula, V, N> {
    super::through_lanes!();
}

impl<V: Vector<N>, const N: usize> LaneBody<V, N> for Formula {
    #[inline(always)]
    unsafe fn lanes(pairs: V) -> V {
        between(pairs)
    }
}

/// The seed's formula, lane-wise. See [`crate::families::in_between::calculated`].
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
unsafe fn between<V: Vector<N>, const N: usize>(pairs: V) -> V {
    // The lanes are `from | to << 8` (see `simd::Lane`).
    let sq1 = pairs.and(V::splat(0xff));
    let sq2 = pairs.shr::<8>();
    let ones = V::splat(u64::MAX);
    let one = V::splat(1);
    let seven = V::splat(7);
    let fifteen = V::splat(15);

    let btwn = ones.shl_by(sq1).xor(ones.shl_by(sq2));
    let file = sq2.and(seven).sub(sq1.and(seven));
    let rank = sq2.or(seven).sub(sq1).shr::<3>();

    let same_file = file.and(seven).sub(one);
    let mut line = same_file.and(V::splat(A2A7));
    let same_rank = rank.and(seven).sub(one);
    line = line.add(same_rank.shr::<58>().shl::<1>());
    let diagonal = rank.sub(file).and(fifteen).sub(one);
    line = line.add(diagonal.and(V::splat(B2G7)));
    let anti = rank.add(file).and(fifteen).sub(one);
    line = line.add(anti.and(V::splat(H1B7)));

    // Shift by the smaller square instead of multiplying by its bit.
    let smaller = sq1.gt(sq2).select(sq2, sq1);
    line.shl_by(smaller).and(btwn)
}
