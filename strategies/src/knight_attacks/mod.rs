//! Knight attacks, set-wise: every square attacked by any knight of a set.
//!
//! Source: seed `001_91a62a26c9dc1468.txt` (Knight Pattern), §§ Knight Attacks, by Lookup,
//! by Calculation, Multiple Knight Attacks; the AVX2 form after chessprogramming's "AVX2"
//! page (formula in `../shared/README.md`).
//!
//! | variant | table | technique |
//! |---|---|---|
//! | [`lookup`] | 512 B | 64-entry table, one load per knight |
//! | [`shifts`] `_premask` / `_postmask` | none | the eight direction shifts, masks before or after |
//! | [`parallel_prefix`] / `_wide` | none | east/west steps, or l1/l2/r1/r2 |
//! | `avx2::directions` | none | one set, eight directions in two `__m256i` |
//! | `avx2::batch` | none | four independent sets per `__m256i` |
//! | `avx512::batch` | none | eight independent sets per `__m512i` |
//! | `neon::batch` | none | two independent sets per 128-bit vector |
//! | [`peers`] | 512 B each | the `chess` and `cozy-chess` lookups, looped over the set |

pub mod lookup;
pub mod parallel_prefix;
pub mod peers;
pub mod reference;
pub mod shifts;
pub mod workloads;

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "aarch64")]
pub mod neon;

use crate::cpu::{Cpu, Feature, Unsupported};
use crate::family::{Descriptor, Family, Kernel, Source, Visitor};
use crate::on_arch;
use crate::Bitboard;

/// The knight-attack family.
///
/// # Semantics (every variant, every edge case)
/// `attacks(knights)` is the union over every square in `knights` of the squares a knight
/// there attacks: the up to eight squares a knight's move away that are on the board. Squares
/// attacked by two knights appear once; a knight's own square is in the result only if another
/// knight attacks it. The empty set has no attacks. Occupancy plays no part.
pub trait KnightAttacks: Copy {
    /// The squares attacked by any knight in `knights`.
    fn attacks(self, knights: Bitboard) -> Bitboard;

    /// `out[i] = attacks(sets[i])`; any length, any alignment.
    ///
    /// The default is the scalar loop, monomorphized per variant with `attacks` inlined.
    ///
    /// # Panics
    /// If `sets` and `out` differ in length.
    #[inline(always)]
    fn attacks_batch(self, sets: &[Bitboard], out: &mut [Bitboard]) {
        assert_eq!(sets.len(), out.len(), "batch slices differ in length");
        for (out, &set) in out.iter_mut().zip(sets) {
            *out = self.attacks(set);
        }
    }
}

/// Marker type for the knight-attack family, as the harness sees it.
#[derive(Clone, Copy, Debug)]
pub struct KnightFamily;

impl<T: KnightAttacks> Kernel<KnightFamily> for T {
    #[inline(always)]
    fn query(self, knights: Bitboard) -> Bitboard {
        self.attacks(knights)
    }

    #[inline(always)]
    fn batch(self, sets: &[Bitboard], out: &mut [Bitboard]) {
        self.attacks_batch(sets, out)
    }
}

/// The registry: every knight-attack variant, ours first, peers last.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KnightVariant {
    Lookup,
    ShiftsPremask,
    ShiftsPostmask,
    ParallelPrefix,
    ParallelPrefixWide,
    Avx2Directions,
    Avx2Batch,
    Avx512Batch,
    NeonBatch,
    Chess,
    CozyChess,
}

const SEED: &str = "001_91a62a26c9dc1468.txt";

