//! Configurations chosen at run time: one variant of each of the four technique families
//! ([`Choice`]), turned into a monomorphized generator by one `match` ([`visit`]).
//!
//! # Which configurations are compiled
//! The default configuration ([`DefaultConfig`]: `magic` sliders, `rectangular` in-between,
//! `snipers` checkers and pins, `lookup` knights, the fastest portable choices measured on the
//! development machine, see `perft`'s documentation) and every configuration that differs from
//! it in **one** technique: every slider technique that runs on the architecture and 2 peers'
//! slider lookups, 10 in-between, 4 checkers-and-pins and 10 knight techniques. Every
//! other combination would be its own copy of the generator, and all of them together (about
//! 9,000) would take hours to compile; asking for one is an error
//! ([`ConfigError::NotCompiled`]) that names the default. The peers' lookups are
//! configurations only with the feature `peers`.
//!
//! A choice is dispatched once: [`visit`] matches the one technique that differs and hands
//! the visitor a concrete [`Config`] type; the visitor's code (perft, say) is compiled for
//! that type, with no dispatch inside it. The match on a slider, in-between or knight
//! technique is its family's table's ([`SliderVariant::with`], [`InBetweenVariant::with`],
//! [`KnightVariant::with`]), so a technique added to one of those tables is a configuration
//! here too; the checkers-and-pins techniques are built on the configuration's slider and
//! in-between techniques, so `with_pins` matches them itself.

use super::{Config, Techniques};
use crate::families::checkers_pins::{
    by_move::ByMove, dir_golem::DirGolem, snipers::Snipers, xray_between::XrayBetween,
    CheckersPinsFamily, CheckersPinsVariant,
};
use crate::families::in_between::{
    self, BetweenUser, InBetween, InBetweenFamily, InBetweenVariant,
};
use crate::families::knight_attacks::{
    self, KnightAttacks, KnightFamily, KnightVariant, KnightsUser,
};
use crate::families::sliders::{self, RookAttacksFamily, Slider, SliderUser, SliderVariant};
use crate::framework::cpu::{Cpu, Unsupported};
use crate::framework::family::Family;
use core::fmt;

/// The default slider technique.
pub type DefaultSlider = sliders::magic::Magic;
/// The default in-between technique.
pub type DefaultBetween = in_between::rectangular::Rectangular;
/// The default checkers-and-pins technique, on the configuration's slider and in-between
/// techniques.
pub type DefaultPins<S, B> = Snipers<S, B>;
/// The default knight technique.
pub type DefaultKnights = knight_attacks::lookup::Lookup;
/// The default configuration.
pub type DefaultConfig = Techniques<
    DefaultSlider,
    DefaultBetween,
    DefaultPins<DefaultSlider, DefaultBetween>,
    DefaultKnights,
>;

/// The default configuration's value.
pub fn default_config() -> DefaultConfig {
    Techniques::default()
}

/// One of a generator's four techniques.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dimension {
    Slider,
    Between,
    Pins,
    Knights,
}

impl Dimension {
    pub const ALL: [Dimension; 4] = [
        Dimension::Slider,
        Dimension::Between,
        Dimension::Pins,
        Dimension::Knights,
    ];

    /// The key on the command line: `slider`, `between`, `pins`, `knights`.
    pub const fn key(self) -> &'static str {
        match self {
            Dimension::Slider => "slider",
            Dimension::Between => "between",
            Dimension::Pins => "pins",
            Dimension::Knights => "knights",
        }
    }

    /// The family the technique is measured in on its own (the slider technique is named
    /// after its `rook_attacks` variant).
    pub const fn family(self) -> &'static str {
        match self {
            Dimension::Slider => RookAttacksFamily::NAME,
            Dimension::Between => InBetweenFamily::NAME,
            Dimension::Pins => CheckersPinsFamily::NAME,
            Dimension::Knights => KnightFamily::NAME,
        }
    }

    /// The dimension whose command-line key is `key`.
    pub fn from_key(key: &str) -> Option<Dimension> {
        Dimension::ALL.into_iter().find(|d| d.key() == key)
    }

    /// The names of the techniques a configuration may use in this dimension, in registry
    /// order (the checkers-and-pins peers are not techniques: they need their own board).
    pub fn names(self) -> Vec<&'static str> {
        fn of<F: Family>() -> Vec<&'static str> {
            F::variants()
                .iter()
                .map(|&v| F::descriptor(v).name)
                .collect()
        }
        match self {
            Dimension::Slider => of::<RookAttacksFamily>(),
            Dimension::Between => of::<InBetweenFamily>(),
            Dimension::Pins => of::<CheckersPinsFamily>()
                .into_iter()
                .filter(|&n| CheckersPinsFamily::find(n).is_some_and(pins_technique))
                .collect(),
            Dimension::Knights => of::<KnightFamily>(),
        }
    }
}

