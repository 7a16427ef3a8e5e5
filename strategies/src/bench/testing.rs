//! What the families' agreement tests share (compiled only for tests).

use crate::bench::inputs::DEFAULT_SEED;
use crate::bench::Bench;
use crate::framework::cpu::{Cpu, Feature, Unsupported};
use crate::framework::family::{Family, Kernel, Visitor};
use crate::framework::level::{Compiled, ForBaseline, ForV3, ForV4};

/// The set of `squares`, for tests that spell a set out.
pub fn set(squares: &[crate::board::square::Square]) -> crate::board::bitboard::Bitboard {
    squares.iter().copied().collect()
}

/// The longest batch [`Cases::check`] tries: past two whole vectors of the widest kernel
/// (eight lanes) and into a padded tail.
pub const LONGEST_BATCH: usize = 17;

/// At most this much work, in inputs spread evenly over all of them, goes through the batches
/// of every length; all of them go through the single-query path and one whole batch. An input
/// is one unit of work unless its family says otherwise ([`Bench::work`]: a perft query is its
/// nodes), so a family of single queries has up to this many inputs checked in every length,
/// and perft its cheap positions, not each of its deep counts seventeen times more.
pub const EVERY_LENGTH_WORK: u64 = 1 << 16;

/// Inputs of family `F` and the reference's answers to them, computed once.
pub struct Cases<F: Family> {
    pub inputs: Vec<F::Input>,
    pub expected: Vec<F::Output>,
    /// Each input's work, in the family's unit (see [`EVERY_LENGTH_WORK`]).
    work: Vec<u64>,
}

impl<F: Family> Cases<F> {
    /// Cases of `inputs`, one unit of work each.
    pub fn new(inputs: Vec<F::Input>) -> Cases<F> {
        let expected = inputs.iter().map(|&input| F::reference(input)).collect();
        let work = vec![1; inputs.len()];
        Cases {
            inputs,
            expected,
            work,
        }
    }

    /// Every input `verify` checks for `F`, in one list.
    pub fn verification() -> Cases<F>
    where
        F: Bench,
    {
        let mut cases = Cases::new(
            F::verification_inputs(DEFAULT_SEED)
                .into_iter()
                .flat_map(|(_, inputs)| inputs)
                .collect(),
        );
        cases.work = cases.inputs.iter().map(|input| F::work(input)).collect();
        cases
    }

    /// About `count` of the cases, spread evenly over all of them (all if there are fewer).
    pub fn spread(&self, count: usize) -> Cases<F> {
        let step = self.inputs.len().div_ceil(count.max(1)).max(1);
        self.pick(|i| i % step == 0)
    }

    /// The cases whose index `keep` accepts, in order.
    fn pick(&self, keep: impl Fn(usize) -> bool) -> Cases<F> {
        let kept = |i: &usize| keep(*i);
        let indexes: Vec<usize> = (0..self.inputs.len()).filter(kept).collect();
        Cases {
            inputs: indexes.iter().map(|&i| self.inputs[i]).collect(),
            expected: indexes.iter().map(|&i| self.expected[i]).collect(),
            work: indexes.iter().map(|&i| self.work[i]).collect(),
        }
    }

    /// The cases for the batches of every length: spread evenly over all of them, as many as
    /// fit in [`EVERY_LENGTH_WORK`], an input that would overflow it skipped.
    fn for_every_length(&self) -> Cases<F> {
        let step = self
            .inputs
            .len()
            .div_ceil(EVERY_LENGTH_WORK as usize)
            .max(1);
        let mut total = 0;
        let mut kept = vec![false; self.inputs.len()];
        for i in (0..self.inputs.len()).step_by(step) {
            if total + self.work[i] <= EVERY_LENGTH_WORK {
                total += self.work[i];
                kept[i] = true;
            }
        }
        self.pick(|i| kept[i])
    }

    /// Runs `variant` under `cpu` on every input, one query at a time and in one batch, then
    /// on some of them ([`EVERY_LENGTH_WORK`]) in one batch in each level's form
    /// ([`Kernel::batch_in`]) and in batches of every length 0..=[`LONGEST_BATCH`], the first
    /// batch of each pass shorter so that batches start at every offset. Panics, naming the input, on any answer that differs from the
    /// reference's. Returns how many answers it checked, or why the variant cannot run here
    /// (which must be what [`Family::runnable`] says).
    pub fn check(&self, variant: F::Variant, cpu: &Cpu) -> Result<usize, Unsupported> {
        F::visit(variant, cpu, Check { cases: self })
            .inspect_err(|&why| assert_eq!(F::runnable(variant, cpu), Err(why)))
    }

