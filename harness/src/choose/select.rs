//! Which variants a run covers: the user's `--only` filter, and the CPU (with `--disable`
//! masks) deciding which of those can run here. The same filters narrow a stored record for
//! the commands that read records ([`narrow`]).

use crate::record::{Measurement, Record};
use anyhow::{bail, Result};
use std::collections::BTreeSet;
use strategies::{Bench, Cpu, Descriptor, Family, Feature, Level, Registry, Unsupported};

/// The user's filter: everything, or the named families and variants.
#[derive(Clone, Debug)]
pub struct Selection {
    /// Each entry is a family (`knight_attacks`), a variant (`lookup`) or both
    /// (`knight_attacks/lookup`). Empty means everything.
    only: Vec<String>,
    /// The variants of the registry the selection was made from that it includes.
    included: Vec<&'static Descriptor>,
}

impl Selection {
    /// Every variant of `R`.
    pub fn all<R: Registry>() -> Selection {
        Selection {
            only: Vec::new(),
            included: R::descriptors(),
        }
    }

    /// Every variant of family `F`.
    pub fn family<F: Family>() -> Selection {
        Selection {
            only: Vec::new(),
            included: F::variants().iter().map(|&v| F::descriptor(v)).collect(),
        }
    }

    /// Parses `--only A,B,…` against the families of `R`: every name must match some family
    /// or variant, and the selection must include at least one variant.
    pub fn parse<R: Registry>(only: &[String]) -> Result<Selection> {
        let names: Vec<String> = only
            .iter()
            .flat_map(|s| s.split(','))
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        let descriptors = R::descriptors();
        for name in &names {
            if !descriptors.iter().any(|d| matches(name, d)) {
                let mut known: Vec<String> = R::names().iter().map(|s| s.to_string()).collect();
                known.extend(descriptors.iter().map(|d| d.id()));
                bail!(
                    "--only {name:?} names no family or variant; known: {}",
                    known.join(", ")
                );
            }
        }
        let included = descriptors
            .into_iter()
            .filter(|d| names.is_empty() || names.iter().any(|name| matches(name, d)))
            .collect();
        Ok(Selection {
            only: names,
            included,
        })
    }

    /// The names given to `--only`, empty for everything.
    pub fn names(&self) -> &[String] {
        &self.only
    }

    pub fn includes(&self, descriptor: &Descriptor) -> bool {
        self.only.is_empty() || self.only.iter().any(|name| matches(name, descriptor))
    }

    /// Whether the variant `variant` of `family`, by name (as a record stores it), is
    /// included.
    pub fn includes_named(&self, family: &str, variant: &str) -> bool {
        self.only.is_empty()
            || self.only.iter().any(|name| {
                name == family || name == variant || name.split_once('/') == Some((family, variant))
            })
    }

    /// The included variants of `R` that run under `cpu` ([`Registry::runnable`]), in
    /// registry order.
    pub fn runnable<R: Registry>(&self, cpu: &Cpu) -> Vec<&'static Descriptor> {
        R::runnable(cpu)
            .into_iter()
            .filter_map(|(d, runs)| (runs.is_ok() && self.includes(d)).then_some(d))
            .collect()
    }

    /// Whether any variant of `family` is included.
    pub fn includes_family(&self, family: &str) -> bool {
        self.included.iter().any(|d| d.family == family)
    }
}

fn matches(name: &str, descriptor: &Descriptor) -> bool {
    name == descriptor.family || name == descriptor.name || name == descriptor.id()
}

/// One variant, and whether it runs here.
#[derive(Clone, Debug)]
pub struct Entry {
    pub descriptor: &'static Descriptor,
    pub runnable: Result<(), Unsupported>,
}

/// The selected variants of `F`, each with whether it runs under `cpu`.
pub fn entries<F: Family>(cpu: &Cpu, selection: &Selection) -> Vec<(F::Variant, Entry)> {
    F::variants()
        .iter()
        .map(|&v| {
            (
                v,
                Entry {
                    descriptor: F::descriptor(v),
                    runnable: F::runnable(v, cpu),
                },
            )
        })
        .filter(|(_, e)| selection.includes(e.descriptor))
        .collect()
}

