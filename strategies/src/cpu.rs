//! Run-time CPU features, and the capability tokens that SIMD kernels require.
//!
//! The pattern is memchr's: a token such as [`Avx2`] can only be obtained from a successful
//! run-time detection, and every `#[target_feature]` kernel takes one (or lives on a type that
//! holds one). Holding the token *is* the proof that the CPU has the feature, so calling such a
//! kernel through the token is sound.
//!
//! [`Cpu`] is what the harness hands to the registries: the features detected on this machine,
//! less any the user masked with `--disable`, so the portable path can be exercised on a CPU
//! that has AVX2.

use core::fmt;

/// A CPU feature that some variant requires.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Feature {
    /// x86-64 AVX2 (256-bit integer vectors, variable shifts, gathers).
    Avx2,
    /// AArch64 Advanced SIMD (128-bit vectors).
    Neon,
}

impl Feature {
    /// Every feature a variant may require.
    pub const ALL: [Feature; 2] = [Feature::Avx2, Feature::Neon];

    /// The name used on the command line, in records and in `is_x86_feature_detected!`.
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Avx2 => "avx2",
            Feature::Neon => "neon",
        }
    }

    /// The architecture on which the feature can exist at all.
    pub const fn arch(self) -> &'static str {
        match self {
            Feature::Avx2 => "x86_64",
            Feature::Neon => "aarch64",
        }
    }

    /// Parses a feature name as given to `--disable` (case-insensitive).
    pub fn parse(name: &str) -> Result<Feature, UnknownFeature> {
        Feature::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownFeature(name.to_string()))
    }

    /// Whether this CPU has the feature, by run-time detection (masks not applied).
    pub fn is_detected(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Feature::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "aarch64")]
            Feature::Neon => std::arch::is_aarch64_feature_detected!("neon"),
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A feature name that no variant uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFeature(pub String);

impl fmt::Display for UnknownFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Feature::ALL.iter().map(|f| f.name()).collect();
        write!(
            f,
            "unknown CPU feature {:?}; known features: {}",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownFeature {}

/// Why a variant cannot run here.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unsupported {
    /// The variant is compiled only for another architecture.
    OtherArch(Feature),
    /// The architecture is right but this CPU lacks the feature.
    NotDetected(Feature),
    /// The CPU has the feature but the user masked it with `--disable`.
    Disabled(Feature),
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsupported::OtherArch(feature) => write!(
                f,
                "not supported here: needs {} {feature}, this is {}",
                feature.arch(),
                std::env::consts::ARCH
            ),
            Unsupported::NotDetected(feature) => {
                write!(f, "not supported here: this CPU has no {feature}")
            }
            Unsupported::Disabled(feature) => write!(f, "disabled by --disable {feature}"),
        }
    }
}

impl std::error::Error for Unsupported {}

/// The features the variants may use in this process: detected, less those disabled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cpu {
    disabled: Vec<Feature>,
}

impl Cpu {
    /// Everything this CPU has.
    pub fn detect() -> Cpu {
        Cpu::default()
    }

    /// Everything this CPU has except `disabled`.
    pub fn with_disabled(disabled: &[Feature]) -> Cpu {
        let mut disabled = disabled.to_vec();
        disabled.sort();
        disabled.dedup();
        Cpu { disabled }
    }

    /// The features masked by the user.
    pub fn disabled(&self) -> &[Feature] {
        &self.disabled
    }

    /// The features detected on this CPU, masks not applied.
    pub fn detected(&self) -> Vec<Feature> {
        Feature::ALL
            .into_iter()
            .filter(|f| f.is_detected())
            .collect()
    }

    /// Whether `feature` may be used, or why not.
    pub fn check(&self, feature: Feature) -> Result<(), Unsupported> {
        if feature.arch() != std::env::consts::ARCH {
            Err(Unsupported::OtherArch(feature))
        } else if !feature.is_detected() {
            Err(Unsupported::NotDetected(feature))
        } else if self.disabled.contains(&feature) {
            Err(Unsupported::Disabled(feature))
        } else {
            Ok(())
        }
    }

    /// Whether every feature in `required` may be used, or why not (the first missing one).
    pub fn check_all(&self, required: &[Feature]) -> Result<(), Unsupported> {
        required.iter().try_for_each(|&f| self.check(f))
    }

    /// The AVX2 token, if this CPU has AVX2 and it is not disabled.
    #[cfg(target_arch = "x86_64")]
    pub fn avx2(&self) -> Result<Avx2, Unsupported> {
        self.check(Feature::Avx2)?;
        Avx2::detect().ok_or(Unsupported::NotDetected(Feature::Avx2))
    }

    /// The NEON token, if this CPU has NEON and it is not disabled.
    #[cfg(target_arch = "aarch64")]
    pub fn neon(&self) -> Result<Neon, Unsupported> {
        self.check(Feature::Neon)?;
        Neon::detect().ok_or(Unsupported::NotDetected(Feature::Neon))
    }
}

/// Proof that this CPU supports AVX2. Zero-sized; obtainable only from [`Avx2::detect`].
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub struct Avx2(());

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// `Some` only if the running CPU supports AVX2.
    #[inline]
    pub fn detect() -> Option<Avx2> {
        std::arch::is_x86_feature_detected!("avx2").then_some(Avx2(()))
    }
}

/// Proof that this CPU supports NEON. Zero-sized; obtainable only from [`Neon::detect`].
#[cfg(target_arch = "aarch64")]
#[derive(Clone, Copy, Debug)]
pub struct Neon(());

#[cfg(target_arch = "aarch64")]
impl Neon {
    /// `Some` only if the running CPU supports NEON.
    #[inline]
    pub fn detect() -> Option<Neon> {
        std::arch::is_aarch64_feature_detected!("neon").then_some(Neon(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feature_names_parse_back() {
        for feature in Feature::ALL {
            assert_eq!(Feature::parse(feature.name()), Ok(feature));
        }
        assert_eq!(Feature::parse(" AVX2 "), Ok(Feature::Avx2));
        assert!(Feature::parse("avx512").is_err());
    }

    #[test]
    fn disabling_a_feature_masks_it() {
        let cpu = Cpu::with_disabled(&[Feature::Avx2, Feature::Neon]);
        for feature in Feature::ALL {
            assert!(cpu.check(feature).is_err());
        }
        #[cfg(target_arch = "x86_64")]
        assert!(cpu.avx2().is_err());
    }
}
