//! A deterministic alpha-beta search whose techniques are type parameters: the move
//! generator's four ([`Config`]) and four more that an engine's evaluation and static
//! exchange evaluation call ([`SearchConfig`]). Each configuration is compiled into its own
//! search, as the generator is; a configuration chosen at run time is matched once
//! ([`configs`]).
//!
//! It is the context engine authors decide in: a search calls the techniques from move
//! generation, from the evaluation (the mobility of every piece, attacks on the king's zone,
//! threats, pawn structure) and from the static exchange evaluation, while its transposition
//! table competes with their tables for the caches. The `search` family (`family`, with the
//! feature `bench`) measures it, and `bitbench search` runs it.
//!
//! # What it does
//! - **Iterative deepening** to a fixed depth, **alpha-beta with principal variation search**
//!   (a null window after the first move, searched again when it fails high), a triangular
//!   table of principal variations.
//! - A **quiescence search** over captures and promotions ([`movegen`](crate::families::movegen)'s captures-only scope),
//!   every evasion when in check; standing pat on the evaluation, captures that lose material
//!   by SEE pruned, and captures that cannot lift the score to alpha (delta pruning).
//! - **Move ordering**: the transposition table's move, captures that SEE finds even or
//!   winning by most valuable victim and least valuable attacker, queen promotions, two killer
//!   moves per ply, quiet moves by a history table, losing captures last.
//! - A **transposition table** ([`tt`]) whose size is a parameter: the cache-pressure axis.
//! - **Check extensions** (a move that gives check is searched a ply deeper, while the line is
//!   shorter than twice the iteration's depth), **null-move pruning** (2 plies shallower, 3 from
//!   depth 6), **reverse futility pruning** (at depth 3 and below), **late-move reductions** of
//!   quiet moves below the root, and draws by repetition on the search path, the fifty-move
//!   rule and bare minor pieces.
//!
//! # Deterministic
//! No clock, no threads, no randomness, no floating point: the same position, depth and table
//! size give the same tree, node for node, under every configuration whose techniques answer
//! alike (each technique is verified in its own family). A table starts every search empty
//! in effect: an entry written by an earlier search is never read, and the slot a position
//! maps to is the same bijection of its hash in every search (see [`tt`]). The `search`
//! family verifies that every compiled configuration gives the same node count, best move,
//! score and principal variation.
//!
//! # Where the techniques are called
//! - [`movegen`](crate::families::movegen): the slider, in-between, checkers-and-pins and knight techniques, at every
//!   node, for the moves and for whether each move gives check;
//! - the evaluation ([`eval`]): the slider and knight techniques for the mobility of every
//!   piece and the attacks on the enemy king's zone, and so for threats; the pawn-structure
//!   technique for passed and isolated pawns; the attack-span technique for doubled and
//!   backward pawns;
//! - the static exchange evaluation ([`see`]): the attacks-to technique for the attackers of
//!   the square, the x-ray technique for the sliders behind each attacker that leaves it.
//!
//! Source: new; the techniques of the seeds in a search shaped as chessprogramming's pages on
//! these methods describe them. Footprint: the eight techniques' tables, the generator's, a
//! 12 KiB table of hash keys, and the transposition table. CPU features: those of the
//! techniques; on x86-64, a release build's search itself is compiled with POPCNT, BMI1,
//! BMI2 and AVX2, and runs only where they are detected ([`supported`]), but for
//! [`search_default`].

pub mod configs;
pub mod eval;
#[cfg(feature = "bench")]
pub mod family;
mod moves;
#[cfg(feature = "bench")]
pub mod profile;
pub mod see;
#[cfg(feature = "bench")]
pub mod suite;
mod tree;
pub mod tt;
#[cfg(feature = "bench")]
pub mod workloads;
pub mod zobrist;

#[cfg(all(test, feature = "bench"))]
mod tests;

