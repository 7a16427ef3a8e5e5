//! The `search` family (feature `bench`): the search of [`super`] measured in context. Each
//! variant is a configuration of the search, named after the one technique in which it
//! differs from the default (`rook_attacks.pext`, `pawn_structure.per_pawn_loop`,
//! `attacks_to.super_piece_hyperbola`, ...), so that reports can set a technique's rank inside
//! the search beside its rank alone and inside perft; the default configuration appears once
//! under each of its eight names, and those are the family's A/A controls.
//!
//! A query is a position of the bench set, a depth, a table size and the answer the default
//! configuration gives (see [`super::workloads`]); the answer is the search's node count, best
//! move, score and a hash of its principal variation, and the time is per node. Every
//! configuration must give the same answer: the trees are the same node for node, so a
//! difference anywhere is a technique that answered differently. Where one does, verification
//! says where the trees part ([`first_difference`]).
//!
//! The transposition tables are this thread's, one per size, made on first use and kept
//! ([`with_table`]).

use super::configs::{self, Choice, ConfigError, Dimension, SearchVisitor};
use super::tree::NodeTrace;
use super::{search, search_traced, SearchConfig, SearchResult, TranspositionTable};
use crate::board::position::{Move, Position};
use crate::families::movegen::configs::Dimension as GeneratorDimension;
use crate::framework::answer::{Answer, Part};
use crate::framework::cpu::{Cpu, Unsupported};
use crate::framework::family::erased::Erase;
use crate::framework::family::{Descriptor, Family, Kernel, Source, Visitor};
use core::cell::RefCell;
use core::fmt;
use std::sync::OnceLock;

/// What a search answers, as the family compares it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SearchAnswer {
    pub nodes: u64,
    /// The best move packed as the transposition table packs it (0: none).
    pub best: u16,
    /// The score in centipawns, or a mate (see [`super::Score`]).
    pub score: i32,
    /// A hash of the principal variation's moves.
    pub pv: u64,
}

impl SearchAnswer {
    /// The answer of a search's result.
    pub fn of(result: &SearchResult) -> SearchAnswer {
        let mut pv = 0xcbf2_9ce4_8422_2325u64;
        for &mv in &result.pv {
            pv = (pv ^ u64::from(super::tt::pack(mv))).wrapping_mul(0x0000_0100_0000_01b3);
        }
        SearchAnswer {
            nodes: result.nodes,
            best: result.best.map_or(0, super::tt::pack),
            score: result.score.0,
            pv,
        }
    }
}

impl Answer for SearchAnswer {
    fn parts(&self) -> Vec<(&'static str, Part)> {
        let best = super::tt::unpack(self.best).map_or("(none)".to_string(), |m| m.to_string());
        vec![
            ("nodes", Part::Value(self.nodes.to_string())),
            ("best move", Part::Value(best)),
            ("score", Part::Value(super::Score(self.score).to_string())),
            (
                "principal variation (hash)",
                Part::Value(format!("{:016x}", self.pv)),
            ),
        ]
    }

    #[inline(always)]
    fn fold(&self) -> u64 {
        self.nodes ^ self.pv ^ u64::from(self.best) << 32 ^ self.score as u32 as u64
    }
}

/// A query: search `position` to `depth` with a table of `table_mib` MiB; the default
/// configuration answers `expected`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SearchQuery {
    pub position: Position,
    pub depth: u8,
    pub table_mib: u16,
    /// The index of the position in the bench set ([`bench`](super::workloads::bench())).
    pub case: u16,
    /// The default configuration's answer; the time of a query is divided by its nodes.
    pub expected: SearchAnswer,
}

/// `FEN, depth 4, 16 MiB table (bench position 12)`.
impl fmt::Display for SearchQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, depth {}, {} MiB table (bench position {})",
            self.position,
            self.depth,
            self.table_mib,
            self.case + 1
        )
    }
}

/// A variant: the search with `choice`, listed under `dimension`, the technique it varies
/// (for the default, each of the eight in turn).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchVariant {
    pub dimension: Dimension,
    pub choice: Choice,
}