    /// Short batches (0 to 9 queries) written at odd offsets into a larger output slice:
    /// each answer agrees and nothing around the batch changes (the padded tails of the SIMD
    /// drivers). Returns how many answers it checked.
    fn short_batches_stay_inside<K: Kernel<F>>(&self, kernel: K) -> usize {
        let sentinel = F::echo(self.inputs[0]);
        let window = self.inputs.len().saturating_sub(10).max(1);
        let (mut start, mut checked) = (0, 0);
        for length in 0..=9.min(self.inputs.len()) {
            for (in_offset, out_offset) in [(0, 0), (1, 3), (3, 1)] {
                let first = ((start + in_offset) % window).min(self.inputs.len() - length);
                start += 7919;
                let mut out = vec![sentinel; length + out_offset + 2];
                let inside = out_offset..out_offset + length;
                kernel.batch(
                    &self.inputs[first..first + length],
                    &mut out[inside.clone()],
                );
                for (j, got) in out[inside.clone()].iter().enumerate() {
                    let input = &self.inputs[first + j];
                    let context = format!("a batch of {length} at output offset {out_offset}");
                    assert_eq!(*got, self.expected[first + j], "{context}: {input}");
                }
                let around = out[..inside.start].iter().chain(&out[inside.end..]);
                assert!(
                    around.into_iter().all(|&o| o == sentinel),
                    "wrote outside its batch"
                );
                checked += length;
            }
        }
        checked
    }

    fn assert_answers(&self, got: &[F::Output], context: &str) {
        assert_eq!(got.len(), self.inputs.len());
        for ((input, got), expected) in self.inputs.iter().zip(got).zip(&self.expected) {
            assert_eq!(got, expected, "{context}: {input}");
        }
    }
}

struct Check<'a, F: Family> {
    cases: &'a Cases<F>,
}

impl<F: Family> Visitor<F> for Check<'_, F> {
    type Output = usize;

    fn visit<K: Kernel<F>>(self, kernel: K) -> usize {
        let all = self.cases;
        let queries: Vec<F::Output> = all.inputs.iter().map(|&i| kernel.query(i)).collect();
        all.assert_answers(&queries, "one query");
        let mut outputs = vec![F::Output::default(); all.inputs.len()];
        kernel.batch(&all.inputs, &mut outputs);
        all.assert_answers(&outputs, "one batch of all");
        let mut checked = 2 * all.inputs.len();

        // One batch in each level's form of it (`Kernel::batch_in`), then every length, each
        // in one level's form, in turn.
        let some = all.for_every_length();
        for level in LEVELS {
            let mut outputs = vec![F::Output::default(); some.inputs.len()];
            batch_in(kernel, level, &some.inputs, &mut outputs);
            some.assert_answers(&outputs, &format!("one batch, {level:?}'s form"));
            checked += some.inputs.len();
        }
        kernel.batch(&[], &mut []);
        for length in 1..=LONGEST_BATCH {
            let level = LEVELS[length % LEVELS.len()];
            let mut outputs = vec![F::Output::default(); some.inputs.len()];
            let mut start = 0;
            let mut next = length / 2;
            while start < some.inputs.len() {
                let end = some.inputs.len().min(start + next.max(1));
                batch_in(
                    kernel,
                    level,
                    &some.inputs[start..end],
                    &mut outputs[start..end],
                );
                start = end;
                next = length;
            }
            some.assert_answers(&outputs, &format!("batches of {length}, {level:?}'s form"));
            checked += some.inputs.len();
        }
        checked + all.short_batches_stay_inside(kernel)
    }
}

/// The levels whose forms of a batch the checks run: a test build has no copies of the loops
/// for the levels ([`Level::COPIES`](crate::framework::level::Level::COPIES)), but a kernel's
/// form for a level is chosen by type, so each form runs here, compiled for the baseline.
const LEVELS: [Compiled; 3] = [Compiled::Baseline, Compiled::V3, Compiled::V4];

/// `kernel.batch_in` in `level`'s form.
fn batch_in<F: Family, K: Kernel<F>>(
    kernel: K,
    level: Compiled,
    inputs: &[F::Input],
    outputs: &mut [F::Output],
) {
    match level {
        Compiled::Baseline => kernel.batch_in::<ForBaseline>(inputs, outputs),
        Compiled::V3 => kernel.batch_in::<ForV3>(inputs, outputs),
        Compiled::V4 => kernel.batch_in::<ForV4>(inputs, outputs),
    }
}