impl fmt::Display for Dimension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Whether a checkers-and-pins variant is a technique the generator can use (not a peer).
/// Every variant is named, so that a new one must be placed on one side or the other.
const fn pins_technique(variant: CheckersPinsVariant) -> bool {
    match variant {
        CheckersPinsVariant::XrayBetween
        | CheckersPinsVariant::DirGolem
        | CheckersPinsVariant::Snipers
        | CheckersPinsVariant::ByMove => true,
        #[cfg(feature = "peers")]
        CheckersPinsVariant::CozyChess | CheckersPinsVariant::Chess => false,
    }
}

/// A configuration by name: one variant of each technique family.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    pub slider: SliderVariant,
    pub between: InBetweenVariant,
    pub pins: CheckersPinsVariant,
    pub knights: KnightVariant,
}

/// Why a [`Choice`] cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// Not a key of `--with` (`slider`, `between`, `pins`, `knights`).
    UnknownKey(String),
    /// Not a technique of that dimension; the known ones follow.
    UnknownTechnique {
        dimension: Dimension,
        name: String,
        known: Vec<&'static str>,
    },
    /// Differs from the default in more than one technique (see the module documentation).
    NotCompiled { differing: Vec<Dimension> },
    /// The technique cannot run on this CPU.
    Unsupported {
        name: &'static str,
        why: Unsupported,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::UnknownKey(key) => write!(
                f,
                "unknown key {key:?}: the keys are slider, between, pins and knights"
            ),
            ConfigError::UnknownTechnique {
                dimension,
                name,
                known,
            } => write!(
                f,
                "unknown {dimension} technique {name:?}; known: {}",
                known.join(", ")
            ),
            ConfigError::NotCompiled { differing } => {
                let keys: Vec<&str> = differing.iter().map(|d| d.key()).collect();
                write!(
                    f,
                    "not compiled: this configuration differs from the default ({}) in {}; \
                     only configurations that differ from it in one technique are compiled",
                    Choice::DEFAULT,
                    keys.join(" and ")
                )
            }
            ConfigError::Unsupported { name, why } => {
                write!(f, "not supported here: {name}: {why}")
            }
        }
    }
}

impl std::error::Error for ConfigError {}

impl Choice {
    /// The default configuration, by name (the same as [`DefaultConfig`], which a test checks).
    pub const DEFAULT: Choice = Choice {
        slider: SliderVariant::Magic,
        between: InBetweenVariant::Rectangular,
        pins: CheckersPinsVariant::Snipers,
        knights: KnightVariant::Lookup,
    };

    /// The technique's name in `dimension`.
    pub fn name(&self, dimension: Dimension) -> &'static str {
        match dimension {
            Dimension::Slider => RookAttacksFamily::descriptor(self.slider).name,
            Dimension::Between => InBetweenFamily::descriptor(self.between).name,
            Dimension::Pins => CheckersPinsFamily::descriptor(self.pins).name,
            Dimension::Knights => KnightFamily::descriptor(self.knights).name,
        }
    }

    /// This choice with `dimension` set to the technique named `name`.
    pub fn with(self, dimension: Dimension, name: &str) -> Result<Choice, ConfigError> {
        let unknown = || ConfigError::UnknownTechnique {
            dimension,
            name: name.to_string(),
            known: dimension.names(),
        };
        let mut choice = self;
        match dimension {
            Dimension::Slider => {
                choice.slider = RookAttacksFamily::find(name).ok_or_else(unknown)?
            }
            Dimension::Between => {
                choice.between = InBetweenFamily::find(name).ok_or_else(unknown)?
            }
            Dimension::Pins => {
                choice.pins = CheckersPinsFamily::find(name)
                    .filter(|&v| pins_technique(v))
                    .ok_or_else(unknown)?
            }
            Dimension::Knights => choice.knights = KnightFamily::find(name).ok_or_else(unknown)?,
        }
        Ok(choice)
    }

    /// The default with the techniques of `text`: `key=name` pairs separated by commas, as
    /// `slider=pext,knights=lookup` (an empty text is the default).
    pub fn parse(text: &str) -> Result<Choice, ConfigError> {
        let mut choice = Choice::DEFAULT;
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, name) = pair.split_once('=').unwrap_or((pair, ""));
            let dimension = Dimension::from_key(key.trim())
                .ok_or_else(|| ConfigError::UnknownKey(key.into()))?;
            choice = choice.with(dimension, name.trim())?;
        }
        Ok(choice)
    }

    /// The dimensions in which this choice differs from the default.
    pub fn differing(&self) -> Vec<Dimension> {
        Dimension::ALL
            .into_iter()
            .filter(|&d| self.name(d) != Choice::DEFAULT.name(d))
            .collect()
    }
}