/// Marker type for the search family, as the harness sees it.
#[derive(Clone, Copy, Debug)]
pub struct SearchFamily;

thread_local! {
    /// This thread's transposition tables, one per size.
    static TABLES: RefCell<Vec<TranspositionTable>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with this thread's table of `mib` MiB, made on first use (every page written
/// then, see [`TranspositionTable::new`]) and kept for the thread's life.
pub fn with_table<R>(mib: usize, f: impl FnOnce(&mut TranspositionTable) -> R) -> R {
    TABLES.with(|tables| {
        let mut tables = tables.borrow_mut();
        let index = table_index(&mut tables, mib);
        f(&mut tables[index])
    })
}

/// The index in `tables` of the table of `mib` MiB, made if missing (not generic: one copy for
/// every caller of [`with_table`]).
fn table_index(tables: &mut Vec<TranspositionTable>, mib: usize) -> usize {
    match tables.iter().position(|t| t.mib() == mib.max(1)) {
        Some(index) => index,
        None => {
            tables.push(TranspositionTable::new(mib));
            tables.len() - 1
        }
    }
}

/// The search with configuration `C`, as a kernel.
#[derive(Clone, Copy, Debug)]
pub struct SearchKernel<C>(pub C);

impl<C: SearchConfig> SearchKernel<C> {
    #[inline(always)]
    fn answer(self, query: &SearchQuery) -> SearchAnswer {
        with_table(usize::from(query.table_mib), |table| {
            SearchAnswer::of(&search(
                self.0,
                &query.position,
                u32::from(query.depth),
                table,
            ))
        })
    }
}

impl<C: SearchConfig> Kernel<SearchFamily> for SearchKernel<C> {
    #[inline(always)]
    fn query(self, query: SearchQuery) -> SearchAnswer {
        self.answer(&query)
    }

    fn batch(self, queries: &[SearchQuery], out: &mut [SearchAnswer]) {
        crate::framework::family::each!(queries, out, |query| self.answer(query));
    }

    /// Runs the query's search traced, under this configuration and under the default, and
    /// says where their trees part ([`first_difference`]), with both principal variations.
    fn explain(self, query: SearchQuery) -> Option<String> {
        parting(&query, trace(self.0, &query))
    }
}

/// Where the traced search `got` of `query` parts from the default configuration's, with both
/// principal variations; `None` where it does not (not generic: one copy for every
/// configuration's [`Kernel::explain`]).
fn parting(query: &SearchQuery, got: (SearchResult, Vec<NodeTrace>)) -> Option<String> {
    let (expected, expected_trace) = trace(configs::default_config(), query);
    let (got, got_trace) = got;
    let line = |r: &SearchResult| {
        let moves: Vec<String> = r.pv.iter().map(Move::to_string).collect();
        format!("{} ({}, {} nodes)", moves.join(" "), r.score, r.nodes)
    };
    let parted = first_difference(&expected_trace, &got_trace)?;
    let planted = if planted::active() {
        format!(
            "\nTEST ONLY: {}=1 is set: {}'s rook attacks never include e5",
            planted::VARIABLE,
            planted::VARIANT
        )
    } else {
        String::new()
    };
    Some(format!(
        "{parted}\nprincipal variation, default: {}\nprincipal variation, here: {}{planted}",
        line(&expected),
        line(&got)
    ))
}

/// Every variant: each dimension's techniques in their families' order.
fn all_variants() -> &'static [SearchVariant] {
    static VARIANTS: OnceLock<Vec<SearchVariant>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let mut variants = Vec::new();
        for dimension in Dimension::ALL {
            for name in dimension.names() {
                let choice = Choice::DEFAULT
                    .with(dimension, name)
                    .expect("a dimension's own names");
                variants.push(SearchVariant { dimension, choice });
            }
        }
        variants
    })
}

