//! A family's stages with its type erased: plain function pointers to the harness's generic
//! code ([`crate::choose::verify`], [`crate::measure`], [`crate::tools::invariance`], [`crate::tools::crosscheck`],
//! [`crate::tools::cachesim`], [`crate::tools::bound`], [`crate::tools::gate`]) compiled for that family.
//!
//! Why: Rust compiles a generic function in the crate that names its type arguments. The
//! stages that take a [`FamilyStages`] list are not generic, so the measuring loops of a
//! family are compiled where its `FamilyStages` is made, once. `bitbench` takes its list from
//! the crates under `instances/`, one per group of families, which cargo compiles side
//! by side on the machine's cores; before, the one binary crate compiled every family's loops
//! on one core. Tests make their own lists with [`FamilyStages::list`].

use crate::choose::select::Selection;
use crate::choose::verify::{verify_family, Verdict};
use crate::measure::{prepare_family, Plan, WorkloadRun};
use crate::tools::bound;
use crate::tools::cachesim;
use crate::tools::crosscheck;
use crate::tools::gate;
use crate::tools::invariance;
use strategies::{Bench, Cpu, FamilyVisitor, Registry};

/// One family's stages, compiled for its type: see [the module](self).
#[derive(Clone, Copy)]
pub struct FamilyStages {
    /// The family's name ([`strategies::Family::NAME`]).
    pub name: &'static str,
    /// [`verify_family`].
    pub verify: fn(&Cpu, &Selection, u64) -> Vec<Verdict>,
    /// [`prepare_family`].
    pub prepare: fn(&Cpu, &Selection, &Plan) -> Vec<Box<dyn WorkloadRun>>,
    /// The family's part of [`invariance::measure`].
    pub invariance: invariance::Stage,
    /// The family's part of [`crosscheck::crosscheck`].
    pub crosscheck: crosscheck::Stage,
    /// The family's part of the cache-simulation worker ([`crate::tools::cachesim::worker`]).
    pub replay: cachesim::Stage,
    /// The family's part of the bound's worker ([`crate::tools::bound::worker`]).
    pub bound: bound::Stage,
    /// The family's part of the gate's worker ([`crate::tools::gate::worker`]).
    pub gate: gate::Stage,
}

impl FamilyStages {
    /// The stages of `F`, compiled in the crate that calls this.
    pub fn of<F: Bench>() -> FamilyStages {
        FamilyStages {
            name: F::NAME,
            verify: verify_family::<F>,
            prepare: prepare_family::<F>,
            invariance: invariance::collect_family::<F>,
            crosscheck: crosscheck::collect_family::<F>,
            replay: cachesim::replay_family::<F>,
            bound: bound::count_family::<F>,
            gate: gate::count_family::<F>,
        }
    }

    /// The stages of every family of `R`, in order.
    pub fn list<R: Registry>() -> Vec<FamilyStages> {
        struct List(Vec<FamilyStages>);
        impl FamilyVisitor for List {
            fn visit<F: Bench>(&mut self) {
                self.0.push(FamilyStages::of::<F>());
            }
        }
        let mut list = List(Vec::new());
        R::for_each(&mut list);
        list.0
    }

    /// `groups` joined and put in the order of `R`'s families (the order of every report).
    /// Panics if they do not hold each family of `R` exactly once: the lists are fixed at
    /// compile time, and a test builds the suite's.
    pub fn in_order_of<R: Registry>(groups: &[Vec<FamilyStages>]) -> Vec<FamilyStages> {
        let names = R::names();
        let mut all: Vec<FamilyStages> = groups.iter().flatten().copied().collect();
        let joined: Vec<&str> = all.iter().map(|s| s.name).collect();
        let mut sorted = joined.clone();
        sorted.sort_unstable();
        let mut expected = names.clone();
        expected.sort_unstable();
        assert_eq!(
            sorted, expected,
            "the stages' families are not the registry's"
        );
        all.sort_by_key(|s| names.iter().position(|n| *n == s.name));
        all
    }
}
