//! One agreement test over the whole registry: every variant of every family against the
//! reference, on every input `verify` uses; and with each SIMD feature masked, exactly the
//! variants that need it are refused. (Each family's folder has its own exhaustive tests too.)

use crate::common;
use harness::choose::select::Selection;
use harness::choose::verify::{Outcome, Verdict};
use harness::suite::stages::FamilyStages;
use strategies::inputs::DEFAULT_SEED;
use strategies::{Bench, Cpu, Families, FamilyVisitor, Feature, Registry};

/// Verifies every variant of `F` under `cpu`, through `verify` (the family's stages as the
/// command has them: [`common::suite_stages`]); returns the names of those that ran (and
/// agreed).
fn all_agree<F: Bench>(
    cpu: &Cpu,
    verify: fn(&Cpu, &Selection, u64) -> Vec<Verdict>,
) -> Vec<&'static str> {
    let inputs: u64 = F::verification_inputs(DEFAULT_SEED)
        .iter()
        .map(|(_, group)| group.len() as u64)
        .sum();
    let verdicts = verify(cpu, &Selection::all::<Families>(), DEFAULT_SEED);
    assert_eq!(verdicts.len(), F::variants().len());
    let mut ran = Vec::new();
    for verdict in &verdicts {
        let variant = F::find(verdict.variant).unwrap();
        match &verdict.outcome {
            Outcome::Agreed { checked } => {
                assert!(
                    *checked >= 2 * inputs,
                    "{}/{}: only {checked} of 2 x {inputs} inputs",
                    F::NAME,
                    verdict.variant
                );
                ran.push(verdict.variant);
            }
            Outcome::Disagreed(m) => panic!(
                "{}/{} disagrees on {}:\n{}",
                F::NAME,
                verdict.variant,
                m.check,
                m.render(verdict.variant)
            ),
            Outcome::NotRunnable { reason, .. } => {
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

/// Runs [`all_agree`] on every family under `cpu`; returns every `family/variant` that ran.
fn every_family(cpu: &Cpu) -> Vec<String> {
    struct Agree<'a>(&'a Cpu, Vec<FamilyStages>, Vec<String>);
    impl FamilyVisitor for Agree<'_> {
        fn visit<F: Bench>(&mut self) {
            let stages = self.1.iter().find(|s| s.name == F::NAME).unwrap();
            let ran = all_agree::<F>(self.0, stages.verify);
            self.2
                .extend(ran.into_iter().map(|name| format!("{}/{name}", F::NAME)));
        }
    }
    let mut agree = Agree(cpu, common::suite_stages(), Vec::new());
    Families::for_each(&mut agree);
    agree.2
}

/// The whole registry through the harness's `verify` stages, the longest test of this binary:
/// run by `.ci/run` and the GitHub workflow as a step of their own
/// (`cargo test --test it -- --ignored`), not by `cargo test`, whose own checks of every
/// variant are the library's (each family's agreement test, through its dispatch) and
/// `families_as_data`'s `verify` of one variant per family through these same stages.
#[test]
#[ignore = "the whole registry through verify: run by CI as a step of its own"]
fn every_variant_of_every_family_agrees_with_the_reference() {
    let ran = every_family(&Cpu::detect());
    for family in Families::families() {
        let portable = family
            .descriptors
            .iter()
            .filter(|d| d.requires.is_empty())
            .count();
        let of_family = ran
            .iter()
            .filter(|id| id.starts_with(&format!("{}/", family.name)))
            .count();
        assert!(of_family >= portable, "{}: {ran:?}", family.name);
    }
}

#[test]
fn masking_a_simd_feature_stops_exactly_what_needs_it() {
    if strategies::Level::COPIES {
        println!("skipped: a build with level copies, where a mask changes the copy that runs");
        return;
    }
    let detected: Vec<Feature> = Feature::ALL
        .iter()
        .copied()
        .filter(|f| f.is_detected())
        .collect();
    let refused: usize = detected.iter().map(|&f| masked_refused(f)).sum();
    assert!(
        detected.is_empty() || refused > 0,
        "no mask stopped anything"
    );
    println!("{refused} refusals under {} masks", detected.len());
}

/// With `feature` masked, every variant that ran unmasked and needs `feature` (or a feature
/// that implies it) is reported as not runnable, naming the mask. Returns how many were.
///
/// The variants the mask leaves runnable are not verified again here: a test build has no
/// level copies of the loops ([`strategies::Level::COPIES`]), so a mask does not change the
/// code they run, which the unmasked test verified. CI's `verify --disable avx2` and
/// `--disable avx512f` cover the release build, whose level copies a mask does change.
fn masked_refused(feature: Feature) -> usize {
    let (here, cpu) = (Cpu::detect(), Cpu::with_disabled(&[feature]));
    let stopped: Vec<String> = Families::descriptors()
        .into_iter()
        .filter(|d| here.check_all(d.requires).is_ok() && cpu.check_all(d.requires).is_err())
        .map(|d| d.id())
        .collect();
    if stopped.is_empty() {
        return 0;
    }
    let selection = Selection::parse::<Families>(&stopped).unwrap();
    let mut refused = 0;
    for stages in common::suite_stages() {
        for verdict in (stages.verify)(&cpu, &selection, DEFAULT_SEED) {
            let id = format!("{}/{}", stages.name, verdict.variant);
            assert!(stopped.contains(&id), "{id} was verified, not selected");
            match &verdict.outcome {
                Outcome::NotRunnable { reason, .. } => {
                    assert!(
                        reason.contains("disabled"),
                        "{id} with {feature} masked: {reason}"
                    )
                }
                other => panic!("{id} with {feature} masked: {other:?}"),
            }
            refused += 1;
        }
    }
    assert_eq!(refused, stopped.len(), "with {feature} masked: {stopped:?}");
    refused
}