/// The descriptor of the technique of `dimension` in its own family.
fn technique(dimension: Dimension, choice: &Choice) -> &'static Descriptor {
    use crate::families::attack_spans::AttackSpansFamily;
    use crate::families::attacks_to::AttacksToFamily;
    use crate::families::checkers_pins::CheckersPinsFamily;
    use crate::families::in_between::InBetweenFamily;
    use crate::families::knight_attacks::KnightFamily;
    use crate::families::pawn_structure::PawnStructureFamily;
    use crate::families::sliders::RookAttacksFamily;
    use crate::families::xray_attacks::RookXrayFamily;
    let g = &choice.generator;
    match dimension {
        Dimension::Generator(GeneratorDimension::Slider) => RookAttacksFamily::descriptor(g.slider),
        Dimension::Generator(GeneratorDimension::Between) => InBetweenFamily::descriptor(g.between),
        Dimension::Generator(GeneratorDimension::Pins) => CheckersPinsFamily::descriptor(g.pins),
        Dimension::Generator(GeneratorDimension::Knights) => KnightFamily::descriptor(g.knights),
        Dimension::Pawns => PawnStructureFamily::descriptor(choice.pawns),
        Dimension::Spans => AttackSpansFamily::descriptor(choice.spans),
        Dimension::Attackers => AttacksToFamily::descriptor(choice.attackers),
        Dimension::Xrays => RookXrayFamily::descriptor(choice.xrays),
    }
}

/// The tables a configuration reads: its slider's (rook and bishop), in-between, knight,
/// pawn-structure and attack-span techniques' tables, the attacks-to and x-ray techniques'
/// where they are not the slider's own (`super_piece_magic` and `modify_occupancy_magic` read
/// the `magic` tables the slider reads already), the king and pawn tables and the hash keys.
/// The checkers-and-pins technique is built on the slider and in-between techniques, as in
/// perft. The transposition table is the workload's, not the configuration's.
fn table_bytes(choice: &Choice) -> usize {
    use crate::families::sliders::BishopAttacksFamily;
    use crate::families::xray_attacks::BishopXrayFamily;
    let slider_name = choice.name(Dimension::Generator(GeneratorDimension::Slider));
    let slider = technique(Dimension::Generator(GeneratorDimension::Slider), choice).table_bytes
        + BishopAttacksFamily::descriptor(choice.generator.slider).table_bytes;
    let on_slider = |name: &str, prefix: &str| name.strip_prefix(prefix) == Some(slider_name);
    let attackers = technique(Dimension::Attackers, choice);
    let attackers = if on_slider(attackers.name, "super_piece_") {
        attackers.table_bytes.saturating_sub(slider)
    } else {
        attackers.table_bytes
    };
    let xrays = if on_slider(choice.name(Dimension::Xrays), "modify_occupancy_") {
        0
    } else {
        technique(Dimension::Xrays, choice).table_bytes
            + BishopXrayFamily::descriptor(choice.xrays).table_bytes
    };
    let others: usize = [
        Dimension::Generator(GeneratorDimension::Between),
        Dimension::Generator(GeneratorDimension::Knights),
        Dimension::Pawns,
        Dimension::Spans,
    ]
    .into_iter()
    .map(|d| technique(d, choice).table_bytes)
    .sum();
    slider
        + attackers
        + xrays
        + others
        + crate::board::position::leapers::TABLE_BYTES
        + super::zobrist::TABLE_BYTES
}

fn descriptor_of(variant: SearchVariant) -> Descriptor {
    let leak = |text: String| -> &'static str { Box::leak(text.into_boxed_str()) };
    let SearchVariant { dimension, choice } = variant;
    let name = choice.name(dimension);
    Descriptor {
        family: SearchFamily::NAME,
        name: leak(format!("{}.{name}", dimension.family())),
        summary: leak(format!(
            "our search with {} = {name}, the other techniques default",
            dimension.key(),
        )),
        source: Source::New,
        table_bytes: table_bytes(&choice),
        requires: technique(dimension, &choice).requires,
    }
}

fn descriptors() -> &'static [Descriptor] {
    static DESCRIPTORS: OnceLock<Vec<Descriptor>> = OnceLock::new();
    DESCRIPTORS.get_or_init(|| all_variants().iter().map(|&v| descriptor_of(v)).collect())
}

/// Hands the configuration to the harness's visitor as a [`SearchKernel`].
struct AsKernel<V>(V);

