//! Verification: every runnable variant against its family's reference, before anything is
//! timed. A variant that disagrees on any input is never measured.
//!
//! Each variant is checked three ways on the same inputs:
//! 1. every input as a single query;
//! 2. every input in one batch;
//! 3. batches of every length 0 to 9 and one long odd length, at odd offsets into both the
//!    input and the output slice, with the output around the batch checked to be untouched.
//!
//! Each check runs the copy of the kernel's loops that the harness times: the one compiled for
//! the run's [`Level`], and for a variant the harness also measures in its baseline copy
//! ([`has_baseline_copy`]), that copy too. A mismatch in that copy names it.

use crate::choose::select::{entries, has_baseline_copy, Selection};
use serde::Serialize;
use std::hint::black_box;
use strategies::bench::run_at;
use strategies::level::{Batch, Job};
use strategies::{Answer, Bench, Bitboard, Cpu, Kernel, Level, Part, Unsupported, Visitor};

/// The lengths of the short batches, and the long odd one.
pub const SHORT_LENGTHS: std::ops::RangeInclusive<usize> = 0..=9;
pub const LONG_LENGTH: usize = 1001;
/// Offsets into the input and output slices for the short and long batches.
const OFFSETS: [usize; 3] = [0, 1, 3];

/// One variant's verdict.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    pub family: &'static str,
    pub variant: &'static str,
    #[serde(flatten)]
    pub outcome: Outcome,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    /// Agreed with the reference on `checked` input comparisons.
    Agreed { checked: u64 },
    /// The first disagreement found.
    Disagreed(Mismatch),
    /// Not run: the CPU lacks a feature, or it was disabled.
    NotRunnable {
        reason: String,
        /// The same, as data: which feature is missing, and how.
        #[serde(skip)]
        missing: Unsupported,
    },
}

/// The first input on which a variant and the reference disagree.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Mismatch {
    /// Which check: `single query`, `one batch`, `batch of 5 at input offset 3, output offset 1`.
    pub check: String,
    /// The input, as text (a pair of squares, a knight set's diagram, a position's FEN).
    pub input: String,
    pub expected: Vec<Shown>,
    pub got: Vec<Shown>,
    /// What the kernel says of where it departs (`Kernel::explain`: the search, where its tree
    /// leaves the default configuration's), if anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<Box<str>>,
    /// The input's index among the checked inputs (not reported; `u32` and the boxed detail
    /// keep a mismatch small enough to return by value).
    #[serde(skip)]
    pub index: Option<u32>,
}

/// One part of an answer as a mismatch report holds it: a board (as hex in JSON, since a JSON
/// number loses bits above 2^53 in most readers) or a value.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Shown {
    /// The part's name; empty for a one-part answer.
    pub label: &'static str,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "hex")]
    pub board: Option<Bitboard>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

impl Shown {
    /// The parts of an answer.
    pub fn of<A: Answer>(answer: &A) -> Vec<Shown> {
        answer
            .parts()
            .into_iter()
            .map(|(label, part)| match part {
                Part::Board(board) => Shown {
                    label,
                    board: Some(board),
                    value: None,
                },
                Part::Value(value) => Shown {
                    label,
                    board: None,
                    value: Some(value),
                },
            })
            .collect()
    }
}

fn hex<S: serde::Serializer>(board: &Option<Bitboard>, serializer: S) -> Result<S::Ok, S::Error> {
    match board {
        Some(board) => serializer.serialize_str(&format!("0x{:016x}", board.0)),
        None => serializer.serialize_none(),
    }
}

