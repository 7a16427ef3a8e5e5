//! AVX-512 knight-attack kernels (x86-64 only; compiled out elsewhere).
//!
//! Each kernel type holds an [`Avx512`](crate::cpu::Avx512) token, so the `#[target_feature]`
//! code is reachable only after run-time detection succeeded.

pub mod batch;

#[cfg(test)]
mod tests {
    use crate::cpu::Feature;
    use crate::knight_attacks::{KnightFamily, KnightVariant};
    use crate::testing::{check_both_paths, Cases};

    /// The empty set, every square, every pair of squares, random sets of every size 0..=64
    /// and the full board (the verification inputs), one at a time, in one batch and in
    /// batches of every length 0..=17; with AVX-512F (or AVX2) masked, `Unsupported`.
    #[test]
    fn agrees_on_squares_pairs_and_sets_of_every_size_or_is_unsupported() {
        let cases = Cases::<KnightFamily>::verification();
        check_both_paths(&cases, KnightVariant::Avx512Batch, Feature::Avx512f);
    }
}
