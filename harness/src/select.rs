//! Which variants a run covers: the user's `--only` filter, and the CPU (with `--disable`
//! masks) deciding which of those can run here.

use anyhow::{bail, Result};
use strategies::{Cpu, Descriptor, Family, Registry, Unsupported};

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

/// The selected variants of every family of `R`.
pub fn all_entries<R: Registry>(cpu: &Cpu, selection: &Selection) -> Vec<Entry> {
    R::descriptors()
        .into_iter()
        .filter(|d| selection.includes(d))
        .map(|descriptor| Entry {
            descriptor,
            runnable: cpu.check_all(descriptor.requires),
        })
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
}