impl<V: Visitor<SearchFamily>> SearchVisitor for AsKernel<V> {
    type Output = V::Output;
    fn visit<C: SearchConfig>(self, config: C) -> V::Output {
        self.0.visit(SearchKernel(config))
    }
}

/// Like perft, not declared with [`family!`](crate::framework::family::table::family!): its
/// variants are generated, one per technique of the eight families the search varies
/// (`all_variants`), so adding a technique to one of those families adds a configuration here
/// without a line in this file.
impl Family for SearchFamily {
    const NAME: &'static str = "search";
    const SUMMARY: &'static str =
        "a deterministic alpha-beta search of the bench set to a fixed depth; time per node. \
         Each variant varies one technique of the default configuration \
         (slider=magic,between=rectangular,pins=snipers,knights=lookup,pawns=spans,\
         spans=shift_fill,attackers=super_piece_magic,xrays=modify_occupancy_magic)";
    type Input = SearchQuery;
    type Output = SearchAnswer;
    type Variant = SearchVariant;

    fn variants() -> &'static [SearchVariant] {
        all_variants()
    }

    fn descriptor(variant: SearchVariant) -> &'static Descriptor {
        let index = all_variants()
            .iter()
            .position(|&v| v == variant)
            .expect("a registered variant");
        &descriptors()[index]
    }

    fn visit<V: Visitor<Self>>(
        variant: SearchVariant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported> {
        Self::runnable(variant, cpu)?;
        if planted::applies(variant) {
            return Ok(Erase(visitor).visit(SearchKernel(planted::config())));
        }
        configs::visit(variant.choice, cpu, AsKernel(Erase(visitor))).map_err(|error| match error {
            ConfigError::Unsupported { why, .. } => why,
            other => unreachable!("a registered configuration: {other}"),
        })
    }

    fn reference(query: SearchQuery) -> SearchAnswer {
        query.expected
    }

    /// The technique's features, and the search's own ([`super::supported`]).
    fn runnable(variant: SearchVariant, cpu: &Cpu) -> Result<(), Unsupported> {
        super::supported(cpu)?;
        cpu.check_all(Self::descriptor(variant).requires)
    }

    #[inline(always)]
    fn echo(query: SearchQuery) -> SearchAnswer {
        SearchAnswer {
            nodes: u64::from(query.depth) ^ u64::from(query.case) << 8,
            ..SearchAnswer::default()
        }
    }
}

/// The planted fault, a test-only switch: with `BITBENCH_PLANT_SEARCH_FAULT=1` in the
/// environment, the configuration `rook_attacks.hyperbola` runs with a hyperbola-quintessence
/// slider whose rook attacks never include e5, so that a test can see verification name it.
/// The switch is read once per process.
pub mod planted {
    use super::*;
    use crate::board::bitboard::Bitboard;
    use crate::board::square::Square;
    use crate::families::checkers_pins::snipers::Snipers;
    use crate::families::movegen::configs::{DefaultBetween, DefaultKnights};
    use crate::families::movegen::Techniques;
    use crate::families::sliders::hyperbola::Hyperbola;
    use crate::families::sliders::Slider;

    /// The environment variable.
    pub const VARIABLE: &str = "BITBENCH_PLANT_SEARCH_FAULT";
    /// The configuration it changes.
    pub const VARIANT: &str = "rook_attacks.hyperbola";

    /// Whether the switch is on.
    pub fn active() -> bool {
        static ACTIVE: OnceLock<bool> = OnceLock::new();
        *ACTIVE.get_or_init(|| std::env::var_os(VARIABLE).is_some_and(|v| v == "1"))
    }

    pub(super) fn applies(variant: SearchVariant) -> bool {
        active() && SearchFamily::descriptor(variant).name == VARIANT
    }

    /// Hyperbola quintessence, wrong on one square: its rook attacks never include e5.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct WrongOnE5;

    impl Slider for WrongOnE5 {
        #[inline(always)]
        fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
            Hyperbola.rook(square, occupied) & !Bitboard::from_square(Square::E5)
        }

