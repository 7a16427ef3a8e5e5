//! Search configurations chosen at run time: one variant of each of the eight technique
//! families a search calls ([`Choice`]), turned into a monomorphized search by one `match`
//! ([`visit`]).
//!
//! # Which configurations are compiled
//! The generator's rule ([`movegen::configs`](crate::families::movegen::configs)), extended to
//! the search's four other techniques: the default configuration ([`DefaultConfig`]: the
//! generator's default, `spans` pawn structure, `shift_fill` attack spans,
//! `super_piece_magic` attacks to a square and `modify_occupancy_magic` x-rays, all portable
//! and on the default's `magic` slider tables where they use a slider) and every configuration
//! that differs from it in **one** technique. Asking for another is an error
//! ([`ConfigError::NotCompiled`]) that names the default.
//!
//! The match on a technique is its family's table's (`with`), or the generator's
//! [`movegen::configs::visit`](crate::families::movegen::configs::visit) for the generator's
//! four, so a technique added to one of those tables is a configuration here too.

use super::{Engine, SearchConfig};
use crate::families::attack_spans::{
    self, AttackSpans, AttackSpansFamily, AttackSpansVariant, SpansUser,
};
use crate::families::attacks_to::{
    self, AttackersUser, AttacksTo, AttacksToFamily, AttacksToVariant,
};
use crate::families::movegen::configs::{self as generator, ConfigVisitor};
use crate::families::movegen::Config;
use crate::families::pawn_structure::{
    self, PawnStructure, PawnStructureFamily, PawnStructureVariant, PawnsUser,
};
use crate::families::sliders::magic::Magic;
use crate::families::xray_attacks::{self, RookXrayFamily, XrayAttacks, XrayUser, XrayVariant};
use crate::framework::cpu::{Cpu, Unsupported};
use crate::framework::family::Family;
use core::fmt;

/// The default pawn-structure technique.
pub type DefaultPawns = pawn_structure::spans::Spans;
/// The default attack-span technique.
pub type DefaultSpans = attack_spans::shift_fill::ShiftFill;
/// The default attacks-to technique.
pub type DefaultAttackers = attacks_to::SuperPiece<Magic>;
/// The default x-ray technique.
pub type DefaultXrays = xray_attacks::modify_occupancy::ModifyOccupancy<Magic>;
/// The default configuration.
pub type DefaultConfig =
    Engine<generator::DefaultConfig, DefaultPawns, DefaultSpans, DefaultAttackers, DefaultXrays>;

/// The default configuration's value.
pub fn default_config() -> DefaultConfig {
    Engine {
        generator: generator::default_config(),
        pawns: DefaultPawns::default(),
        spans: DefaultSpans::default(),
        attackers: attacks_to::SuperPiece(Magic),
        xrays: xray_attacks::modify_occupancy::ModifyOccupancy(Magic),
    }
}

/// One of a search's eight techniques: the generator's four, then the evaluation's and the
/// static exchange evaluation's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dimension {
    Generator(generator::Dimension),
    Pawns,
    Spans,
    Attackers,
    Xrays,
}

impl Dimension {
    pub const ALL: [Dimension; 8] = [
        Dimension::Generator(generator::Dimension::Slider),
        Dimension::Generator(generator::Dimension::Between),
        Dimension::Generator(generator::Dimension::Pins),
        Dimension::Generator(generator::Dimension::Knights),
        Dimension::Pawns,
        Dimension::Spans,
        Dimension::Attackers,
        Dimension::Xrays,
    ];