/// `slider=magic,between=rectangular,pins=snipers,knights=lookup`.
impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = Dimension::ALL
            .into_iter()
            .map(|d| format!("{}={}", d.key(), self.name(d)))
            .collect();
        f.write_str(&pairs.join(","))
    }
}

/// Code to run with one configuration's concrete type.
pub trait ConfigVisitor {
    type Output;
    fn visit<C: Config>(self, config: C) -> Self::Output;
}

/// Runs `visitor` with the configuration `choice` names, matched once; or says why it cannot
/// run (not compiled, or a technique this CPU lacks).
pub fn visit<V: ConfigVisitor>(
    choice: Choice,
    cpu: &Cpu,
    visitor: V,
) -> Result<V::Output, ConfigError> {
    if !pins_technique(choice.pins) {
        return Err(ConfigError::UnknownTechnique {
            dimension: Dimension::Pins,
            name: choice.name(Dimension::Pins).to_string(),
            known: Dimension::Pins.names(),
        });
    }
    let differing = choice.differing();
    let unsupported = |dimension: Dimension| {
        let name = choice.name(dimension);
        move |why| ConfigError::Unsupported { name, why }
    };
    match differing[..] {
        [] => Ok(visitor.visit(default_config())),
        [Dimension::Slider] => choice
            .slider
            .with(cpu, SliderOnly(visitor))
            .map_err(unsupported(Dimension::Slider)),
        [Dimension::Between] => choice
            .between
            .with(cpu, BetweenOnly(visitor))
            .map_err(unsupported(Dimension::Between)),
        [Dimension::Pins] => Ok(with_pins(choice.pins, visitor)),
        [Dimension::Knights] => choice
            .knights
            .with(cpu, KnightsOnly(visitor))
            .map_err(unsupported(Dimension::Knights)),
        _ => Err(ConfigError::NotCompiled { differing }),
    }
}

/// The default configuration with another slider technique (under the default pins technique
/// too, which is built on it).
struct SliderOnly<V>(V);

impl<V: ConfigVisitor> SliderUser for SliderOnly<V> {
    type Output = V::Output;
    fn with<S: Slider>(self, slider: S) -> V::Output {
        let between = DefaultBetween::default();
        self.0.visit(Techniques {
            slider,
            between,
            pins: DefaultPins::new(slider, between),
            knights: DefaultKnights::default(),
        })
    }
}

/// The default configuration with another in-between technique (under the default pins
/// technique too).
struct BetweenOnly<V>(V);

impl<V: ConfigVisitor> BetweenUser for BetweenOnly<V> {
    type Output = V::Output;
    fn with<B: InBetween>(self, between: B) -> V::Output {
        let slider = DefaultSlider::default();
        self.0.visit(Techniques {
            slider,
            between,
            pins: DefaultPins::new(slider, between),
            knights: DefaultKnights::default(),
        })
    }
}

/// The default configuration with another knight technique.
struct KnightsOnly<V>(V);

impl<V: ConfigVisitor> KnightsUser for KnightsOnly<V> {
    type Output = V::Output;
    fn with<K: KnightAttacks>(self, knights: K) -> V::Output {
        let slider = DefaultSlider::default();
        let between = DefaultBetween::default();
        self.0.visit(Techniques {
            slider,
            between,
            pins: DefaultPins::new(slider, between),
            knights,
        })
    }
}

/// The default configuration with another checkers-and-pins technique (on the default slider
/// and in-between techniques).
fn with_pins<V: ConfigVisitor>(pins: CheckersPinsVariant, visitor: V) -> V::Output {
    let (slider, between) = (DefaultSlider::default(), DefaultBetween::default());
    let knights = DefaultKnights::default();
    macro_rules! with {
        ($pins:expr) => {
            visitor.visit(Techniques {
                slider,
                between,
                pins: $pins,
                knights,
            })
        };
    }
    match pins {
        CheckersPinsVariant::XrayBetween => with!(XrayBetween::new(slider, between)),
        CheckersPinsVariant::DirGolem => with!(DirGolem),
        CheckersPinsVariant::Snipers => with!(Snipers::new(slider, between)),
        CheckersPinsVariant::ByMove => with!(ByMove::new(slider, between)),
        #[cfg(feature = "peers")]
        CheckersPinsVariant::CozyChess | CheckersPinsVariant::Chess => {
            unreachable!("`visit` refuses the peers")
        }
    }
}
