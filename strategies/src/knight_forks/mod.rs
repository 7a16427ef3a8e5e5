//! Knight fork squares: every square from which a knight attacks two or more targets.
//!
//! Source: seed `001_91a62a26c9dc1468.txt` (Knight Pattern), § Knight Forks. Typical use: the
//! targets are the opponent's king, queen and rooks (or hanging pieces); the fork squares,
//! intersected with the squares own knights reach and the opponent does not guard, are the
//! moves with a forced property.
//!
//! | variant | table | technique |
//! |---|---|---|
//! | [`fork_target_square`] | none | the seed's loop- and branch-less union of pairwise intersections |
//! | [`pair_loop`] | 512 B | every pair of targets, intersection of their knight-attack lookups |
//! | [`attacked_twice_loop`] | 512 B | one lookup per target, "attacked once" and "attacked twice" sets |
//! | `avx2::batch` | none | the seed's routine on four target sets per `__m256i` |
//! | `avx512::batch` | none | the seed's routine on eight target sets per `__m512i` |

pub mod attacked_twice_loop;
pub mod fork_target_square;
pub mod pair_loop;
pub mod reference;
pub mod workloads;

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;

use crate::cpu::{Cpu, Feature, Unsupported};
use crate::family::{Descriptor, Family, Kernel, Source, Visitor};
use crate::knight_attacks::lookup;
use crate::on_arch;
use crate::Bitboard;

/// The knight-fork family.
///
/// # Semantics (every variant, every edge case)
/// `forks(targets)` is the set of squares `s` such that a knight on `s` attacks at least two
/// squares of `targets`. Knight attacks are symmetric, so these are also the squares attacked
/// by at least two targets as if they were knights. A square qualifies whatever stands on it:
/// a target square is in the set if it attacks two other targets, and nothing is said about
/// whether a knight can get there. Fewer than two targets, or targets no square attacks two
/// of, give the empty set. Occupancy plays no part.
pub trait KnightForks: Copy {
    /// The squares from which a knight attacks two or more of `targets`.
    fn forks(self, targets: Bitboard) -> Bitboard;

    /// `out[i] = forks(targets[i])`; any length, any alignment.
    ///
    /// The default is the scalar loop, monomorphized per variant with `forks` inlined.
    ///
    /// # Panics
    /// If `targets` and `out` differ in length.
    #[inline(always)]
    fn forks_batch(self, targets: &[Bitboard], out: &mut [Bitboard]) {
        assert_eq!(targets.len(), out.len(), "batch slices differ in length");
        for (out, &targets) in out.iter_mut().zip(targets) {
            *out = self.forks(targets);
        }
    }
}

/// Marker type for the knight-fork family, as the harness sees it.
#[derive(Clone, Copy, Debug)]
pub struct KnightForksFamily;

impl<T: KnightForks> Kernel<KnightForksFamily> for T {
    #[inline(always)]
    fn query(self, targets: Bitboard) -> Bitboard {
        self.forks(targets)
    }

    #[inline(always)]
    fn batch(self, targets: &[Bitboard], out: &mut [Bitboard]) {
        self.forks_batch(targets, out)
    }
}

/// The registry: every knight-fork variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KnightForksVariant {
    ForkTargetSquare,
    PairLoop,
    AttackedTwiceLoop,
    Avx2Batch,
    Avx512Batch,
}

const SEED: &str = "001_91a62a26c9dc1468.txt";