/// Checks every variant of `F` on every verification input: a portable variant runs and
/// agrees on every CPU, masked or not; a SIMD variant passes [`check_both_paths`] for each
/// feature it requires. Returns the names of the variants that ran on this CPU unmasked.
pub fn all_variants_agree<F: Bench>() -> Vec<&'static str> {
    let cases = Cases::<F>::verification();
    let everything_masked = Cpu::with_disabled(&Feature::ALL);
    let mut ran = Vec::new();
    for &variant in F::variants() {
        let descriptor = F::descriptor(variant);
        if descriptor.requires.is_empty() {
            let name = descriptor.name;
            cases
                .check(variant, &Cpu::detect())
                .unwrap_or_else(|why| panic!("{name}: {why}"));
            let sample = cases.spread(1000);
            assert!(sample.check(variant, &everything_masked).is_ok(), "{name}");
        }
        for &feature in descriptor.requires {
            check_both_paths(&cases, variant, feature);
        }
        if F::runnable(variant, &Cpu::detect()).is_ok() {
            ran.push(descriptor.name);
        }
    }
    ran
}

/// [`all_variants_agree`], and every variant ran exactly where this machine has the features
/// its descriptor requires.
pub fn every_variant_agrees<F: Bench>() {
    let ran = all_variants_agree::<F>();
    for &variant in F::variants() {
        let descriptor = F::descriptor(variant);
        let here = descriptor
            .requires
            .iter()
            .all(|f| f.arch() == std::env::consts::ARCH && f.is_detected());
        assert_eq!(ran.contains(&descriptor.name), here, "{}", descriptor.id());
    }
}

/// The tests every family has, written in its `tests` module: every variant agrees with the
/// reference ([`every_variant_agrees`]), and rough timings for a developer's eyes (ignored:
/// `cargo test --release -p strategies -- --ignored --nocapture timings`).
macro_rules! family_tests {
    ($family:ty) => {
        #[test]
        fn every_variant_agrees_with_the_reference() {
            $crate::bench::testing::every_variant_agrees::<$family>();
        }

        #[test]
        #[ignore = "prints rough timings; run with --release -- --ignored --nocapture timings"]
        fn timings() {
            $crate::bench::family_tests::print_timings::<$family>();
        }
    };
}
pub(crate) use family_tests;

/// Checks both paths of a SIMD variant that needs `feature`: on this CPU it runs and agrees on
/// every case if the feature is here, and reports why not otherwise; with the feature (or a
/// feature it implies) masked it reports `Unsupported`, touching nothing.
pub fn check_both_paths<F: Family>(cases: &Cases<F>, variant: F::Variant, feature: Feature) {
    let name = F::descriptor(variant).name;
    let here = Cpu::detect();
    match here.check(feature) {
        Ok(()) => {
            let checked = cases
                .check(variant, &here)
                .unwrap_or_else(|why| panic!("{name}: {why}"));
            assert!(checked >= 2 * cases.inputs.len(), "{name}: {checked}");
        }
        Err(why) => assert_eq!(cases.check(variant, &here), Err(why), "{name}"),
    }
    for masked in std::iter::once(feature).chain(feature.implies().iter().copied()) {
        let cpu = Cpu::with_disabled(&[masked]);
        let why = match here.check(feature) {
            Ok(()) => Unsupported::Disabled(masked),
            Err(why) => why,
        };
        assert_eq!(
            cases.check(variant, &cpu),
            Err(why),
            "{name} with {masked} masked"
        );
        let mut outputs = vec![F::Output::default(); cases.inputs.len()];
        let result =
            crate::framework::batch::run_batch::<F>(variant, &cpu, &cases.inputs, &mut outputs);
        assert_eq!(result, Err(why), "{name} with {masked} masked");
        assert!(outputs.iter().all(|o| *o == F::Output::default()), "{name}");
    }
}

/// Holds a family to one order: each variant's descriptor names its family and finds the
/// variant back by name, names are unique within a family and usable in paths, and with every
/// feature masked a variant runs or says why, as its descriptor's features say.
pub fn assert_family_is_consistent<F: Bench>() {
    use crate::framework::family::{Family, Kernel, Visitor};
    struct Runs;
    impl<F: Family> Visitor<F> for Runs {
        type Output = ();
        fn visit<K: Kernel<F>>(self, _: K) {}
    }
    let variants = F::variants();
    assert!(!variants.is_empty(), "{}", F::NAME);
    let masked = Cpu::with_disabled(&Feature::ALL);
    for (i, &variant) in variants.iter().enumerate() {
        let descriptor = F::descriptor(variant);
        assert_eq!(descriptor.family, F::NAME);
        assert_eq!(
            F::find(descriptor.name),
            Some(variant),
            "{}",
            descriptor.id()
        );
        assert!(
            descriptor
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'.'),
            "{}",
            descriptor.id()
        );
        let earlier = variants[..i].iter().map(|&v| F::descriptor(v).name);
        assert!(
            !earlier.clone().any(|n| n == descriptor.name),
            "{}",
            descriptor.id()
        );
        let runs = F::visit(variant, &masked, Runs);
        assert_eq!(
            runs,
            masked.check_all(descriptor.requires),
            "{}",
            descriptor.id()
        );
    }
}
