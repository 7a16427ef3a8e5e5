//! `uint64x2_t` as a [`Vector`] of two lanes (AArch64 only; compiled out elsewhere). Needs
//! NEON, proved by the [`Neon`] token.

use super::{Chunk, LaneBody, Vector};
use crate::framework::cpu::Neon;
use core::arch::aarch64::*;

// SAFETY: an `Neon` token exists only if NEON was detected; `enabled` enables `neon`,
// and every intrinsic below needs no more than that.
unsafe impl Vector<2> for uint64x2_t {
    type Token = Neon;

    enabled!("neon", 2);

    #[inline(always)]
    unsafe fn splat(lane: u64) -> uint64x2_t {
        vdupq_n_u64(lane)
    }

    #[inline(always)]
    unsafe fn load(lanes: &[u64; 2]) -> uint64x2_t {
        // SAFETY: `lanes` is two readable `u64`s, as `vld1q_u64` reads.
        unsafe { vld1q_u64(lanes.as_ptr()) }
    }

    #[inline(always)]
    unsafe fn store(self, lanes: &mut [u64; 2]) {
        // SAFETY: `lanes` is two writable `u64`s, as `vst1q_u64` writes.
        unsafe { vst1q_u64(lanes.as_mut_ptr(), self) }
    }

    #[inline(always)]
    unsafe fn first(self) -> u64 {
        vgetq_lane_u64::<0>(self)
    }

    binary! {
        and: vandq_u64,
        or: vorrq_u64,
        andnot: vbicq_u64,
        xor: veorq_u64,
        add: vaddq_u64,
        sub: vsubq_u64,
        eq: vceqq_u64,
        gt: vcgtq_u64,
    }

    #[inline(always)]
    unsafe fn zero() -> uint64x2_t {
        vdupq_n_u64(0)
    }

    #[inline(always)]
    unsafe fn shl<const K: i32>(self) -> uint64x2_t {
        vshlq_n_u64::<K>(self)
    }

    #[inline(always)]
    unsafe fn shr<const K: i32>(self) -> uint64x2_t {
        vshrq_n_u64::<K>(self)
    }

    #[inline(always)]
    unsafe fn shl_by(self, by: uint64x2_t) -> uint64x2_t {
        vshlq_u64(self, vreinterpretq_s64_u64(by))
    }

    /// `vshl` by the negated amount: NEON shifts right by shifting left by a negative count.
    #[inline(always)]
    unsafe fn shr_by(self, by: uint64x2_t) -> uint64x2_t {
        vshlq_u64(self, vnegq_s64(vreinterpretq_s64_u64(by)))
    }

    #[inline(always)]
    unsafe fn select(self, if_set: uint64x2_t, if_clear: uint64x2_t) -> uint64x2_t {
        vbslq_u64(self, if_set, if_clear)
    }
}
