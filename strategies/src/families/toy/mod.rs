//! A toy family, compiled for tests only: the family `docs/contributing.md` walks a newcomer
//! through adding, in the layout every family has (the trait and its table here, a file per
//! technique, `reference.rs`, `workloads.rs`). Its test holds that such a family is listed,
//! verified and dispatched like the suite's, with one line in a registry.

pub mod count_ones;
pub mod held;
pub mod reference;
pub mod walk;
pub mod workloads;

use crate::board::bitboard::Bitboard;
use crate::framework::family::Source;

/// How many squares a set holds.
///
/// # Semantics
/// `count(set)` is the number of squares in `set`: 0 for the empty set, 64 for the full board.
pub trait Count: Copy {
    fn count(self, set: Bitboard) -> u32;

    crate::framework::family::scalar_batch!(
        fn count_batch(self, sets: &[Bitboard], out: &mut [u32]) = |&set| self.count(set)
    );
}

crate::framework::family::table::family! {
    /// The toy family.
    pub struct Toy {
        name: "toy",
        summary: "how many squares a set holds",
        query: Bitboard => u32,
        reference: |set| reference::count(set),
        echo: |set| set.0 as u32,
    }

    /// The toy's variants.
    pub enum ToyVariant: CountUser(Count) {
        CountOnes {
            name: "count_ones",
            summary: "popcnt",
            kernel: count_ones::CountOnes,
            source: Source::New,
            footprint: 0,
        },
        Walk {
            name: "walk",
            summary: "one step per square",
            kernel: walk::Walk,
            source: Source::seed("toy.txt", "Walking"),
            footprint: 0,
        },
        Held {
            name: "held",
            summary: "holds an AVX2 token",
            needs: avx2,
            kernel: held::Held::new(avx2),
            source: Source::New,
            footprint: 8,
        },
        #[cfg(any())]
        Absent {
            name: "absent",
            summary: "a row compiled out with its variant, descriptor and arm",
            kernel: walk::Walk,
            source: Source::New,
            footprint: 0,
        },
    }

    impl<T: Count> Kernel for T {
        query(set) => count(set),
        batch => count_batch,
    }
}

crate::bench::registry::registry!(
    /// A registry of the toy alone, as the suite's [`Families`](crate::families::Families) is of
    /// every family.
    pub Toys { Toy }
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::registry::Registry;
    use crate::bench::Bench;
    use crate::framework::cpu::{Cpu, Feature};
    use crate::framework::family::Family;

    crate::bench::testing::family_tests!(Toy);

    #[test]
    fn a_table_and_a_line_in_a_registry_make_a_family() {
        let families = Toys::families();
        assert_eq!(Toys::names(), ["toy"]);
        let names: Vec<&str> = families[0].descriptors.iter().map(|d| d.name).collect();
        assert_eq!(names, ["count_ones", "walk", "held"]);
        let held = Toy::descriptor(ToyVariant::Held);
        assert_eq!(held.requires, [Feature::Avx2]);
        assert_eq!((held.table_bytes, held.summary), (8, "holds an AVX2 token"));
        let distributions: Vec<&str> = families[0].distributions.iter().map(|d| d.name).collect();
        assert_eq!(distributions, ["random", "small"]);

        crate::bench::testing::assert_family_is_consistent::<Toy>();
        let ran = crate::bench::testing::all_variants_agree::<Toy>();
        assert!(
            ran.contains(&"count_ones") && ran.contains(&"walk"),
            "{ran:?}"
        );

        let mut rng = crate::bench::inputs::rng(1, "toy");
        let small = Toy::queries(&families[0].distributions[1], &mut rng, 100);
        assert!(small.inputs.iter().all(|set| set.len() <= 8));

        // The technique's own dispatch, for code that needs the `Count` trait.
        struct Full;
        impl CountUser for Full {
            type Output = u32;
            fn with<T: Count>(self, technique: T) -> u32 {
                technique.count(Bitboard::FULL)
            }
        }
        assert_eq!(ToyVariant::Walk.with(&Cpu::detect(), Full), Ok(64));
        let masked = Cpu::with_disabled(&[Feature::Avx2]);
        assert!(ToyVariant::Held.with(&masked, Full).is_err());
    }
}
