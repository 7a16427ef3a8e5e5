//! In-between squares: the set of squares strictly between two squares on a common line.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § In Between, and its four
//! space/time tradeoffs. Typical use is the legality test of a sliding move: the move from `a`
//! to `b` is unobstructed when `between(a, b) & occupancy` is empty.
//!
//! | variant | table | technique |
//! |---|---|---|
//! | [`rectangular`] | 32 KiB | `[[u64; 64]; 64]` lookup |
//! | [`triangular`] | 16.25 KiB | 2080 entries, sign-mask min/max index |
//! | [`x88_rotate`] | 1.9 KiB | 240 entries by 0x88 difference, rotated by the from-square |
//! | [`calculated`] | none | branchless pure calculation |
//! | `avx2::calculated` | none | the pure calculation, four pairs per `__m256i` |
//! | `avx2::rectangular_gather` | 32 KiB | the rectangular table, four lookups per gather |
//! | `avx512::calculated` | none | the pure calculation, eight pairs per `__m512i` |
//! | `avx512::rectangular_gather` | 32 KiB | the rectangular table, eight lookups per gather |
//! | `neon::calculated` | none | the pure calculation, two pairs per 128-bit vector |
//! | [`peers`] | 32 KiB each | the `chess` and `cozy-chess` crates |

pub mod calculated;
pub mod peers;
pub mod rectangular;
pub mod reference;
pub mod triangular;
pub mod workloads;
pub mod x88_rotate;

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "aarch64")]
pub mod neon;

use crate::cpu::{Cpu, Feature, Unsupported};
use crate::family::{Descriptor, Family, Kernel, Source, Visitor};
use crate::on_arch;
use crate::{Bitboard, Square, SquarePair};

/// The in-between family.
///
/// # Semantics (every variant, every edge case)
/// `between(a, b)` is the set of squares strictly between `a` and `b` when the two share a
/// rank, a file, a diagonal or an anti-diagonal; neither `a` nor `b` is in it. It is empty
/// otherwise, which includes `a == b`, adjacent squares (nothing lies between them) and squares
/// a knight's move apart. It is symmetric: `between(a, b) == between(b, a)`.
pub trait InBetween: Copy {
    /// The squares strictly between `a` and `b`, or the empty set (see the trait's semantics).
    fn between(self, a: Square, b: Square) -> Bitboard;

    /// `out[i] = between(pairs[i].from, pairs[i].to)`; any length, any alignment.
    ///
    /// The default is the scalar loop, monomorphized per variant with `between` inlined.
    ///
    /// # Panics
    /// If `pairs` and `out` differ in length.
    #[inline(always)]
    fn between_batch(self, pairs: &[SquarePair], out: &mut [Bitboard]) {
        assert_eq!(pairs.len(), out.len(), "batch slices differ in length");
        for (out, pair) in out.iter_mut().zip(pairs) {
            *out = self.between(pair.from, pair.to);
        }
    }
}

/// Marker type for the in-between family, as the harness sees it.
#[derive(Clone, Copy, Debug)]
pub struct InBetweenFamily;

impl<T: InBetween> Kernel<InBetweenFamily> for T {
    #[inline(always)]
    fn query(self, pair: SquarePair) -> Bitboard {
        self.between(pair.from, pair.to)
    }

    #[inline(always)]
    fn batch(self, pairs: &[SquarePair], out: &mut [Bitboard]) {
        self.between_batch(pairs, out)
    }
}

/// The registry: every in-between variant, ours first, peers last.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InBetweenVariant {
    Rectangular,
    Triangular,
    X88Rotate,
    Calculated,
    CalculatedAvx2,
    RectangularGatherAvx2,
    CalculatedAvx512,
    RectangularGatherAvx512,
    CalculatedNeon,
    Chess,
    CozyChess,
}

const SEED: &str = "000_25ad13ed25e2ec35.txt";

static DESCRIPTORS: [Descriptor; 11] = [
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "rectangular",
        summary: "64x64 table of in-between sets, one load",
        source: Source::Seed {
            file: SEED,
            section: "Rectangular Lookup",
        },
        table_bytes: rectangular::TABLE_BYTES,
        requires: &[],
    },
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "triangular",
        summary: "64*65/2-entry table, min/max by sign mask into a triangular index",
        source: Source::Seed {
            file: SEED,
            section: "Triangular Lookup",
        },
        table_bytes: triangular::TABLE_BYTES,
        requires: &[],
    },
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "x88_rotate",
        summary: "240-entry table by 0x88 difference, rotated left by the from-square",
        source: Source::Seed {
            file: SEED,
            section: "0x88 Difference",
        },
        table_bytes: x88_rotate::TABLE_BYTES,
        requires: &[],
    },
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "calculated",
        summary: "branchless pure calculation, no table",
        source: Source::Seed {
            file: SEED,
            section: "Pure Calculation",
        },
        table_bytes: 0,
        requires: &[],
    },
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "calculated_avx2",
        summary: "the pure calculation on four pairs per __m256i; multiply becomes sllv",
        source: Source::New,
        table_bytes: 0,
        requires: &[Feature::Avx2],
    },
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "rectangular_gather_avx2",
        summary: "the rectangular table, four lookups per _mm256_i64gather_epi64",
        source: Source::New,
        table_bytes: rectangular::TABLE_BYTES,
        requires: &[Feature::Avx2],
    },
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "calculated_avx512",
        summary:
            "the pure calculation on eight pairs per __m512i; line selection by mask registers",
        source: Source::New,
        table_bytes: 0,
        requires: &[Feature::Avx512f],
    },
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "rectangular_gather_avx512",
        summary: "the rectangular table, eight lookups per _mm512_i64gather_epi64",
        source: Source::New,
        table_bytes: rectangular::TABLE_BYTES,
        requires: &[Feature::Avx512f],
    },
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "calculated_neon",
        summary: "the pure calculation on two pairs per 128-bit vector; multiply becomes vshl",
        source: Source::New,
        table_bytes: 0,
        requires: &[Feature::Neon],
    },
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "chess",
        summary: "chess::between, a 64x64 table",
        source: Source::External {
            krate: "chess 3.2",
            item: "chess::between",
            tables: "computed by a build script",
        },
        table_bytes: peers::CHESS_BETWEEN_BYTES,
        requires: &[],
    },
    Descriptor {
        family: InBetweenFamily::NAME,
        name: "cozy_chess",
        summary: "cozy_chess::get_between_rays, a 64x64 table",
        source: Source::External {
            krate: "cozy-chess 0.3",
            item: "cozy_chess::get_between_rays",
            tables: "computed in const items",
        },
        table_bytes: peers::COZY_CHESS_BETWEEN_BYTES,
        requires: &[],
    },
];

