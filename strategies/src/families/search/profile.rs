//! How often a search, and perft, call each technique family (feature `bench`): the
//! default configuration with every technique wrapped in a counter ([`Counted`]), run over the
//! positions each family measures. The counts are exact and the same on every CPU; multiplied
//! by what a call costs alone they estimate each technique family's share of a node's time
//! (`bitbench advise --shares`).

use super::configs::{default_config, DefaultConfig};
use super::workloads::{bench, MEASURED};
use super::{Engine, SearchConfig, TranspositionTable};
use crate::board::bitboard::Bitboard;
use crate::board::position::{Move, Position};
use crate::board::square::Square;
use crate::families::attack_spans::{AttackSpans, SidePawns, Spans};
use crate::families::attacks_to::AttacksTo;
use crate::families::checkers_pins::{CheckersAndPins, CheckersPins};
use crate::families::in_between::InBetween;
use crate::families::knight_attacks::KnightAttacks;
use crate::families::movegen::{self, Config, Techniques};
use crate::families::pawn_structure::{PawnStructure, Pawns, Structure};
use crate::families::sliders::Slider;
use crate::families::xray_attacks::XrayAttacks;
use core::cell::Cell;

/// What a technique call is counted as: a query of one family (`rook_attacks`, ...).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Call {
    Rook,
    Bishop,
    Queen,
    Between,
    Pins,
    Knights,
    Pawns,
    Spans,
    Attackers,
    RookXray,
    BishopXray,
}

impl Call {
    pub const ALL: [Call; 11] = [
        Call::Rook,
        Call::Bishop,
        Call::Queen,
        Call::Between,
        Call::Pins,
        Call::Knights,
        Call::Pawns,
        Call::Spans,
        Call::Attackers,
        Call::RookXray,
        Call::BishopXray,
    ];

    /// The family that measures this call alone.
    pub const fn family(self) -> &'static str {
        match self {
            Call::Rook => "rook_attacks",
            Call::Bishop => "bishop_attacks",
            Call::Queen => "queen_attacks",
            Call::Between => "in_between",
            Call::Pins => "checkers_pins",
            Call::Knights => "knight_attacks",
            Call::Pawns => "pawn_structure",
            Call::Spans => "attack_spans",
            Call::Attackers => "attacks_to",
            Call::RookXray => "rook_xray_attacks",
            Call::BishopXray => "bishop_xray_attacks",
        }
    }

    /// The default configuration's technique for this call: its variant in that family.
    pub const fn default_technique(self) -> &'static str {
        match self {
            Call::Rook | Call::Bishop | Call::Queen => "magic",
            Call::Between => "rectangular",
            Call::Pins => "snipers",
            Call::Knights => "lookup",
            Call::Pawns => "spans",
            Call::Spans => "shift_fill",
            Call::Attackers => "super_piece_magic",
            Call::RookXray | Call::BishopXray => "modify_occupancy_magic",
        }
    }
}

thread_local! {
    static CALLS: Cell<[u64; 11]> = const { Cell::new([0; 11]) };
}

#[inline(always)]
fn count(call: Call) {
    CALLS.with(|calls| {
        let mut all = calls.get();
        all[call as usize] += 1;
        calls.set(all);
    });
}

/// A technique whose every call is counted.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counted<T>(pub T);

impl<S: Slider> Slider for Counted<S> {
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        count(Call::Rook);
        self.0.rook(square, occupied)
    }

    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        count(Call::Bishop);
        self.0.bishop(square, occupied)
    }

    fn queen(self, square: Square, occupied: Bitboard) -> Bitboard {
        count(Call::Queen);
        self.0.queen(square, occupied)
    }
}

impl<B: InBetween> InBetween for Counted<B> {
    fn between(self, a: Square, b: Square) -> Bitboard {
        count(Call::Between);
        self.0.between(a, b)
    }
}

impl<P: CheckersPins> CheckersPins for Counted<P> {
    fn checkers_pins(self, position: &Position, last_move: Option<Move>) -> CheckersAndPins {
        count(Call::Pins);
        self.0.checkers_pins(position, last_move)
    }
}

impl<K: KnightAttacks> KnightAttacks for Counted<K> {
    fn attacks(self, knights: Bitboard) -> Bitboard {
        count(Call::Knights);
        self.0.attacks(knights)
    }
}

impl<P: PawnStructure> PawnStructure for Counted<P> {
    fn structure(self, pawns: Pawns) -> Structure {
        count(Call::Pawns);
        self.0.structure(pawns)
    }
}

impl<S: AttackSpans> AttackSpans for Counted<S> {
    fn spans(self, input: SidePawns) -> Spans {
        count(Call::Spans);
        self.0.spans(input)
    }
}

impl<A: AttacksTo> AttacksTo for Counted<A> {
    fn attackers(self, position: &Position, square: Square) -> Bitboard {
        count(Call::Attackers);
        self.0.attackers(position, square)
    }
}

impl<X: XrayAttacks> XrayAttacks for Counted<X> {
    fn rook_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        count(Call::RookXray);
        self.0.rook_xray(square, occupied, blockers)
    }

    fn bishop_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        count(Call::BishopXray);
        self.0.bishop_xray(square, occupied, blockers)
    }
}

/// The default configuration with every technique counted. The checkers-and-pins technique
/// keeps its own uncounted slider and in-between lookups: they are part of its cost, which its
/// family measures whole.
fn counted() -> impl SearchConfig {
    let d: DefaultConfig = default_config();
    Engine {
        generator: Techniques {
            slider: Counted(d.generator.slider),
            between: Counted(d.generator.between),
            pins: Counted(d.generator.pins),
            knights: Counted(d.generator.knights),
        },
        pawns: Counted(d.pawns),
        spans: Counted(d.spans),
        attackers: Counted(d.attackers),
        xrays: Counted(d.xrays),
    }
}

/// Calls per node of each kind ([`Call::ALL`]'s order), over some nodes.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    pub nodes: u64,
    pub calls: [u64; 11],
}

impl Profile {
    /// Calls of `call` per node.
    pub fn per_node(&self, call: Call) -> f64 {
        self.calls[call as usize] as f64 / self.nodes.max(1) as f64
    }
}

/// Runs `f` with the counters zeroed; the calls it made.
fn counting(f: impl FnOnce() -> u64) -> Profile {
    CALLS.with(|c| c.set([0; 11]));
    let nodes = f();
    Profile {
        nodes,
        calls: CALLS.with(Cell::get),
    }
}

/// The default search's calls over the positions the search family measures
/// ([`MEASURED`]) at `depth` with a table of `mib` MiB, on any CPU (as
/// [`search_default`](super::search_default)).
pub fn search_profile(depth: u32, mib: usize) -> Profile {
    let config = counted();
    let mut table = TranspositionTable::new(mib);
    counting(|| {
        MEASURED
            .iter()
            .map(|&i| super::tree::run_anywhere(config, &bench()[i], depth, &mut table).nodes)
            .sum()
    })
}

/// The default generator's calls in perft of the six published positions at the depths the
/// perft family measures them.
pub fn perft_profile() -> Profile {
    use crate::families::perft::workloads::{published_query, MEASURED_DEPTHS};
    let c = counted();
    let generator = Techniques {
        slider: c.slider(),
        between: c.between(),
        pins: c.pins(),
        knights: c.knights(),
    };
    counting(|| {
        (0..MEASURED_DEPTHS.len())
            .map(|i| {
                let query = published_query(i, MEASURED_DEPTHS[i]);
                movegen::perft(generator, &query.position, query.depth)
            })
            .sum()
    })
}
