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

/// A CPU feature that some variant requires. This is the one list of such features: the
/// command line, the records and the capability tokens all take their names from it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Feature {
    /// x86-64 AVX2 (256-bit integer vectors, variable shifts, gathers).
    Avx2,
    /// x86-64 AVX-512 Foundation (512-bit vectors, mask registers, variable rotates).
    Avx512f,
    /// x86-64 BMI2 (`pext`, `pdep`). Fast on Intel and on AMD from Zen 3; microcoded and slow
    /// on Zen 1 and Zen 2.
    Bmi2,
    /// x86-64 Galois-field instructions (`gf2p8affineqb`: any bit permutation within bytes).
    Gfni,
    /// AArch64 Advanced SIMD (128-bit vectors).
    Neon,
}

impl Feature {
    /// Every feature a variant may require.
    pub const ALL: [Feature; 5] = [
        Feature::Avx2,
        Feature::Avx512f,
        Feature::Bmi2,
        Feature::Gfni,
        Feature::Neon,
    ];

    /// The name used on the command line, in records and in `is_x86_feature_detected!`.
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Avx2 => "avx2",
            Feature::Avx512f => "avx512f",
            Feature::Bmi2 => "bmi2",
            Feature::Gfni => "gfni",
            Feature::Neon => "neon",
        }
    }

    /// Whether the feature is a vector (SIMD) instruction set: every one but BMI2, whose
    /// `pext` and `pdep` work on one 64-bit register.
    pub const fn vector(self) -> bool {
        !matches!(self, Feature::Bmi2)
    }

    /// The architecture on which the feature can exist at all.
    pub const fn arch(self) -> &'static str {
        match self {
            Feature::Neon => "aarch64",
            _ => "x86_64",
        }
    }

    /// Features that every CPU with this one also has, so that masking one of them masks this
    /// one too: `--disable avx2` shows the ranking of a CPU without AVX2, which has no AVX-512.
    pub const fn implies(self) -> &'static [Feature] {
        match self {
            Feature::Avx512f => &[Feature::Avx2],
            _ => &[],
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
            #[cfg(target_arch = "x86_64")]
            Feature::Avx512f => std::arch::is_x86_feature_detected!("avx512f"),
            #[cfg(target_arch = "x86_64")]
            Feature::Bmi2 => std::arch::is_x86_feature_detected!("bmi2"),
            #[cfg(target_arch = "x86_64")]
            Feature::Gfni => std::arch::is_x86_feature_detected!("gfni"),
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
    /// The CPU has the feature but the user masked it (or a feature it implies) with
    /// `--disable`.
    Disabled(Feature),
}

impl Unsupported {
    /// The feature the variant needs and cannot use here.
    pub fn feature(self) -> Feature {
        match self {
            Unsupported::OtherArch(f) | Unsupported::NotDetected(f) | Unsupported::Disabled(f) => f,
        }
    }
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

    /// Everything this CPU has except `disabled` (and the features that imply them).
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
            return Err(Unsupported::OtherArch(feature));
        }
        if !feature.is_detected() {
            return Err(Unsupported::NotDetected(feature));
        }
        let masked = std::iter::once(feature)
            .chain(feature.implies().iter().copied())
            .find(|f| self.disabled.contains(f));
        match masked {
            Some(masked) => Err(Unsupported::Disabled(masked)),
            None => Ok(()),
        }
    }

    /// Whether every feature in `required` may be used, or why not (the first missing one).
    pub fn check_all(&self, required: &[Feature]) -> Result<(), Unsupported> {
        required.iter().try_for_each(|&f| self.check(f))
    }
}

