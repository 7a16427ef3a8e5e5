//! Lists of families: the [`Registry`] trait, the [`registry!`] macro that declares one, and
//! the visitor that runs code once per family with its type. The suite's list, `Families`, is
//! declared above this layer, in `families/mod.rs`; every stage of the harness (`list`,
//! `verify`, the main run, `cargo bench`, the gate, reports, charts and the site) iterates it,
//! and a family's name appears nowhere else outside its own folder. Tests declare lists of
//! their own.

use crate::bench::{Bench, Distribution};
use crate::framework::cpu::{Cpu, Unsupported};
use crate::framework::family::Descriptor;

/// Code to run once per family of a [`Registry`], with the family's type.
pub trait FamilyVisitor {
    fn visit<F: Bench>(&mut self);
}

/// What the reports need to know of a family, as plain data.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub distributions: &'static [Distribution],
    pub pressure_distribution: &'static Distribution,
    pub descriptors: Vec<&'static Descriptor>,
    /// [`Bench::VERIFICATION_LIMIT`].
    pub verification_limit: Option<&'static str>,
}

/// A list of families. `Families` (in `families/mod.rs`) is the suite's; tests declare others
/// with [`registry!`].
pub trait Registry {
    /// Calls `visitor.visit::<F>()` for every family, in order.
    fn for_each<V: FamilyVisitor>(visitor: &mut V);

    /// Every family, as plain data, in order.
    fn families() -> Vec<FamilyInfo> {
        struct Collect(Vec<FamilyInfo>);
        impl FamilyVisitor for Collect {
            fn visit<F: Bench>(&mut self) {
                self.0.push(FamilyInfo {
                    name: F::NAME,
                    summary: F::SUMMARY,
                    distributions: F::distributions(),
                    pressure_distribution: F::pressure_distribution(),
                    descriptors: F::variants().iter().map(|&v| F::descriptor(v)).collect(),
                    verification_limit: F::VERIFICATION_LIMIT,
                });
            }
        }
        let mut collect = Collect(Vec::new());
        Self::for_each(&mut collect);
        collect.0
    }

    /// The families' names, in order.
    fn names() -> Vec<&'static str> {
        Self::families().iter().map(|f| f.name).collect()
    }

    /// Every variant of every family, in order.
    fn descriptors() -> Vec<&'static Descriptor> {
        Self::families()
            .into_iter()
            .flat_map(|f| f.descriptors)
            .collect()
    }

    /// Every variant of every family, in order, with whether it runs under `cpu`: its
    /// family's [`runnable`](crate::framework::family::Family::runnable), which may ask more
    /// than the descriptor's features (the search's own instructions).
    fn runnable(cpu: &Cpu) -> Vec<(&'static Descriptor, Result<(), Unsupported>)> {
        struct Collect<'c>(&'c Cpu, Vec<(&'static Descriptor, Result<(), Unsupported>)>);
        impl FamilyVisitor for Collect<'_> {
            fn visit<F: Bench>(&mut self) {
                for &v in F::variants() {
                    self.1.push((F::descriptor(v), F::runnable(v, self.0)));
                }
            }
        }
        let mut collect = Collect(cpu, Vec::new());
        Self::for_each(&mut collect);
        collect.1
    }
}

/// Declares a [`Registry`]: `registry!(pub Families { in_between::InBetweenFamily, ... });`
#[macro_export]
macro_rules! registry {
    ($(#[$meta:meta])* $vis:vis $name:ident { $($family:ty),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug)]
        $vis struct $name;

        impl $crate::bench::registry::Registry for $name {
            fn for_each<V: $crate::bench::registry::FamilyVisitor>(visitor: &mut V) {
                $( visitor.visit::<$family>(); )*
            }
        }
    };
}
pub use registry;
