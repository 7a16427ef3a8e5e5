//! A kernel behind a trait object ([`Erased`]), for the families whose query is a whole
//! computation over many nodes (a perft, a search) and whose variants are configurations, each
//! a copy of that computation.
//!
//! The harness's loops (verification, the timed passes, the cache simulation, the plain loop)
//! are generic over the kernel's type. Handed every configuration's own type, they were
//! compiled once per configuration: most of the longest crates of the build, for loops whose
//! time is one call per batch of queries that each take thousands of nodes. Handed
//! [`Erased`], they are compiled once per family, and a configuration's batch is reached
//! through one virtual call per batch, as [`Family::visit`] reaches a variant once per batch;
//! the queries' loop is still the configuration's own code, with the per-query call inlined.

use super::{Family, Kernel, Visitor};

/// What [`Erased`] calls: a kernel's methods through a reference.
trait Dyn<F: Family + ?Sized> {
    fn query(&self, input: F::Input) -> F::Output;
    fn batch(&self, inputs: &[F::Input], outputs: &mut [F::Output]);
    fn explain(&self, input: F::Input) -> Option<String>;
}

impl<F: Family + ?Sized, K: Kernel<F>> Dyn<F> for K {
    fn query(&self, input: F::Input) -> F::Output {
        Kernel::query(*self, input)
    }

    fn batch(&self, inputs: &[F::Input], outputs: &mut [F::Output]) {
        Kernel::batch(*self, inputs, outputs)
    }

    fn explain(&self, input: F::Input) -> Option<String> {
        Kernel::explain(*self, input)
    }
}

/// A kernel behind a trait object: one type for every variant of a family.
pub struct Erased<'a, F: Family + ?Sized>(&'a dyn Dyn<F>);

impl<F: Family + ?Sized> Clone for Erased<'_, F> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<F: Family + ?Sized> Copy for Erased<'_, F> {}

impl<F: Family + ?Sized> Kernel<F> for Erased<'_, F> {
    fn query(self, input: F::Input) -> F::Output {
        self.0.query(input)
    }

    fn batch(self, inputs: &[F::Input], outputs: &mut [F::Output]) {
        self.0.batch(inputs, outputs)
    }

    fn explain(self, input: F::Input) -> Option<String> {
        self.0.explain(input)
    }
}

/// A visitor that hands `V` each kernel as an [`Erased`] one.
pub struct Erase<V>(pub V);

impl<F: Family + ?Sized, V: Visitor<F>> Visitor<F> for Erase<V> {
    type Output = V::Output;

    fn visit<K: Kernel<F>>(self, kernel: K) -> V::Output {
        self.0.visit(Erased(&kernel))
    }
}