pub use configs::{Choice, ConfigError, Dimension, SearchVisitor};
pub use tree::{search, search_traced, supported, NodeTrace, SearchResult};
pub use tt::TranspositionTable;

use crate::board::position::Position;
use crate::families::attack_spans::AttackSpans;
use crate::families::attacks_to::AttacksTo;
use crate::families::movegen::Config;
use crate::families::pawn_structure::PawnStructure;
use crate::families::xray_attacks::XrayAttacks;
use core::fmt;

/// The eight techniques of a search, as types: the generator's four and the evaluation's and
/// the static exchange evaluation's four. Implemented by [`Engine`]; the search takes
/// `C: SearchConfig` and is monomorphized for each.
pub trait SearchConfig: Config {
    type Pawns: PawnStructure;
    type Spans: AttackSpans;
    type Attackers: AttacksTo;
    type Xrays: XrayAttacks;

    fn pawns(self) -> Self::Pawns;
    fn spans(self) -> Self::Spans;
    fn attackers(self) -> Self::Attackers;
    fn xrays(self) -> Self::Xrays;
}

/// A search configuration: a generator configuration ([`Techniques`](crate::families::movegen::Techniques)) and one value of
/// each of the four other techniques.
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine<G, P, S, A, X> {
    pub generator: G,
    pub pawns: P,
    pub spans: S,
    pub attackers: A,
    pub xrays: X,
}

impl<G: Config, P, S, A, X> Config for Engine<G, P, S, A, X>
where
    P: Copy,
    S: Copy,
    A: Copy,
    X: Copy,
{
    type Slider = G::Slider;
    type Between = G::Between;
    type Pins = G::Pins;
    type Knights = G::Knights;

    #[inline(always)]
    fn slider(self) -> G::Slider {
        self.generator.slider()
    }

    #[inline(always)]
    fn between(self) -> G::Between {
        self.generator.between()
    }

    #[inline(always)]
    fn pins(self) -> G::Pins {
        self.generator.pins()
    }

    #[inline(always)]
    fn knights(self) -> G::Knights {
        self.generator.knights()
    }
}

impl<G: Config, P: PawnStructure, S: AttackSpans, A: AttacksTo, X: XrayAttacks> SearchConfig
    for Engine<G, P, S, A, X>
{
    type Pawns = P;
    type Spans = S;
    type Attackers = A;
    type Xrays = X;

    #[inline(always)]
    fn pawns(self) -> P {
        self.pawns
    }

    #[inline(always)]
    fn spans(self) -> S {
        self.spans
    }

    #[inline(always)]
    fn attackers(self) -> A {
        self.attackers
    }

    #[inline(always)]
    fn xrays(self) -> X {
        self.xrays
    }
}

/// A score in centipawns from the side to move's point of view, or a mate.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(pub i32);

impl Score {
    /// The score of being mated now; a mate `n` plies away scores `MATE - n`.
    pub const MATE: i32 = 31_000;
    /// Scores beyond this (either sign) are mates.
    pub const MATE_BOUND: i32 = Score::MATE - 1_000;

    /// Moves to mate (positive: the side to move mates; negative: it is mated), if a mate.
    pub fn mate_in(self) -> Option<i32> {
        let s = self.0;
        if s > Score::MATE_BOUND {
            Some((Score::MATE - s + 1) / 2)
        } else if s < -Score::MATE_BOUND {
            Some(-(Score::MATE + s) / 2)
        } else {
            None
        }
    }
}

/// UCI's form: `cp 35`, `mate 3`, `mate -2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_in() {
            Some(moves) => write!(f, "mate {moves}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

/// Searches `position` to `depth` with the default configuration ([`configs::DefaultConfig`])
/// and a table of `table`: what a caller that does not care about techniques uses. It runs on
/// every CPU of the target, where [`search`] may need more ([`supported`]).
pub fn search_default(
    position: &Position,
    depth: u32,
    table: &mut TranspositionTable,
) -> SearchResult {
    tree::run_anywhere(configs::default_config(), position, depth, table)
}