    /// The key on the command line: the generator's (`slider`, `between`, `pins`, `knights`),
    /// then `pawns`, `spans`, `attackers`, `xrays`.
    pub const fn key(self) -> &'static str {
        match self {
            Dimension::Generator(d) => d.key(),
            Dimension::Pawns => "pawns",
            Dimension::Spans => "spans",
            Dimension::Attackers => "attackers",
            Dimension::Xrays => "xrays",
        }
    }

    /// The family the technique is measured in on its own (the x-ray technique is named after
    /// its `rook_xray_attacks` variant).
    pub const fn family(self) -> &'static str {
        match self {
            Dimension::Generator(d) => d.family(),
            Dimension::Pawns => PawnStructureFamily::NAME,
            Dimension::Spans => AttackSpansFamily::NAME,
            Dimension::Attackers => AttacksToFamily::NAME,
            Dimension::Xrays => RookXrayFamily::NAME,
        }
    }

    /// The dimension whose command-line key is `key`.
    pub fn from_key(key: &str) -> Option<Dimension> {
        Dimension::ALL.into_iter().find(|d| d.key() == key)
    }

    /// The names of the techniques a configuration may use in this dimension, in registry
    /// order.
    pub fn names(self) -> Vec<&'static str> {
        fn of<F: Family>() -> Vec<&'static str> {
            F::variants()
                .iter()
                .map(|&v| F::descriptor(v).name)
                .collect()
        }
        match self {
            Dimension::Generator(d) => d.names(),
            Dimension::Pawns => of::<PawnStructureFamily>(),
            Dimension::Spans => of::<AttackSpansFamily>(),
            Dimension::Attackers => of::<AttacksToFamily>(),
            Dimension::Xrays => of::<RookXrayFamily>(),
        }
    }
}

impl fmt::Display for Dimension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A search configuration by name: the generator's techniques and the other four.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    pub generator: generator::Choice,
    pub pawns: PawnStructureVariant,
    pub spans: AttackSpansVariant,
    pub attackers: AttacksToVariant,
    pub xrays: XrayVariant,
}

/// Why a [`Choice`] cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// Not a key of `--with`.
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
            ConfigError::UnknownKey(key) => {
                let keys: Vec<&str> = Dimension::ALL.iter().map(|d| d.key()).collect();
                write!(f, "unknown key {key:?}: the keys are {}", keys.join(", "))
            }
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

impl From<generator::ConfigError> for ConfigError {
    fn from(error: generator::ConfigError) -> ConfigError {
        match error {
            generator::ConfigError::UnknownKey(key) => ConfigError::UnknownKey(key),
            generator::ConfigError::UnknownTechnique {
                dimension,
                name,
                known,
            } => ConfigError::UnknownTechnique {
                dimension: Dimension::Generator(dimension),
                name,
                known,
            },
            generator::ConfigError::NotCompiled { differing } => ConfigError::NotCompiled {
                differing: differing.into_iter().map(Dimension::Generator).collect(),
            },
            generator::ConfigError::Unsupported { name, why } => {
                ConfigError::Unsupported { name, why }
            }
        }
    }
}

impl Choice {
    /// The default configuration, by name (the same as [`DefaultConfig`], which a test checks).
    pub const DEFAULT: Choice = Choice {
        generator: generator::Choice::DEFAULT,
        pawns: PawnStructureVariant::Spans,
        spans: AttackSpansVariant::ShiftFill,
        attackers: AttacksToVariant::SuperPieceMagic,
        xrays: XrayVariant::ModifyOccupancyMagic,
    };

    /// The technique's name in `dimension`.
    pub fn name(&self, dimension: Dimension) -> &'static str {
        match dimension {
            Dimension::Generator(d) => self.generator.name(d),
            Dimension::Pawns => PawnStructureFamily::descriptor(self.pawns).name,
            Dimension::Spans => AttackSpansFamily::descriptor(self.spans).name,
            Dimension::Attackers => AttacksToFamily::descriptor(self.attackers).name,
            Dimension::Xrays => RookXrayFamily::descriptor(self.xrays).name,
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
            Dimension::Generator(d) => choice.generator = self.generator.with(d, name)?,
            Dimension::Pawns => {
                choice.pawns = PawnStructureFamily::find(name).ok_or_else(unknown)?
            }
            Dimension::Spans => choice.spans = AttackSpansFamily::find(name).ok_or_else(unknown)?,
            Dimension::Attackers => {
                choice.attackers = AttacksToFamily::find(name).ok_or_else(unknown)?
            }
            Dimension::Xrays => choice.xrays = RookXrayFamily::find(name).ok_or_else(unknown)?,
        }
        Ok(choice)
    }

    /// The default with the techniques of `text`: `key=name` pairs separated by commas, as
    /// `slider=pext,pawns=per_pawn_loop` (an empty text is the default).
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

/// `slider=magic,between=rectangular,...,xrays=modify_occupancy_magic`.
impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = Dimension::ALL
            .into_iter()
            .map(|d| format!("{}={}", d.key(), self.name(d)))
            .collect();
        f.write_str(&pairs.join(","))
    }
}