impl Family for InBetweenFamily {
    const NAME: &'static str = "in_between";
    const SUMMARY: &'static str =
        "the squares strictly between two squares on a common line; empty otherwise";
    type Input = SquarePair;
    type Output = Bitboard;
    type Variant = InBetweenVariant;

    fn variants() -> &'static [InBetweenVariant] {
        use InBetweenVariant::*;
        &[
            Rectangular,
            Triangular,
            X88Rotate,
            Calculated,
            CalculatedAvx2,
            RectangularGatherAvx2,
            CalculatedAvx512,
            RectangularGatherAvx512,
            CalculatedNeon,
            Chess,
            CozyChess,
        ]
    }

    fn descriptor(variant: InBetweenVariant) -> &'static Descriptor {
        &DESCRIPTORS[variant as usize]
    }

    fn visit<V: Visitor<Self>>(
        variant: InBetweenVariant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported> {
        use InBetweenVariant::*;
        Self::runnable(variant, cpu)?;
        Ok(match variant {
            Rectangular => visitor.visit(rectangular::Rectangular),
            Triangular => visitor.visit(triangular::Triangular),
            X88Rotate => visitor.visit(x88_rotate::X88Rotate),
            Calculated => visitor.visit(calculated::Calculated),
            CalculatedAvx2 => on_arch!(
                "x86_64",
                Feature::Avx2,
                visitor.visit(avx2::calculated::CalculatedAvx2::new(cpu.avx2()?))
            ),
            RectangularGatherAvx2 => on_arch!(
                "x86_64",
                Feature::Avx2,
                visitor.visit(avx2::rectangular_gather::RectangularGatherAvx2::new(
                    cpu.avx2()?
                ))
            ),
            CalculatedAvx512 => on_arch!(
                "x86_64",
                Feature::Avx512f,
                visitor.visit(avx512::calculated::CalculatedAvx512::new(cpu.avx512()?))
            ),
            RectangularGatherAvx512 => on_arch!(
                "x86_64",
                Feature::Avx512f,
                visitor.visit(avx512::rectangular_gather::RectangularGatherAvx512::new(
                    cpu.avx512()?
                ))
            ),
            CalculatedNeon => on_arch!(
                "aarch64",
                Feature::Neon,
                visitor.visit(neon::calculated::CalculatedNeon::new(cpu.neon()?))
            ),
            Chess => visitor.visit(peers::Chess),
            CozyChess => visitor.visit(peers::CozyChess),
        })
    }

    fn reference(pair: SquarePair) -> Bitboard {
        reference::between(pair.from, pair.to)
    }

    #[inline(always)]
    fn echo(pair: SquarePair) -> Bitboard {
        Bitboard(pair.from as u64 | (pair.to as u64) << 8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_is_consistent() {
        let variants = InBetweenFamily::variants();
        assert_eq!(variants.len(), DESCRIPTORS.len());
        for (i, &variant) in variants.iter().enumerate() {
            assert_eq!(variant as usize, i, "registry order matches the enum");
            let descriptor = InBetweenFamily::descriptor(variant);
            assert_eq!(InBetweenFamily::find(descriptor.name), Some(variant));
        }
    }

    /// Every variant against the reference on every verification input (see
    /// `testing::all_variants_agree`): one query at a time, in one batch and in batches of
    /// every length 0..=17; a SIMD variant runs exactly where its feature is and reports
    /// `Unsupported` with it masked; a portable variant runs with every feature masked.
    #[test]
    fn every_variant_agrees_with_the_reference() {
        let ran = crate::testing::all_variants_agree::<InBetweenFamily>();
        for (name, feature) in [
            ("calculated_avx2", Feature::Avx2),
            ("rectangular_gather_avx2", Feature::Avx2),
            ("calculated_avx512", Feature::Avx512f),
            ("rectangular_gather_avx512", Feature::Avx512f),
            ("calculated_neon", Feature::Neon),
        ] {
            let here = feature.arch() == std::env::consts::ARCH && feature.is_detected();
            assert_eq!(ran.contains(&name), here, "{name}");
        }
    }
}