static DESCRIPTORS: [Descriptor; 5] = [
    Descriptor {
        family: KnightForksFamily::NAME,
        name: "fork_target_square",
        summary: "union of the pairwise intersections of the eight direction attack sets",
        source: Source::Seed {
            file: SEED,
            section: "Knight Forks (forkTargetSquare)",
        },
        table_bytes: 0,
        requires: &[],
    },
    Descriptor {
        family: KnightForksFamily::NAME,
        name: "pair_loop",
        summary: "every pair of targets, the intersection of their knight-attack lookups",
        source: Source::Seed {
            file: SEED,
            section: "Knight Forks (loop over pieces, intersect all combinations)",
        },
        table_bytes: lookup::TABLE_BYTES,
        requires: &[],
    },
    Descriptor {
        family: KnightForksFamily::NAME,
        name: "attacked_twice_loop",
        summary: "one lookup per target, accumulated into attacked-once and attacked-twice sets",
        source: Source::New,
        table_bytes: lookup::TABLE_BYTES,
        requires: &[],
    },
    Descriptor {
        family: KnightForksFamily::NAME,
        name: "avx2_batch",
        summary: "the seed's forkTargetSquare on four target sets per __m256i",
        source: Source::New,
        table_bytes: 0,
        requires: &[Feature::Avx2],
    },
    Descriptor {
        family: KnightForksFamily::NAME,
        name: "avx512_batch",
        summary: "the seed's forkTargetSquare on eight target sets per __m512i, ternary logic",
        source: Source::New,
        table_bytes: 0,
        requires: &[Feature::Avx512f],
    },
];

impl Family for KnightForksFamily {
    const NAME: &'static str = "knight_forks";
    const SUMMARY: &'static str = "the squares from which a knight attacks two or more targets";
    type Input = Bitboard;
    type Output = Bitboard;
    type Variant = KnightForksVariant;

    fn variants() -> &'static [KnightForksVariant] {
        use KnightForksVariant::*;
        &[
            ForkTargetSquare,
            PairLoop,
            AttackedTwiceLoop,
            Avx2Batch,
            Avx512Batch,
        ]
    }

    fn descriptor(variant: KnightForksVariant) -> &'static Descriptor {
        &DESCRIPTORS[variant as usize]
    }

    fn visit<V: Visitor<Self>>(
        variant: KnightForksVariant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported> {
        use KnightForksVariant::*;
        Self::runnable(variant, cpu)?;
        Ok(match variant {
            ForkTargetSquare => visitor.visit(fork_target_square::ForkTargetSquare),
            PairLoop => visitor.visit(pair_loop::PairLoop),
            AttackedTwiceLoop => visitor.visit(attacked_twice_loop::AttackedTwiceLoop),
            Avx2Batch => on_arch!(
                "x86_64",
                Feature::Avx2,
                visitor.visit(avx2::batch::Avx2Batch::new(cpu.avx2()?))
            ),
            Avx512Batch => on_arch!(
                "x86_64",
                Feature::Avx512f,
                visitor.visit(avx512::batch::Avx512Batch::new(cpu.avx512()?))
            ),
        })
    }

    fn reference(targets: Bitboard) -> Bitboard {
        reference::forks(targets)
    }

    #[inline(always)]
    fn echo(targets: Bitboard) -> Bitboard {
        targets
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_is_consistent() {
        let variants = KnightForksFamily::variants();
        assert_eq!(variants.len(), DESCRIPTORS.len());
        for (i, &variant) in variants.iter().enumerate() {
            assert_eq!(variant as usize, i, "registry order matches the enum");
            let descriptor = KnightForksFamily::descriptor(variant);
            assert_eq!(KnightForksFamily::find(descriptor.name), Some(variant));
        }
    }

    #[test]
    fn every_variant_agrees_with_the_reference() {
        let checked =
            crate::family_tests::check_family::<KnightForksFamily>(crate::inputs::DEFAULT_SEED);
        assert!(checked.contains(&"fork_target_square") && checked.contains(&"pair_loop"));
        #[cfg(target_arch = "x86_64")]
        if Feature::Avx2.is_detected() {
            assert!(checked.contains(&"avx2_batch"));
        }
    }

    #[test]
    #[ignore = "prints rough timings; run with --release -- --ignored --nocapture timings"]
    fn timings() {
        crate::family_tests::print_timings::<KnightForksFamily>();
    }
}