impl Mismatch {
    /// The report for people: the input, then each part of the answer, boards as diagrams
    /// side by side (expected, then `got_label`) and values as text.
    pub fn render(&self, got_label: &str) -> String {
        let mut text = format!("input:\n{}\n", self.input);
        for (expected, got) in self.expected.iter().zip(&self.got) {
            let title = |side: &str| {
                if expected.label.is_empty() {
                    side.to_string()
                } else {
                    format!("{side}: {}", expected.label)
                }
            };
            match (expected.board, got.board) {
                (Some(e), Some(g)) => text.push_str(&side_by_side(&[
                    (&title("expected"), e),
                    (&title(got_label), g),
                ])),
                _ => text.push_str(&format!(
                    "{}: {}    {}: {}\n",
                    title("expected"),
                    expected.value.as_deref().unwrap_or("?"),
                    title(got_label),
                    got.value.as_deref().unwrap_or("?"),
                )),
            }
        }
        if let Some(detail) = &self.detail {
            text.push_str(detail);
            text.push('\n');
        }
        text
    }
}

impl Verdict {
    pub fn agreed(&self) -> bool {
        matches!(self.outcome, Outcome::Agreed { .. })
    }
}

/// Verifies the selected variants of `F`.
pub fn verify_family<F: Bench>(cpu: &Cpu, selection: &Selection, seed: u64) -> Vec<Verdict> {
    let selected = entries::<F>(cpu, selection);
    if selected.is_empty() {
        return Vec::new();
    }
    // The inputs and the reference's answers, made only if a selected variant can run here.
    let runs = selected.iter().any(|(_, entry)| entry.runnable.is_ok());
    let inputs: Vec<F::Input> = match runs {
        true => F::verification_inputs(seed)
            .into_iter()
            .flat_map(|(_, inputs)| inputs)
            .collect(),
        false => Vec::new(),
    };
    let expected: Vec<F::Output> = inputs.iter().map(|&input| F::reference(input)).collect();
    selected
        .into_iter()
        .map(|(variant, entry)| {
            let check = |level: Level| {
                let checker = Checker::<F> {
                    inputs: &inputs,
                    expected: &expected,
                    level,
                };
                F::visit(variant, cpu, checker)
            };
            let level = Level::detect(cpu);
            let mut result = check(level);
            if let (Ok(Ok(checked)), true) = (&result, has_baseline_copy::<F>(variant, level)) {
                let checked = *checked;
                result = match check(Level::Baseline) {
                    Ok(Ok(more)) => Ok(Ok(checked + more)),
                    Ok(Err(mut mismatch)) => {
                        mismatch.check = format!("{} copy: {}", Level::Baseline, mismatch.check);
                        Ok(Err(mismatch))
                    }
                    missing => missing,
                };
            }
            let outcome = match result {
                Ok(Ok(checked)) => Outcome::Agreed { checked },
                Ok(Err(mismatch)) => Outcome::Disagreed(mismatch),
                Err(missing) => Outcome::NotRunnable {
                    reason: missing.to_string(),
                    missing,
                },
            };
            Verdict {
                family: entry.descriptor.family,
                variant: entry.descriptor.name,
                outcome,
            }
        })
        .collect()
}

/// Checks one kernel against precomputed reference answers.
struct Checker<'a, F: Bench> {
    inputs: &'a [F::Input],
    expected: &'a [F::Output],
    /// The copy of the kernel's loops that is checked: the one the harness times.
    level: Level,
}

impl<F: Bench> Visitor<F> for Checker<'_, F> {
    type Output = Result<u64, Mismatch>;

    fn visit<K: Kernel<F>>(self, kernel: K) -> Result<u64, Mismatch> {
        let inputs = self.inputs;
        self.check(kernel).map_err(|mut mismatch| {
            if let Some(i) = mismatch.index {
                mismatch.detail = kernel.explain(inputs[i as usize]).map(String::into);
            }
            mismatch
        })
    }
}

impl<F: Bench> Checker<'_, F> {
    /// The three checks, the first mismatch ending them.
    fn check<K: Kernel<F>>(self, kernel: K) -> Result<u64, Mismatch> {
        let mut checked = 0u64;
        let queries = Queries::<F, K> {
            kernel,
            inputs: self.inputs,
            expected: self.expected,
        };
        let wrong = run_at::<F, _>(self.level, queries);
        if let Some((i, got)) = wrong {
            return Err(self.mismatch("single query".into(), i, got));
        }
        checked += self.inputs.len() as u64;
        let [first, second] = self.sentinels();
        checked += self.whole_batch(kernel, first)?;
        // Two different fillings: a kernel that writes outside its slice, or skips a slot,
        // cannot leave both unchanged.
        for sentinel in [first, second] {
            checked += self.offset_batches(kernel, sentinel)?;
        }
        Ok(checked)
    }
}

