//! What every SIMD kernel shares, written once for every lane width: moving queries into the
//! 64-bit lanes of a vector, answers out of them, a batch through [`in_chunks`], and a single
//! query through a whole vector. A kernel file then holds only its kernel body.
//!
//! Three small traits meet here:
//! - [`Lane`]: a query that travels in one 64-bit lane (a [`Bitboard`], or a [`SquarePair`]
//!   as `from | to << 8`);
//! - [`Vector`]: `N` such lanes on one instruction set, implemented once per instruction set
//!   in `avx2.rs`, `avx512.rs` and `neon.rs`, each compiled only for its architecture;
//! - [`LaneKernel`]: a kernel body, `N` queries in, `N` answers out, lane by lane; its type
//!   holds the instruction set's capability token (see [`crate::cpu`]).
//!
//! [`batch`] and [`one`] are safe: a [`LaneKernel`] holds a token, which only run-time
//! detection makes, so the CPU has the instruction set its vector needs.

use crate::chunks::in_chunks;
use crate::{Bitboard, Square, SquarePair};

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "aarch64")]
pub mod neon;

/// A query that travels in one 64-bit lane.
pub(crate) trait Lane: Copy {
    /// A query that fills the lanes past the end of a batch; its answers are dropped.
    const PAD: Self;

    /// The query as the kernel bodies read a lane.
    fn lane(self) -> u64;

    /// `N` queries into the lanes of a vector, lane `i` = `queries[i].lane()`.
    ///
    /// # Safety
    /// As for [`Vector`]'s methods.
    unsafe fn load<V: Vector<N>, const N: usize>(queries: &[Self; N]) -> V;
}

impl Lane for Bitboard {
    const PAD: Bitboard = Bitboard::EMPTY;

    #[inline(always)]
    fn lane(self) -> u64 {
        self.0
    }

    #[inline(always)]
    unsafe fn load<V: Vector<N>, const N: usize>(sets: &[Bitboard; N]) -> V {
        // SAFETY: the caller meets the conditions of `Vector`'s methods, as this one requires.
        unsafe { V::load(&sets.map(|set| set.0)) }
    }
}

/// A pair is `from | to << 8`: the from-square in the low byte, the to-square in the next.
impl Lane for SquarePair {
    const PAD: SquarePair = SquarePair::new(Square::A1, Square::A1);

    #[inline(always)]
    fn lane(self) -> u64 {
        self.from as u64 | (self.to as u64) << 8
    }

    #[inline(always)]
    unsafe fn load<V: Vector<N>, const N: usize>(pairs: &[SquarePair; N]) -> V {
        // A pair is two bytes (`repr(C)`), so this is a copy, widened in the vector.
        let pairs = pairs.map(|pair| u16::from_le_bytes([pair.from as u8, pair.to as u8]));
        // SAFETY: the caller meets the conditions of `Vector`'s methods, as this one requires.
        unsafe { V::widen(&pairs) }
    }
}

/// A vector of `N` 64-bit lanes on one instruction set.
///
/// Its methods may be called only on a CPU that has the instruction set, and all but
/// [`Vector::enabled`] only inside `enabled`: they are `#[inline(always)]`, so that they are
/// compiled there, as part of the function that enables the instruction set.
///
/// # Safety
/// An implementation promises that [`Vector::Token`] exists only where the CPU has the
/// instruction set, that `enabled` enables it, and that the other methods need nothing more:
/// [`batch`] and [`one`] rely on it.
pub(crate) unsafe trait Vector<const N: usize>: Copy {
    /// The capability token that proves the CPU has the instruction set.
    type Token: Copy;

    /// Runs `f` inside a function compiled with the instruction set enabled, so that `f`, and
    /// everything inlined into it, is compiled with it too.
    ///
    /// # Safety
    /// The CPU has the instruction set (the caller holds a [`Self::Token`]).
    unsafe fn enabled<R>(f: impl FnOnce() -> R) -> R;

    /// Every lane `lane`.
    unsafe fn splat(lane: u64) -> Self;

    /// Lane `i` from `lanes[i]`.
    unsafe fn load(lanes: &[u64; N]) -> Self;

    /// Lane `i` from `lanes[i]`, zero-extended. The default goes through [`Vector::load`];
    /// x86 widens in one instruction.
    #[inline(always)]
    unsafe fn widen(lanes: &[u16; N]) -> Self {
        // SAFETY: the caller meets the conditions of `Vector`'s methods, as this one requires.
        unsafe { Self::load(&lanes.map(u64::from)) }
    }