/// Code to run with one search configuration's concrete type.
pub trait SearchVisitor {
    type Output;
    fn visit<C: SearchConfig>(self, config: C) -> Self::Output;
}

/// Runs `visitor` with the configuration `choice` names, matched once; or says why it cannot
/// run (not compiled, a technique this CPU lacks, or the search's own instructions:
/// [`supported`](super::supported)).
pub fn visit<V: SearchVisitor>(
    choice: Choice,
    cpu: &Cpu,
    visitor: V,
) -> Result<V::Output, ConfigError> {
    super::supported(cpu).map_err(|why| ConfigError::Unsupported {
        name: "the search",
        why,
    })?;
    let differing = choice.differing();
    let unsupported = |dimension: Dimension| {
        let name = choice.name(dimension);
        move |why| ConfigError::Unsupported { name, why }
    };
    match differing[..] {
        [] | [Dimension::Generator(_)] => Ok(generator::visit(
            choice.generator,
            cpu,
            GeneratorOnly(visitor),
        )?),
        [Dimension::Pawns] => choice
            .pawns
            .with(cpu, PawnsOnly(visitor))
            .map_err(unsupported(Dimension::Pawns)),
        [Dimension::Spans] => choice
            .spans
            .with(cpu, SpansOnly(visitor))
            .map_err(unsupported(Dimension::Spans)),
        [Dimension::Attackers] => choice
            .attackers
            .with(cpu, AttackersOnly(visitor))
            .map_err(unsupported(Dimension::Attackers)),
        [Dimension::Xrays] => choice
            .xrays
            .with(cpu, XraysOnly(visitor))
            .map_err(unsupported(Dimension::Xrays)),
        _ => Err(ConfigError::NotCompiled { differing }),
    }
}

/// The default search techniques with the generator configuration `movegen` hands over.
struct GeneratorOnly<V>(V);

impl<V: SearchVisitor> ConfigVisitor for GeneratorOnly<V> {
    type Output = V::Output;
    fn visit<G: Config>(self, generator: G) -> V::Output {
        let d = default_config();
        self.0.visit(Engine {
            generator,
            pawns: d.pawns,
            spans: d.spans,
            attackers: d.attackers,
            xrays: d.xrays,
        })
    }
}

/// The default configuration with another pawn-structure technique.
struct PawnsOnly<V>(V);

impl<V: SearchVisitor> PawnsUser for PawnsOnly<V> {
    type Output = V::Output;
    fn with<P: PawnStructure>(self, pawns: P) -> V::Output {
        let d = default_config();
        self.0.visit(Engine {
            generator: d.generator,
            pawns,
            spans: d.spans,
            attackers: d.attackers,
            xrays: d.xrays,
        })
    }
}

/// The default configuration with another attack-span technique.
struct SpansOnly<V>(V);

impl<V: SearchVisitor> SpansUser for SpansOnly<V> {
    type Output = V::Output;
    fn with<S: AttackSpans>(self, spans: S) -> V::Output {
        let d = default_config();
        self.0.visit(Engine {
            generator: d.generator,
            pawns: d.pawns,
            spans,
            attackers: d.attackers,
            xrays: d.xrays,
        })
    }
}

/// The default configuration with another attacks-to technique.
struct AttackersOnly<V>(V);

impl<V: SearchVisitor> AttackersUser for AttackersOnly<V> {
    type Output = V::Output;
    fn with<A: AttacksTo>(self, attackers: A) -> V::Output {
        let d = default_config();
        self.0.visit(Engine {
            generator: d.generator,
            pawns: d.pawns,
            spans: d.spans,
            attackers,
            xrays: d.xrays,
        })
    }
}

/// The default configuration with another x-ray technique.
struct XraysOnly<V>(V);

impl<V: SearchVisitor> XrayUser for XraysOnly<V> {
    type Output = V::Output;
    fn with<X: XrayAttacks>(self, xrays: X) -> V::Output {
        let d = default_config();
        self.0.visit(Engine {
            generator: d.generator,
            pawns: d.pawns,
            spans: d.spans,
            attackers: d.attackers,
            xrays,
        })
    }
}
