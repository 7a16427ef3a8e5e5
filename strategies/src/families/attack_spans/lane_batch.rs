//! Independent inputs, one per 64-bit lane: the shift fill lane-wise, the colour as a lane
//! mask, written once over `simd::PairVector` and instantiated per
//! instruction set: `Avx2Batch` (four inputs per `__m256i`) and `Avx512Batch` (eight per
//! `__m512i`). Inputs and answers move through `simd::batch_pairs`.
//!
//! Source: new; [`crate::families::attack_spans::shift_fill`] (seed `004_11d864785c92de7d.txt`
//! § Attack Spans) computed on several inputs at once. Footprint: none. CPU features: AVX2 or
//! AVX-512F, by instance; each holds its instruction set's token.

use super::{AttackSpans, SidePawns, Spans, PAD};
use crate::framework::simd::board::{east_one, north_fill, south_fill, west_one};
use crate::framework::simd::{self, Lanes, PairBody, PairVector, Vector};

/// The body: the shift fill on every lane.
#[derive(Clone, Copy, Debug)]
pub struct ShiftFill;

/// Four inputs per `__m256i`.
#[cfg(target_arch = "x86_64")]
pub type Avx2Batch = Lanes<ShiftFill, core::arch::x86_64::__m256i, 4>;
/// Eight inputs per `__m512i`.
#[cfg(target_arch = "x86_64")]
pub type Avx512Batch = Lanes<ShiftFill, core::arch::x86_64::__m512i, 8>;

impl<V: PairVector<N>, const N: usize> AttackSpans for Lanes<ShiftFill, V, N> {
    /// One input through the whole vector (the other lanes idle).
    #[inline]
    fn spans(self, input: SidePawns) -> Spans {
        let mut out = [Spans::default()];
        simd::batch_pairs(self, &[input], &mut out, PAD);
        out[0]
    }

    #[inline]
    fn spans_batch(self, inputs: &[SidePawns], out: &mut [Spans]) {
        simd::batch_pairs(self, inputs, out, PAD)
    }
}

/// The words in: the pawns and the colour (0 white, 1 black); out: [`Spans`]'s six fields.
impl<V: PairVector<N>, const N: usize> PairBody<V, N, 6> for ShiftFill {
    #[inline(always)]
    unsafe fn words(pawns: V, colours: V) -> [V; 6] {
        spans(pawns, colours)
    }
}

/// The six patterns, in the order of [`Spans`]'s fields.
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
unsafe fn spans<V: Vector<N>, const N: usize>(pawns: V, colours: V) -> [V; 6] {
    // Colour 1 (black) becomes all ones.
    let black = V::zero().sub(colours);
    let north = north_fill(pawns);
    let south = south_fill(pawns);
    let front = black.select(south.shr::<8>(), north.shl::<8>());
    let rear = black.select(north, south);
    let (front_east, rear_east) = (east_one(front), east_one(rear));
    let (front_west, rear_west) = (west_one(front), west_one(rear));
    // The attack file fills as unions of the spans, as in `shift_fill::from_fills`.
    [
        front_east,
        front_west,
        rear_east,
        rear_west,
        front_east.or(rear_east),
        front_west.or(rear_west),
    ]
}