static DESCRIPTORS: [Descriptor; 11] = [
    Descriptor {
        family: KnightFamily::NAME,
        name: "lookup",
        summary: "64-entry table, one load per knight in the set",
        source: Source::Seed {
            file: SEED,
            section: "by Lookup",
        },
        table_bytes: lookup::TABLE_BYTES,
        requires: &[],
    },
    Descriptor {
        family: KnightFamily::NAME,
        name: "shifts_premask",
        summary: "eight direction shifts, wrap masks applied before shifting",
        source: Source::Seed {
            file: SEED,
            section: "by Calculation (pre-shift masks)",
        },
        table_bytes: 0,
        requires: &[],
    },
    Descriptor {
        family: KnightFamily::NAME,
        name: "shifts_postmask",
        summary: "eight direction shifts, wrap masks applied after shifting",
        source: Source::Seed {
            file: SEED,
            section: "by Calculation (post-shift masks)",
        },
        table_bytes: 0,
        requires: &[],
    },
    Descriptor {
        family: KnightFamily::NAME,
        name: "parallel_prefix",
        summary: "east/west one- and two-steps, then vertical shifts by 8 and 16",
        source: Source::Seed {
            file: SEED,
            section: "Multiple Knight Attacks (east/west form)",
        },
        table_bytes: 0,
        requires: &[],
    },
    Descriptor {
        family: KnightFamily::NAME,
        name: "parallel_prefix_wide",
        summary: "l1/l2/r1/r2 horizontal steps in parallel, then vertical shifts",
        source: Source::Seed {
            file: SEED,
            section: "Multiple Knight Attacks (l1/l2/r1/r2 form)",
        },
        table_bytes: 0,
        requires: &[],
    },
    Descriptor {
        family: KnightFamily::NAME,
        name: "avx2_directions",
        summary: "one set broadcast to four lanes, eight directions by sllv/srlv",
        source: Source::Seed {
            file: SEED,
            section: "by Calculation, see AVX2 Knight Attacks",
        },
        table_bytes: 0,
        requires: &[Feature::Avx2],
    },
    Descriptor {
        family: KnightFamily::NAME,
        name: "avx2_batch",
        summary: "four independent sets per __m256i, the wide form lane-wise",
        source: Source::New,
        table_bytes: 0,
        requires: &[Feature::Avx2],
    },
    Descriptor {
        family: KnightFamily::NAME,
        name: "avx512_batch",
        summary: "eight independent sets per __m512i, the wide form lane-wise",
        source: Source::New,
        table_bytes: 0,
        requires: &[Feature::Avx512f],
    },
    Descriptor {
        family: KnightFamily::NAME,
        name: "neon_batch",
        summary: "two independent sets per 128-bit vector, the wide form lane-wise",
        source: Source::New,
        table_bytes: 0,
        requires: &[Feature::Neon],
    },
    Descriptor {
        family: KnightFamily::NAME,
        name: "chess",
        summary: "chess::get_knight_moves per knight, a 64-entry table",
        source: Source::External {
            krate: "chess 3.2",
            item: "chess::get_knight_moves",
            tables: "computed by a build script",
        },
        table_bytes: peers::CHESS_KNIGHT_BYTES,
        requires: &[],
    },
    Descriptor {
        family: KnightFamily::NAME,
        name: "cozy_chess",
        summary: "cozy_chess::get_knight_moves per knight, a 64-entry table",
        source: Source::External {
            krate: "cozy-chess 0.3",
            item: "cozy_chess::get_knight_moves",
            tables: "computed in const items",
        },
        table_bytes: peers::COZY_CHESS_KNIGHT_BYTES,
        requires: &[],
    },
];

impl Family for KnightFamily {
    const NAME: &'static str = "knight_attacks";
    const SUMMARY: &'static str = "the squares attacked by any knight of a set";
    type Input = Bitboard;
    type Output = Bitboard;
    type Variant = KnightVariant;

    fn variants() -> &'static [KnightVariant] {
        use KnightVariant::*;
        &[
            Lookup,
            ShiftsPremask,
            ShiftsPostmask,
            ParallelPrefix,
            ParallelPrefixWide,
            Avx2Directions,
            Avx2Batch,
            Avx512Batch,
            NeonBatch,
            Chess,
            CozyChess,
        ]
    }

    fn descriptor(variant: KnightVariant) -> &'static Descriptor {
        &DESCRIPTORS[variant as usize]
    }

    fn visit<V: Visitor<Self>>(
        variant: KnightVariant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported> {
        use KnightVariant::*;
        Self::runnable(variant, cpu)?;
        Ok(match variant {
            Lookup => visitor.visit(lookup::Lookup),
            ShiftsPremask => visitor.visit(shifts::ShiftsPremask),
            ShiftsPostmask => visitor.visit(shifts::ShiftsPostmask),
            ParallelPrefix => visitor.visit(parallel_prefix::ParallelPrefix),
            ParallelPrefixWide => visitor.visit(parallel_prefix::ParallelPrefixWide),
            Avx2Directions => on_arch!(
                "x86_64",
                Feature::Avx2,
                visitor.visit(avx2::directions::Avx2Directions::new(cpu.avx2()?))
            ),
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
            NeonBatch => on_arch!(
                "aarch64",
                Feature::Neon,
                visitor.visit(neon::batch::NeonBatch::new(cpu.neon()?))
            ),
            Chess => visitor.visit(peers::Chess),
            CozyChess => visitor.visit(peers::CozyChess),
        })
    }

    fn reference(knights: Bitboard) -> Bitboard {
        reference::attacks(knights)
    }

    #[inline(always)]
    fn echo(knights: Bitboard) -> Bitboard {
        knights
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_is_consistent() {
        let variants = KnightFamily::variants();
        assert_eq!(variants.len(), DESCRIPTORS.len());
        for (i, &variant) in variants.iter().enumerate() {
            assert_eq!(variant as usize, i, "registry order matches the enum");
            let descriptor = KnightFamily::descriptor(variant);
            assert_eq!(KnightFamily::find(descriptor.name), Some(variant));
        }
    }

    /// Every variant against the reference on every verification input (see
    /// `testing::all_variants_agree`): one query at a time, in one batch and in batches of
    /// every length 0..=17; a SIMD variant runs exactly where its feature is and reports
    /// `Unsupported` with it masked; a portable variant runs with every feature masked.
    #[test]
    fn every_variant_agrees_with_the_reference() {
        let ran = crate::testing::all_variants_agree::<KnightFamily>();
        for (name, feature) in [
            ("avx2_directions", Feature::Avx2),
            ("avx2_batch", Feature::Avx2),
            ("avx512_batch", Feature::Avx512f),
            ("neon_batch", Feature::Neon),
        ] {
            let here = feature.arch() == std::env::consts::ARCH && feature.is_detected();
            assert_eq!(ran.contains(&name), here, "{name}");
        }
    }
}