/// Every input as a single query, as a [`Job`]: the first whose answer is wrong, with it.
struct Queries<'a, F: Bench, K> {
    kernel: K,
    inputs: &'a [F::Input],
    expected: &'a [F::Output],
}

impl<F: Bench, K: Kernel<F>> Job for Queries<'_, F, K> {
    type Output = Option<(usize, F::Output)>;
    #[inline(always)]
    fn run(self) -> Option<(usize, F::Output)> {
        for (i, &input) in self.inputs.iter().enumerate() {
            let got = black_box(self.kernel.query(black_box(input)));
            if got != self.expected[i] {
                return Some((i, got));
            }
        }
        None
    }
}

impl<F: Bench> Checker<'_, F> {
    fn mismatch(&self, check: String, i: usize, got: F::Output) -> Mismatch {
        Mismatch {
            check,
            input: self.inputs[i].to_string(),
            expected: Shown::of(&self.expected[i]),
            got: Shown::of(&got),
            detail: None,
            index: u32::try_from(i).ok(),
        }
    }

    /// Two different answers to fill output buffers with: real answers, so that any answer
    /// type has them, and different, so that an untouched slot and a written one differ under
    /// at least one of them.
    fn sentinels(&self) -> [F::Output; 2] {
        let first = self.expected.first().copied().unwrap_or_default();
        let second = self
            .expected
            .iter()
            .copied()
            .find(|&e| e != first)
            .unwrap_or_default();
        [first, second]
    }

    /// Every input in one batch.
    fn whole_batch<K: Kernel<F>>(&self, kernel: K, sentinel: F::Output) -> Result<u64, Mismatch> {
        let mut out = vec![sentinel; self.inputs.len()];
        run_at::<F, _>(
            self.level,
            Batch::<F, K> {
                kernel,
                inputs: self.inputs,
                outputs: &mut out,
            },
        );
        match (0..self.inputs.len()).find(|&i| out[i] != self.expected[i]) {
            Some(i) => Err(self.mismatch(format!("one batch of {}", out.len()), i, out[i])),
            None => Ok(self.inputs.len() as u64),
        }
    }

    /// Short batches of every length and one long odd one, at odd offsets into the input and
    /// output slices, with the output around each batch checked to be untouched.
    fn offset_batches<K: Kernel<F>>(
        &self,
        kernel: K,
        sentinel: F::Output,
    ) -> Result<u64, Mismatch> {
        let (inputs, expected) = (self.inputs, self.expected);
        let mut checked = 0;
        let lengths = SHORT_LENGTHS.chain([LONG_LENGTH]);
        for len in lengths.filter(|&len| len + OFFSETS[2] <= inputs.len()) {
            for in_offset in OFFSETS {
                for out_offset in OFFSETS {
                    let mut out = vec![sentinel; len + 2 * OFFSETS[2]];
                    let batch = &inputs[in_offset..in_offset + len];
                    run_at::<F, _>(
                        self.level,
                        Batch::<F, K> {
                            kernel,
                            inputs: batch,
                            outputs: &mut out[out_offset..out_offset + len],
                        },
                    );
                    let check = format!(
                        "batch of {len} at input offset {in_offset}, output offset {out_offset}"
                    );
                    for j in 0..len {
                        if out[out_offset + j] != expected[in_offset + j] {
                            let got = out[out_offset + j];
                            return Err(self.mismatch(check, in_offset + j, got));
                        }
                    }
                    let outside = (0..out.len())
                        .find(|&j| (j < out_offset || j >= out_offset + len) && out[j] != sentinel);
                    if let Some(j) = outside {
                        return Err(Mismatch {
                            check: format!("{check}: wrote outside its output slice at {j}"),
                            input: String::from("(none)"),
                            expected: Shown::of(&sentinel),
                            got: Shown::of(&out[j]),
                            detail: None,
                            index: None,
                        });
                    }
                    checked += len as u64;
                }
            }
        }
        Ok(checked)
    }
}

