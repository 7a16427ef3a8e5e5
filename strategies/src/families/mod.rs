//! The families: a folder each, one file per technique, and the legal move generator built
//! from their techniques.
//!
//! A family's folder holds its trait (the question, with its semantics at every edge case) and
//! its table of variants in `mod.rs`, a file per technique, `avx2/`, `avx512/` or `gfni/` for a
//! body one instruction set has to itself, `lane_*.rs` for a SIMD body written once over the
//! framework's lanes, `peers.rs` (feature `peers`) for the published crates measured beside
//! ours, and, with the feature `bench`, `reference.rs` (the answer every variant is checked
//! against) and `workloads.rs` (what it is verified and measured on).
//!
//! [`movegen`] is not a family: it is the legal move generator whose techniques are type
//! parameters, which the `perft` and `legality_test` families measure. `Families` (feature
//! `bench`) is the one list of families the harness iterates.

pub mod attack_spans;
pub mod attacked;
pub mod attacked_by_piece;
pub mod attacks_to;
pub mod blockers_by_targets;
pub mod checkers_pins;
pub mod in_between;
pub mod knight_attacks;
pub mod knight_fill;
pub mod knight_forks;
pub mod legality_test;
pub mod movegen;
pub mod pawn_structure;
pub mod perft;
pub mod queen_attacks;
pub mod search;
pub mod sliders;
// The family docs/contributing.md walks a newcomer through adding.
#[cfg(all(test, feature = "bench"))]
mod toy;
pub mod xray_attacks;
pub mod xray_attacks_multi;

#[cfg(feature = "bench")]
crate::bench::registry::registry!(
    /// The suite's families, in the order reports show them.
    pub Families {
        in_between::InBetweenFamily,
        knight_attacks::KnightFamily,
        sliders::RookAttacksFamily,
        sliders::BishopAttacksFamily,
        queen_attacks::QueenAttacksFamily,
        attack_spans::AttackSpansFamily,
        pawn_structure::PawnStructureFamily,
        knight_fill::KnightFillFamily,
        knight_forks::KnightForksFamily,
        xray_attacks::RookXrayFamily,
        xray_attacks::BishopXrayFamily,
        xray_attacks_multi::XrayAttacksMultiFamily,
        blockers_by_targets::BlockersByTargetsFamily,
        attacks_to::AttacksToFamily,
        attacked::AttackedFamily,
        attacked_by_piece::AttackedByPieceFamily,
        legality_test::LegalityTestFamily,
        checkers_pins::CheckersPinsFamily,
        perft::PerftFamily,
        search::family::SearchFamily,
    }
);

#[cfg(all(test, feature = "bench"))]
mod tests {
    use super::Families;
    use crate::bench::registry::{FamilyVisitor, Registry};
    use crate::bench::Bench;

    #[test]
    fn names_are_unique_and_usable_in_paths() {
        let names = Families::names();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} registered twice");
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{name}"
            );
        }
        for family in Families::families() {
            assert!(!family.distributions.is_empty(), "{}", family.name);
            for d in &family.descriptors {
                assert_eq!(d.family, family.name);
            }
        }
    }

    /// Every family's variants, descriptors and dispatch agree, in one order: each variant's
    /// descriptor names its family and finds the variant back by name, names are unique within
    /// a family and usable in paths, and a variant the CPU cannot run says why, as its
    /// descriptor's features say. (`family!` writes the four from one table; this holds them,
    /// and perft's generated configurations, to it.)
    #[test]
    fn every_family_s_variants_descriptors_and_dispatch_agree() {
        struct Check;
        impl FamilyVisitor for Check {
            fn visit<F: Bench>(&mut self) {
                crate::bench::testing::assert_family_is_consistent::<F>();
            }
        }
        Families::for_each(&mut Check);
    }
}
