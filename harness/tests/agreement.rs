//! One exhaustive agreement test per family: every variant against the reference, on every
//! input `verify` uses, with and without the SIMD features.

use harness::families::{Bench, RANDOM_KNIGHT_SETS};
use harness::inputs::DEFAULT_SEED;
use harness::select::Selection;
use harness::verify::{verify_family, Outcome};
use strategies::{Cpu, Feature, InBetweenFamily, KnightFamily};

/// Verifies every variant of `F` under `cpu`; returns the names of those that ran (and agreed).
fn all_agree<F: Bench>(cpu: &Cpu, min_inputs: u64) -> Vec<&'static str> {
    let verdicts = verify_family::<F>(cpu, &Selection::all(), DEFAULT_SEED);
    assert_eq!(verdicts.len(), F::variants().len());
    let mut ran = Vec::new();
    for verdict in &verdicts {
        let variant = F::find(verdict.variant).unwrap();
        match &verdict.outcome {
            Outcome::Agreed { checked } => {
                assert!(
                    *checked >= min_inputs,
                    "{}: only {checked} inputs",
                    verdict.variant
                );
                ran.push(verdict.variant);
            }
            Outcome::Disagreed(m) => panic!(
                "{}/{} disagrees on {} ({}): expected\n{}got\n{}",
                verdict.family, verdict.variant, m.input, m.check, m.expected, m.got
            ),
            Outcome::NotRunnable { reason } => {
                assert!(
                    F::runnable(variant, cpu).is_err(),
                    "{} skipped: {reason}",
                    verdict.variant
                );
            }
        }
    }
    // Everything that can run here did, and every portable variant can run everywhere.
    for &variant in F::variants() {
        let descriptor = F::descriptor(variant);
        let can_run = F::runnable(variant, cpu).is_ok();
        assert_eq!(
            ran.contains(&descriptor.name),
            can_run,
            "{}",
            descriptor.name
        );
        if descriptor.requires.is_empty() {
            assert!(
                can_run,
                "portable variant {} must run everywhere",
                descriptor.name
            );
        }
    }
    ran
}

/// Whether this CPU actually has `feature` (so its variants must have run).
fn has(feature: Feature) -> bool {
    feature.arch() == std::env::consts::ARCH && feature.is_detected()
}

#[test]
fn in_between_every_variant_agrees_on_all_4096_pairs() {
    let ran = all_agree::<InBetweenFamily>(&Cpu::detect(), 2 * 4096);
    assert!(
        ran.len() >= 6,
        "the four portable variants and two peers: {ran:?}"
    );
    assert_eq!(ran.contains(&"calculated_avx2"), has(Feature::Avx2));
    assert_eq!(ran.contains(&"calculated_neon"), has(Feature::Neon));
}

#[test]
fn knight_attacks_every_variant_agrees_on_squares_pairs_and_a_million_sets() {
    let per_input_set = 1 + 64 + 2016 + RANDOM_KNIGHT_SETS as u64;
    let ran = all_agree::<KnightFamily>(&Cpu::detect(), 2 * per_input_set);
    assert!(
        ran.len() >= 7,
        "the five portable variants and two peers: {ran:?}"
    );
    assert_eq!(ran.contains(&"avx2_batch"), has(Feature::Avx2));
    assert_eq!(ran.contains(&"neon_batch"), has(Feature::Neon));
}

#[test]
fn disabling_a_simd_feature_leaves_the_rest_agreeing() {
    for feature in Feature::ALL {
        let cpu = Cpu::with_disabled(&[feature]);
        let in_between = all_agree::<InBetweenFamily>(&cpu, 2 * 4096);
        let knights = all_agree::<KnightFamily>(&cpu, 1);
        for name in in_between.iter().chain(&knights) {
            assert!(
                !name.contains(feature.name()),
                "{name} ran with {feature} disabled"
            );
        }
    }
}
