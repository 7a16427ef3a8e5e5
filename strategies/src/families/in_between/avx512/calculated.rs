//! The pure calculation on eight pairs per `__m512i`.
//!
//! Source: new, after seed `000_25ad13ed25e2ec35.txt` § Pure Calculation. Footprint: none.
//! CPU features: AVX-512F. As in [`super::super::lane_calculated`] (the body AVX2 and NEON
//! share), the multiply by the isolated lowest bit of `btwn` is a left shift by the smaller
//! square (`_mm512_sllv_epi64`), but AVX-512 simplifies the rest, which is why it keeps a body
//! of its own: 23 vector instructions per eight pairs where the shared body takes 33.
//! - The smaller and the larger square are native unsigned 64-bit minimum and maximum
//!   (`_mm512_min_epu64`, `_mm512_max_epu64`).
//! - Each of the seed's `zero - 1` line selectors is a test into a mask register that picks
//!   its line mask (`_mm512_testn_epi64_mask`, `_mm512_mask_mov_epi64`). Two distinct squares
//!   share at most one line, so at most one selector picks a mask for them.
//! - Of the seed's `btwn`, only the squares below the larger are kept (`_mm512_andnot_si512`):
//!   no line mask holds a1, so the shifted line holds nothing at or below the smaller square.
//!   For equal squares nothing is below the larger, whatever is picked.

use crate::families::in_between::InBetween;
use crate::framework::cpu::Avx512;
use crate::framework::simd::LaneKernel;
use core::arch::x86_64::*;

/// a2..a7: the file through a1, less its ends.
const A2A7: i64 = 0x0001_0101_0101_0100;
/// b1..g1: the rank through a1, less its ends.
const B1G1: i64 = 0x0000_0000_0000_007e;
/// b2..g7: the diagonal through a1, less its ends.
const B2G7: i64 = 0x0040_2010_0804_0200;
/// h1..b7: the anti-diagonal seen from a1 (shifted up by the smaller square).
const H1B7: i64 = 0x0002_0408_1020_4080;

/// The pure calculation, eight pairs at a time. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct CalculatedAvx512(Avx512);

impl CalculatedAvx512 {
    pub fn new(avx512: Avx512) -> CalculatedAvx512 {
        CalculatedAvx512(avx512)
    }
}

impl InBetween for CalculatedAvx512 {
    crate::families::in_between::through_lanes!();
}

impl LaneKernel<8> for CalculatedAvx512 {
    type Vector = __m512i;

    fn token(self) -> Avx512 {
        self.0
    }

    #[inline(always)]
    fn lanes(self, pairs: __m512i) -> __m512i {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { eight(pairs) }
    }
}

/// The seed's formula, lane-wise, with mask registers. See
/// [`crate::families::in_between::calculated`].
#[target_feature(enable = "avx512f")]
#[inline]
fn eight(pairs: __m512i) -> __m512i {
    // The lanes are `from | to << 8` (see `simd::Lane`).
    let sq1 = _mm512_and_si512(pairs, _mm512_set1_epi64(0xff));
    let sq2 = _mm512_srli_epi64::<8>(pairs);
    let ones = _mm512_set1_epi64(-1);
    let seven = _mm512_set1_epi64(7);
    let fifteen = _mm512_set1_epi64(15);

    let file = _mm512_sub_epi64(_mm512_and_si512(sq2, seven), _mm512_and_si512(sq1, seven));
    let rank = _mm512_srli_epi64::<3>(_mm512_sub_epi64(_mm512_or_si512(sq2, seven), sq1));

    // The seed's `(x & m) - 1`, all ones exactly when `x & m` is zero, becomes a mask bit.
    let same_file = _mm512_testn_epi64_mask(file, seven);
    let same_rank = _mm512_testn_epi64_mask(rank, seven);
    let diagonal = _mm512_testn_epi64_mask(_mm512_sub_epi64(rank, file), fifteen);
    let anti = _mm512_testn_epi64_mask(_mm512_add_epi64(rank, file), fifteen);
    let mut line = _mm512_maskz_mov_epi64(same_file, _mm512_set1_epi64(A2A7));
    line = _mm512_mask_mov_epi64(line, same_rank, _mm512_set1_epi64(B1G1));
    line = _mm512_mask_mov_epi64(line, diagonal, _mm512_set1_epi64(B2G7));
    line = _mm512_mask_mov_epi64(line, anti, _mm512_set1_epi64(H1B7));

    // Shift by the smaller square instead of multiplying by its bit; keep what is below the
    // larger.
    let smaller = _mm512_min_epu64(sq1, sq2);
    let larger = _mm512_max_epu64(sq1, sq2);
    _mm512_andnot_si512(
        opaque(_mm512_sllv_epi64(ones, larger)),
        _mm512_sllv_epi64(line, smaller),
    )
}

/// `vector` unchanged, through an empty `asm!` block. Seeing all ones shifted left, the
/// compiler rewrites the `vpandnq` that uses it into a masked one under a compare of the count
/// with 64, an instruction more, though `vpsllvq` already gives zero for counts above 63.
#[target_feature(enable = "avx512f")]
#[inline]
fn opaque(mut vector: __m512i) -> __m512i {
    // SAFETY: the template is empty: it names the register and leaves it, memory, the stack
    // and the flags as they are.
    unsafe {
        core::arch::asm!(
            "/* {0} */",
            inout(zmm_reg) vector,
            options(pure, nomem, nostack, preserves_flags)
        );
    }
    vector
}