/// Two boards side by side, each under its label, as 8×8 diagrams.
pub fn side_by_side(boards: &[(&str, Bitboard)]) -> String {
    let diagrams: Vec<Vec<String>> = boards
        .iter()
        .map(|(_, b)| b.to_string().lines().map(String::from).collect())
        .collect();
    let mut text = boards
        .iter()
        .map(|(label, _)| format!("{label:<17}"))
        .collect::<Vec<_>>()
        .join("  ");
    text.push('\n');
    for row in 0..8 {
        let line: Vec<&str> = diagrams.iter().map(|d| d[row].as_str()).collect();
        text.push_str(&line.join("  "));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use strategies::in_between::InBetweenFamily;
    use strategies::in_between::{reference, InBetween};
    use strategies::{Square, SquarePair};

    fn check<K: Kernel<InBetweenFamily>>(kernel: K) -> Result<u64, Mismatch> {
        let inputs: Vec<SquarePair> = SquarePair::all().collect();
        let expected: Vec<Bitboard> = inputs
            .iter()
            .map(|p| reference::between(p.from, p.to))
            .collect();
        Checker::<InBetweenFamily> {
            inputs: &inputs,
            expected: &expected,
            level: Level::detect(&Cpu::detect()),
        }
        .visit(kernel)
    }

    /// Right everywhere but c1-a3, the pair the seed's comment says an early formula got wrong.
    #[derive(Clone, Copy)]
    struct WrongOnC1A3;
    impl InBetween for WrongOnC1A3 {
        fn between(self, a: Square, b: Square) -> Bitboard {
            if (a, b) == (Square::C1, Square::A3) {
                Bitboard::EMPTY
            } else {
                reference::between(a, b)
            }
        }
    }

    /// Right on single queries, but its batch forgets the last query of an odd-length batch.
    #[derive(Clone, Copy)]
    struct ForgetsTheTail;
    impl InBetween for ForgetsTheTail {
        fn between(self, a: Square, b: Square) -> Bitboard {
            reference::between(a, b)
        }
        fn between_batch(self, pairs: &[SquarePair], out: &mut [Bitboard]) {
            let n = pairs.len() - pairs.len() % 2;
            for (o, p) in out[..n].iter_mut().zip(pairs) {
                *o = self.between(p.from, p.to);
            }
        }
    }

    #[test]
    fn a_wrong_answer_is_reported_with_its_input_and_both_boards() {
        let mismatch = check(WrongOnC1A3).unwrap_err();
        assert_eq!(mismatch.check, "single query");
        assert_eq!(mismatch.input, "(c1, a3)");
        assert_eq!(mismatch.expected, Shown::of(&Bitboard::from(Square::B2)));
        assert_eq!(mismatch.got, Shown::of(&Bitboard::EMPTY));
        let drawing = mismatch.render("got");
        assert!(
            drawing.starts_with("input:\n(c1, a3)\nexpected"),
            "{drawing}"
        );
        assert_eq!(drawing.lines().count(), 11);
        assert!(drawing
            .lines()
            .nth(9)
            .unwrap()
            .starts_with(". 1 . . . . . .  . . . . . . . ."));
    }

    #[test]
    fn a_batch_that_drops_its_tail_is_caught() {
        let mismatch = check(ForgetsTheTail).unwrap_err();
        assert!(
            mismatch.check.starts_with("batch of 1 "),
            "{}",
            mismatch.check
        );
    }

    #[test]
    fn the_reference_agrees_with_itself() {
        #[derive(Clone, Copy)]
        struct Reference;
        impl InBetween for Reference {
            fn between(self, a: Square, b: Square) -> Bitboard {
                reference::between(a, b)
            }
        }
        let checked = check(Reference).unwrap();
        assert!(checked >= 2 * 4096);
    }
}