    /// Lane `i` to `lanes[i]`.
    unsafe fn store(self, lanes: &mut [u64; N]);

    /// Lane 0.
    unsafe fn first(self) -> u64;
}

/// A SIMD kernel body: `N` queries in the lanes of a vector, their answers in the same lanes.
///
/// Implemented by the kernel type, which holds the token of its vector's instruction set: that
/// is what makes [`batch`] and [`one`] safe to call.
pub(crate) trait LaneKernel<const N: usize>: Copy {
    type Vector: Vector<N>;

    /// The token the kernel holds.
    fn token(self) -> <Self::Vector as Vector<N>>::Token;

    /// The answers to the queries in `lanes` (as [`Lane::lane`] wrote them), lane by lane.
    fn lanes(self, lanes: Self::Vector) -> Self::Vector;
}

/// `outputs[i]` = the answer to `inputs[i]`, `N` queries per vector: whole vectors first, then
/// the rest padded with [`Lane::PAD`] (see [`in_chunks`]).
///
/// # Panics
/// If `inputs` and `outputs` differ in length.
#[inline(always)]
pub(crate) fn batch<I: Lane, K: LaneKernel<N>, const N: usize>(
    kernel: K,
    inputs: &[I],
    outputs: &mut [Bitboard],
) {
    let _proof = kernel.token();
    // SAFETY: `_proof` is the token of the vector's instruction set, which exists only if the
    // CPU has it; the vector's methods run inside `enabled`, as they must.
    unsafe {
        K::Vector::enabled(|| {
            in_chunks(
                inputs,
                outputs,
                I::PAD,
                |inputs: &[I; N], outputs: &mut [Bitboard; N]| {
                    let answers = kernel.lanes(I::load(inputs));
                    let mut lanes = [0; N];
                    answers.store(&mut lanes);
                    *outputs = lanes.map(Bitboard);
                },
            )
        })
    }
}

/// The answer to one query: the query in every lane, the answer from lane 0. For latency:
/// one query costs one whole vector.
#[inline(always)]
pub(crate) fn one<I: Lane, K: LaneKernel<N>, const N: usize>(kernel: K, input: I) -> Bitboard {
    let _proof = kernel.token();
    // SAFETY: as in `batch`.
    unsafe {
        K::Vector::enabled(move || Bitboard(kernel.lanes(K::Vector::splat(input.lane())).first()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three lanes in an array: a vector on every CPU, to test the driver at an odd width.
    #[derive(Clone, Copy)]
    struct Three([u64; 3]);

    // SAFETY: the methods use no instruction set at all, so any CPU has what they need.
    unsafe impl Vector<3> for Three {
        type Token = ();
        unsafe fn enabled<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        unsafe fn splat(lane: u64) -> Three {
            Three([lane; 3])
        }
        unsafe fn load(lanes: &[u64; 3]) -> Three {
            Three(*lanes)
        }
        unsafe fn store(self, lanes: &mut [u64; 3]) {
            *lanes = self.0
        }
        unsafe fn first(self) -> u64 {
            self.0[0]
        }
    }

    /// Answers a pair's lane with its from-square moved up by 16, so that a lane in the wrong
    /// place, or a pair read wrongly, shows.
    #[derive(Clone, Copy)]
    struct Echo;

    impl LaneKernel<3> for Echo {
        type Vector = Three;
        fn token(self) {}
        fn lanes(self, lanes: Three) -> Three {
            Three(lanes.0.map(|lane| lane | (lane & 0xff) << 16))
        }
    }

    #[test]
    fn every_length_and_the_single_query_reach_the_right_lanes() {
        let pairs: Vec<SquarePair> = SquarePair::all().step_by(37).take(20).collect();
        let expected = |p: &SquarePair| Bitboard(p.lane() | (p.from as u64) << 16);
        for length in 0..=pairs.len() {
            let mut outputs = vec![Bitboard::FULL; length];
            batch(Echo, &pairs[..length], &mut outputs);
            let wanted: Vec<Bitboard> = pairs[..length].iter().map(expected).collect();
            assert_eq!(outputs, wanted, "length {length}");
        }
        for pair in &pairs {
            assert_eq!(one(Echo, *pair), expected(pair));
        }
        assert_eq!(SquarePair::new(Square::H8, Square::B1).lane(), 63 | 1 << 8);
    }
}