/// Whether the harness measures `variant` a second time, in its loop's copy for the target's
/// baseline, when the loops run at `level` (and so whether verification checks that copy):
/// for a portable variant (one that requires no CPU feature) of a family whose work is inlined
/// into the loop ([`strategies::Bench::LEVELS`]), on a CPU whose level is above the baseline
/// (the runner's "Baseline copies").
pub fn has_baseline_copy<F: Bench>(variant: F::Variant, level: Level) -> bool {
    level != Level::Baseline && F::LEVELS && F::descriptor(variant).requires.is_empty()
}

/// The selected variants of every family of `R`.
pub fn all_entries<R: Registry>(cpu: &Cpu, selection: &Selection) -> Vec<Entry> {
    R::runnable(cpu)
        .into_iter()
        .filter(|(d, _)| selection.includes(d))
        .map(|(descriptor, runnable)| Entry {
            descriptor,
            runnable,
        })
        .collect()
}

/// `record` narrowed to the variants `selection` includes that need none of the `disabled`
/// features: their measurements, ranks and SIMD speedups, and the floor of each family that
/// keeps a variant. Ranks keep their numbers (the order among those kept is the record's).
pub fn narrow(record: &Record, selection: &Selection, disabled: &[&str]) -> Record {
    let keeps = |m: &Measurement| {
        !m.floor
            && selection.includes_named(&m.family, &m.variant)
            && !m.requires.iter().any(|f| disabled.contains(&f.as_str()))
    };
    let kept: BTreeSet<(&str, &str)> = record
        .measurements
        .iter()
        .filter(|m| keeps(m))
        .map(|m| (m.family.as_str(), m.variant.as_str()))
        .collect();
    let families: BTreeSet<&str> = kept.iter().map(|(family, _)| *family).collect();
    let mut narrowed = record.clone();
    narrowed.measurements.retain(|m| {
        kept.contains(&(m.family.as_str(), m.variant.as_str()))
            || (m.floor && families.contains(m.family.as_str()))
    });
    narrowed
        .ranks
        .retain(|r| kept.contains(&(r.family.as_str(), r.variant.as_str())));
    narrowed
        .simd_speedups
        .retain(|s| kept.contains(&(s.family.as_str(), s.variant.as_str())));
    narrowed
}

/// The names of the features `--disable` masks: those named and those that imply one of them
/// (masking AVX2 masks AVX-512 too), as a record's `requires` spells them.
pub fn masked(disabled: &[Feature]) -> Vec<&'static str> {
    Feature::ALL
        .into_iter()
        .filter(|f| {
            disabled.contains(f) || f.implies().iter().any(|implied| disabled.contains(implied))
        })
        .map(|f| f.name())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use strategies::Families;

    #[test]
    fn only_accepts_families_variants_and_ids() {
        for name in [
            "in_between",
            "lookup",
            "knight_attacks/lookup",
            "rectangular,lookup",
        ] {
            let selection = Selection::parse::<Families>(&[name.to_string()]).unwrap();
            assert!(
                Families::descriptors()
                    .iter()
                    .any(|d| selection.includes(d)),
                "{name}"
            );
        }
        let knights = Selection::parse::<Families>(&["knight_attacks".into()]).unwrap();
        assert!(!knights.includes_family("in_between"));
        let error = Selection::parse::<Families>(&["bogus".into()])
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("bogus") && error.contains("in_between/rectangular"),
            "{error}"
        );
    }

    #[test]
    fn masking_a_feature_masks_what_implies_it() {
        let masked = masked(&[Feature::Avx2]);
        assert!(
            masked.contains(&"avx2") && masked.contains(&"avx512f"),
            "{masked:?}"
        );
        assert!(!masked.contains(&"bmi2"));
        let knights = Selection::parse::<Families>(&["knight_attacks/lookup".into()]).unwrap();
        assert!(knights.includes_named("knight_attacks", "lookup"));
        assert!(!knights.includes_named("in_between", "lookup"));
    }
}
