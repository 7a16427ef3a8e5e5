//! Which variants a run covers: the user's `--only` filter, and the CPU (with `--disable`
//! masks) deciding which of those can run here.

use anyhow::{bail, Result};
use strategies::{Cpu, Descriptor, Family, InBetweenFamily, KnightFamily, Unsupported};

/// Every variant of every family, in registry order.
pub fn all_descriptors() -> Vec<&'static Descriptor> {
    fn of<F: Family>() -> impl Iterator<Item = &'static Descriptor> {
        F::variants().iter().map(|&v| F::descriptor(v))
    }
    of::<InBetweenFamily>()
        .chain(of::<KnightFamily>())
        .collect()
}

/// The families' names, in order.
pub fn family_names() -> [&'static str; 2] {
    [InBetweenFamily::NAME, KnightFamily::NAME]
}

/// The user's filter: everything, or the named families and variants.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Each entry is a family (`knight_attacks`), a variant (`lookup`) or both
    /// (`knight_attacks/lookup`). Empty means everything.
    only: Vec<String>,
}

impl Selection {
    /// Everything.
    pub fn all() -> Selection {
        Selection::default()
    }

    /// Parses `--only A,B,…`; every name must match some family or variant.
    pub fn parse(only: &[String]) -> Result<Selection> {
        let names: Vec<String> = only
            .iter()
            .flat_map(|s| s.split(','))
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        let descriptors = all_descriptors();
        for name in &names {
            if !descriptors.iter().any(|d| matches(name, d)) {
                let mut known: Vec<String> = family_names().iter().map(|s| s.to_string()).collect();
                known.extend(descriptors.iter().map(|d| d.id()));
                bail!(
                    "--only {name:?} names no family or variant; known: {}",
                    known.join(", ")
                );
            }
        }
        Ok(Selection { only: names })
    }

    /// The names given to `--only`, empty for everything.
    pub fn names(&self) -> &[String] {
        &self.only
    }

    pub fn includes(&self, descriptor: &Descriptor) -> bool {
        self.only.is_empty() || self.only.iter().any(|name| matches(name, descriptor))
    }

    /// Whether any variant of `family` is included.
    pub fn includes_family(&self, family: &str) -> bool {
        all_descriptors()
            .iter()
            .any(|d| d.family == family && self.includes(d))
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

/// The selected variants of every family.
pub fn all_entries(cpu: &Cpu, selection: &Selection) -> Vec<Entry> {
    let in_between = entries::<InBetweenFamily>(cpu, selection)
        .into_iter()
        .map(|(_, e)| e);
    let knights = entries::<KnightFamily>(cpu, selection)
        .into_iter()
        .map(|(_, e)| e);
    in_between.chain(knights).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_accepts_families_variants_and_ids() {
        for name in [
            "in_between",
            "lookup",
            "knight_attacks/lookup",
            "rectangular,lookup",
        ] {
            let selection = Selection::parse(&[name.to_string()]).unwrap();
            assert!(
                all_descriptors().iter().any(|d| selection.includes(d)),
                "{name}"
            );
        }
        let knights = Selection::parse(&["knight_attacks".into()]).unwrap();
        assert!(!knights.includes_family("in_between"));
        let error = Selection::parse(&["bogus".into()]).unwrap_err().to_string();
        assert!(
            error.contains("bogus") && error.contains("in_between/rectangular"),
            "{error}"
        );
    }
}
