//! AVX-512 in-between kernels (x86-64 only; compiled out elsewhere).
//!
//! Both are new in bitbench. They take eight pairs per `__m512i`, each lane holding
//! `from | to << 8`; `crate::simd` loads the pairs and runs the batches. Each kernel type
//! holds an [`Avx512`](crate::cpu::Avx512) token, so the `#[target_feature]` code is reachable
//! only after run-time detection succeeded.

pub mod calculated;
pub mod rectangular_gather;

#[cfg(test)]
mod tests {
    use crate::cpu::Feature;
    use crate::in_between::{InBetweenFamily, InBetweenVariant};
    use crate::testing::{check_both_paths, Cases};
    use crate::SquarePair;

    /// All 4096 pairs, one at a time and in batches of every length 0..=17 at every offset;
    /// with AVX-512F (or AVX2) masked, `Unsupported`.
    #[test]
    fn both_kernels_agree_on_every_pair_or_are_unsupported() {
        let cases = Cases::<InBetweenFamily>::new(SquarePair::all().collect());
        for variant in [
            InBetweenVariant::CalculatedAvx512,
            InBetweenVariant::RectangularGatherAvx512,
        ] {
            check_both_paths(&cases, variant, Feature::Avx512f);
        }
    }
}