        #[inline(always)]
        fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
            Hyperbola.bishop(square, occupied)
        }
    }

    /// The default configuration with [`WrongOnE5`] as its slider (its pins technique too).
    pub(crate) fn config() -> impl SearchConfig {
        let d = configs::default_config();
        let between = DefaultBetween::default();
        super::super::Engine {
            generator: Techniques {
                slider: WrongOnE5,
                between,
                pins: Snipers::new(WrongOnE5, between),
                knights: DefaultKnights::default(),
            },
            pawns: d.pawns,
            spans: d.spans,
            attackers: d.attackers,
            xrays: d.xrays,
        }
    }
}

/// Where two traced searches of one query part: the first node whose entry differs, or, if a
/// node before it returned a different score, the last such (the node where the difference
/// arose: its descendants before it agree). `None` if the traces are equal.
pub fn first_difference(expected: &[NodeTrace], got: &[NodeTrace]) -> Option<String> {
    let entry = |t: &NodeTrace| (t.hash, t.ply, t.last, t.depth, t.alpha, t.beta);
    let diverge = expected
        .iter()
        .zip(got)
        .position(|(e, g)| entry(e) != entry(g))
        .unwrap_or(expected.len().min(got.len()));
    let scored = (0..diverge)
        .rev()
        .find(|&i| expected[i].score != got[i].score);
    let path = |trace: &[NodeTrace], at: usize| -> String {
        // The moves from the root: each node's parent is the last node before it one ply up.
        let mut moves = Vec::new();
        let mut ply = trace[at].ply;
        let mut i = at;
        while ply > 0 {
            moves.push(match trace[i].last {
                Some(mv) => mv.to_string(),
                None => "(null move)".to_string(),
            });
            let Some(parent) = (0..i).rev().find(|&j| trace[j].ply == ply - 1) else {
                break;
            };
            i = parent;
            ply -= 1;
        }
        moves.reverse();
        if moves.is_empty() {
            "at the root".to_string()
        } else {
            format!("after {}", moves.join(" "))
        }
    };
    match scored {
        Some(i) => Some(format!(
            "the trees part at node {} of {} (ply {}, {}): the default configuration scored it \
             {}, this one {}",
            i + 1,
            expected.len(),
            expected[i].ply,
            path(expected, i),
            expected[i].score,
            got[i].score
        )),
        None if diverge < expected.len().max(got.len()) => {
            let (e, g) = (expected.get(diverge), got.get(diverge));
            let node = |t: Option<&NodeTrace>, trace: &[NodeTrace]| match t {
                Some(t) => format!(
                    "ply {} {} (window {}..{}, depth {})",
                    t.ply,
                    path(trace, diverge),
                    t.alpha,
                    t.beta,
                    t.depth
                ),
                None => "no node: its search had ended".to_string(),
            };
            Some(format!(
                "the trees part at node {}: the default configuration visited {}; this one {}",
                diverge + 1,
                node(e, expected),
                node(g, got)
            ))
        }
        None => None,
    }
}

fn trace<C: SearchConfig>(config: C, query: &SearchQuery) -> (SearchResult, Vec<NodeTrace>) {
    let mut nodes = Vec::new();
    let result = with_table(usize::from(query.table_mib), |table| {
        search_traced(
            config,
            &query.position,
            u32::from(query.depth),
            table,
            &mut nodes,
        )
    });
    (result, nodes)
}

/// The default configuration's name in the family: the first it is listed under.
pub fn default_name() -> &'static str {
    let default = all_variants()
        .iter()
        .find(|v| v.choice == Choice::DEFAULT)
        .expect("the default is registered");
    SearchFamily::descriptor(*default).name
}

/// Every registered configuration once (the default under the first name it is listed by),
/// with its name, whether or not it runs here.
pub fn configurations() -> Vec<(&'static str, SearchVariant)> {
    let mut seen: Vec<Choice> = Vec::new();
    let mut out = Vec::new();
    for &variant in SearchFamily::variants() {
        if !seen.contains(&variant.choice) {
            seen.push(variant.choice);
            out.push((SearchFamily::descriptor(variant).name, variant));
        }
    }
    out
}
