//! Verification: every runnable variant against its family's reference, before anything is
//! timed. A variant that disagrees on any input is never measured.
//!
//! Each variant is checked three ways on the same inputs:
//! 1. every input as a single query;
//! 2. every input in one batch;
//! 3. batches of every length 0 to 9 and one long odd length, at odd offsets into both the
//!    input and the output slice, with the output around the batch checked to be untouched.

use crate::families::Bench;
use crate::select::{entries, Selection};
use serde::Serialize;
use std::hint::black_box;
use strategies::{Bitboard, Cpu, Kernel, Visitor};

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
    NotRunnable { reason: String },
}

/// The first input on which a variant and the reference disagree.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Mismatch {
    /// Which check: `single query`, `one batch`, `batch of 5 at input offset 3, output offset 1`.
    pub check: String,
    /// The input, as text (a pair of squares, or a knight set's diagram).
    pub input: String,
    #[serde(serialize_with = "hex")]
    pub expected: Bitboard,
    #[serde(serialize_with = "hex")]
    pub got: Bitboard,
}

/// Bitboards go to JSON as hex strings: a JSON number loses bits above 2^53 in most readers.
fn hex<S: serde::Serializer>(board: &Bitboard, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&format!("0x{:016x}", board.0))
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
    let inputs: Vec<F::Input> = F::verification_inputs(seed)
        .into_iter()
        .flat_map(|(_, inputs)| inputs)
        .collect();
    let expected: Vec<Bitboard> = inputs.iter().map(|&input| F::reference(input)).collect();
    selected
        .into_iter()
        .map(|(variant, entry)| {
            let outcome = match F::visit(
                variant,
                cpu,
                Checker::<F> {
                    inputs: &inputs,
                    expected: &expected,
                },
            ) {
                Ok(Ok(checked)) => Outcome::Agreed { checked },
                Ok(Err(mismatch)) => Outcome::Disagreed(mismatch),
                Err(reason) => Outcome::NotRunnable {
                    reason: reason.to_string(),
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
    expected: &'a [Bitboard],
}

impl<F: Bench> Visitor<F> for Checker<'_, F> {
    type Output = Result<u64, Mismatch>;

    fn visit<K: Kernel<F>>(self, kernel: K) -> Result<u64, Mismatch> {
        let (inputs, expected) = (self.inputs, self.expected);
        let mismatch = |check: String, i: usize, got: Bitboard| Mismatch {
            check,
            input: inputs[i].to_string(),
            expected: expected[i],
            got,
        };
        let mut checked = 0u64;

        for (i, &input) in inputs.iter().enumerate() {
            let got = black_box(kernel.query(black_box(input)));
            if got != expected[i] {
                return Err(mismatch("single query".into(), i, got));
            }
        }
        checked += inputs.len() as u64;

        let mut out = vec![Bitboard(0xDEAD_BEEF); inputs.len()];
        kernel.batch(inputs, &mut out);
        if let Some(i) = (0..inputs.len()).find(|&i| out[i] != expected[i]) {
            return Err(mismatch(
                format!("one batch of {}", inputs.len()),
                i,
                out[i],
            ));
        }
        checked += inputs.len() as u64;

        const SENTINEL: Bitboard = Bitboard(0x5A5A_5A5A_5A5A_5A5A);
        let lengths = SHORT_LENGTHS.chain([LONG_LENGTH]);
        for len in lengths.filter(|&len| len + OFFSETS[2] <= inputs.len()) {
            for in_offset in OFFSETS {
                for out_offset in OFFSETS {
                    let mut out = vec![SENTINEL; len + 2 * OFFSETS[2]];
                    let batch = &inputs[in_offset..in_offset + len];
                    kernel.batch(batch, &mut out[out_offset..out_offset + len]);
                    let check = format!(
                        "batch of {len} at input offset {in_offset}, output offset {out_offset}"
                    );
                    for j in 0..len {
                        if out[out_offset + j] != expected[in_offset + j] {
                            return Err(mismatch(check, in_offset + j, out[out_offset + j]));
                        }
                    }
                    let outside =
                        (0..out.len()).filter(|&j| j < out_offset || j >= out_offset + len);
                    for j in outside {
                        if out[j] != SENTINEL {
                            return Err(Mismatch {
                                check: format!("{check}: wrote outside its output slice at {j}"),
                                input: String::from("(none)"),
                                expected: SENTINEL,
                                got: out[j],
                            });
                        }
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
    use strategies::in_between::{reference, InBetween};
    use strategies::{InBetweenFamily, Square, SquarePair};

    fn check<K: Kernel<InBetweenFamily>>(kernel: K) -> Result<u64, Mismatch> {
        let inputs: Vec<SquarePair> = SquarePair::all().collect();
        let expected: Vec<Bitboard> = inputs
            .iter()
            .map(|p| reference::between(p.from, p.to))
            .collect();
        Checker::<InBetweenFamily> {
            inputs: &inputs,
            expected: &expected,
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
        assert_eq!(mismatch.expected, Bitboard::from(Square::B2));
        assert_eq!(mismatch.got, Bitboard::EMPTY);
        let drawing = side_by_side(&[("expected", mismatch.expected), ("got", mismatch.got)]);
        assert_eq!(drawing.lines().count(), 9);
        assert!(drawing
            .lines()
            .nth(7)
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
