//! `uint64x2_t` as a [`Vector`] of two lanes (AArch64 only; compiled out elsewhere). Needs
//! NEON, proved by the [`Neon`] token.

use super::{Chunk, Vector};
use crate::chunks::in_chunks;
use crate::cpu::Neon;
use core::arch::aarch64::*;

// SAFETY: an `Neon` token exists only if NEON was detected; `enabled` enables `neon`,
// and every intrinsic below needs no more than that.
unsafe impl Vector<2> for uint64x2_t {
    type Token = Neon;

    #[target_feature(enable = "neon")]
    #[inline]
    unsafe fn enabled<R>(f: impl FnOnce() -> R) -> R {
        f()
    }

    /// The closure is written here, so it is compiled with NEON too.
    #[target_feature(enable = "neon")]
    #[inline]
    unsafe fn chunks<I: Copy, O: Copy + Default, C: Chunk<I, O, M>, const M: usize>(
        inputs: &[I],
        outputs: &mut [O],
        pad: I,
        chunk: C,
    ) {
        in_chunks(inputs, outputs, pad, |inputs, outputs| {
            // SAFETY: NEON is enabled here, and the caller holds the token that proves it.
            unsafe { chunk.run(inputs, outputs) }
        })
    }

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
}
