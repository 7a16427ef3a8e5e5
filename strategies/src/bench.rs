//! What a family is measured and verified on: its input distributions, how queries are drawn
//! from them, the inputs verification checks, and the link of the latency chain. A family
//! implements [`Bench`] in its own folder (`workloads.rs`), beside its variants, so that adding
//! a family never touches the harness.

use crate::family::Family;
use rand_chacha::ChaCha8Rng;

/// An input distribution a family is measured on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distribution {
    /// The name in records, charts and `cargo bench` ids.
    pub name: &'static str,
    pub summary: &'static str,
}

/// Pre-generated queries: identical for every variant of a workload.
#[derive(Clone, Debug)]
pub struct Queries<I> {
    pub inputs: Vec<I>,
    /// When the distribution models a test made with each answer (the legality test of an
    /// in-between set), the mask each answer is tested against: the caller counts the answers
    /// whose [`fold`](crate::answer::Answer::fold) has no bit in common with it.
    pub masks: Option<Vec<u64>>,
}

impl<I> Queries<I> {
    /// Queries with no mask.
    pub fn plain(inputs: Vec<I>) -> Queries<I> {
        Queries {
            inputs,
            masks: None,
        }
    }
}

/// A family the harness can verify and measure.
pub trait Bench: Family {
    /// Inputs for verification, in named groups: exhaustive where the domain allows, large and
    /// drawn from `seed` where it does not, with dense and edge cases, not only typical ones.
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<Self::Input>)>;

    /// The distributions measured in throughput and latency mode, the headline one first.
    fn distributions() -> &'static [Distribution];

    /// The distribution measured under cache pressure.
    fn pressure_distribution() -> &'static Distribution {
        &Self::distributions()[0]
    }

    /// `count` queries from `distribution`.
    fn queries(
        distribution: &Distribution,
        rng: &mut ChaCha8Rng,
        count: usize,
    ) -> Queries<Self::Input>;

    /// The latency chain's link: `input` with `zero` folded in. `zero` is always 0 at run time
    /// (the previous answer's fold ANDed with a zero the compiler cannot see through), so the
    /// input is unchanged, but it now depends on the previous answer. Typically an XOR into
    /// one field of the input.
    fn mix(input: Self::Input, zero: u64) -> Self::Input;
}