/// Declares a capability token: a zero-sized proof that the running CPU has a feature, which
/// only run-time detection can make, and the [`Cpu`] method that hands it out unless masked.
macro_rules! token {
    ($(#[$doc:meta])* $token:ident, $method:ident, $feature:expr, $arch:literal, $detect:expr) => {
        $(#[$doc])*
        #[cfg(target_arch = $arch)]
        #[derive(Clone, Copy, Debug)]
        pub struct $token(());

        #[cfg(target_arch = $arch)]
        impl $token {
            /// `Some` only if the running CPU has the feature.
            #[inline]
            pub fn detect() -> Option<$token> {
                $detect.then_some($token(()))
            }
        }

        impl Cpu {
            /// The token, if this CPU has the feature and it is not masked; otherwise why not.
            #[cfg(target_arch = $arch)]
            #[inline]
            pub fn $method(&self) -> Result<$token, Unsupported> {
                self.check($feature)?;
                $token::detect().ok_or(Unsupported::NotDetected($feature))
            }
        }
    };
}

token!(
    /// Proof that this CPU supports AVX2.
    Avx2, avx2, Feature::Avx2, "x86_64", std::arch::is_x86_feature_detected!("avx2")
);
token!(
    /// Proof that this CPU supports AVX-512 Foundation (and so AVX2).
    Avx512, avx512, Feature::Avx512f, "x86_64",
    std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("avx2")
);
token!(
    /// Proof that this CPU supports BMI2 (`pext`, `pdep`).
    Bmi2, bmi2, Feature::Bmi2, "x86_64", std::arch::is_x86_feature_detected!("bmi2")
);
token!(
    /// Proof that this CPU supports GFNI (with the SSE2 every x86-64 CPU has).
    Gfni, gfni, Feature::Gfni, "x86_64", std::arch::is_x86_feature_detected!("gfni")
);
token!(
    /// Proof that this CPU supports NEON.
    Neon, neon, Feature::Neon, "aarch64", std::arch::is_aarch64_feature_detected!("neon")
);

/// A variant's code that exists only on one architecture: `on_arch!("x86_64", Feature::Avx2,
/// expr)` is `expr` there and, elsewhere, returns [`Unsupported::OtherArch`] from the
/// enclosing function (the expression is not even compiled).
#[macro_export]
macro_rules! on_arch {
    ($arch:literal, $feature:expr, $e:expr) => {{
        #[cfg(target_arch = $arch)]
        {
            $e
        }
        #[cfg(not(target_arch = $arch))]
        {
            return Err($crate::framework::cpu::Unsupported::OtherArch($feature));
        }
    }};
}
pub use on_arch;

/// The [`Feature`] a capability token proves, by the name of its [`Cpu`] method: `avx2`,
/// `avx512`, `bmi2`, `gfni` or `neon`. For [`family!`](crate::framework::family::table::family!)'s rows.
#[doc(hidden)]
#[macro_export]
macro_rules! token_feature {
    (avx2) => {
        $crate::framework::cpu::Feature::Avx2
    };
    (avx512) => {
        $crate::framework::cpu::Feature::Avx512f
    };
    (bmi2) => {
        $crate::framework::cpu::Feature::Bmi2
    };
    (gfni) => {
        $crate::framework::cpu::Feature::Gfni
    };
    (neon) => {
        $crate::framework::cpu::Feature::Neon
    };
}
pub use token_feature;

/// `with_token!(cpu, avx2, name, expr)`: `expr` with `name` bound to the token `cpu.avx2()`
/// hands out, compiled only on the token's architecture (elsewhere it returns
/// [`Unsupported::OtherArch`] from the enclosing function, as [`on_arch!`](crate::framework::cpu::on_arch)
/// does). For [`family!`](crate::framework::family::table::family!)'s rows.
#[doc(hidden)]
#[macro_export]
macro_rules! with_token {
    ($cpu:ident, avx2, $name:ident, $e:expr) => {
        $crate::on_arch!("x86_64", $crate::framework::cpu::Feature::Avx2, {
            let $name = $cpu.avx2()?;
            $e
        })
    };
    ($cpu:ident, avx512, $name:ident, $e:expr) => {
        $crate::on_arch!("x86_64", $crate::framework::cpu::Feature::Avx512f, {
            let $name = $cpu.avx512()?;
            $e
        })
    };
    ($cpu:ident, bmi2, $name:ident, $e:expr) => {
        $crate::on_arch!("x86_64", $crate::framework::cpu::Feature::Bmi2, {
            let $name = $cpu.bmi2()?;
            $e
        })
    };
    ($cpu:ident, gfni, $name:ident, $e:expr) => {
        $crate::on_arch!("x86_64", $crate::framework::cpu::Feature::Gfni, {
            let $name = $cpu.gfni()?;
            $e
        })
    };
    ($cpu:ident, neon, $name:ident, $e:expr) => {
        $crate::on_arch!("aarch64", $crate::framework::cpu::Feature::Neon, {
            let $name = $cpu.neon()?;
            $e
        })
    };
}
pub use with_token;

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
    fn masking_avx2_masks_avx512_too() {
        let cpu = Cpu::with_disabled(&[Feature::Avx2]);
        if Feature::Avx512f.is_detected() {
            assert_eq!(
                cpu.check(Feature::Avx512f),
                Err(Unsupported::Disabled(Feature::Avx2))
            );
        }
        assert!(Cpu::detect().check(Feature::Bmi2).is_ok() == Feature::Bmi2.is_detected());
    }

    #[test]
    fn disabling_a_feature_masks_it() {
        let cpu = Cpu::with_disabled(&Feature::ALL);
        for feature in Feature::ALL {
            assert!(cpu.check(feature).is_err());
        }
        #[cfg(target_arch = "x86_64")]
        assert!(cpu.avx2().is_err());
    }
}
