//! Perft: the legal move generator ([`crate::families::movegen`]) measured in context. Each variant is a
//! configuration of the generator, named after the one technique in which it differs from the
//! default (`rook_attacks.pext`, `checkers_pins.dir_golem`, `in_between.x88_rotate`,
//! `knight_attacks.avx512_batch`, ...), so that reports can set a technique's rank inside perft
//! beside its rank in its own family; the default configuration appears once under each of its
//! four names (`rook_attacks.magic`, `in_between.rectangular`, `checkers_pins.snipers`,
//! `knight_attacks.lookup`). The peers (feature `peers`) are `cozy-chess`'s and `chess`'s own
//! perft.
//!
//! A query is a position, a depth and the position's known node count at that depth; the
//! answer is the node count, and the time is per node (`Bench::work`).
//! Perft counts in bulk at the last ply, single-threaded.
//!
//! The default configuration is, when it was chosen, the fastest portable one measured on the
//! development machine (docs/notebook.md, "Measurements behind the code"): `magic` sliders
//! (`pext` is a call per lookup here, since a
//! `bmi2` function is not inlined into code built without it), `rectangular` in-between,
//! `snipers` checkers and pins, `lookup` knights. Portable, so that every configuration runs on
//! every CPU where its one other technique does.

#[cfg(feature = "peers")]
pub mod peers;
#[cfg(feature = "bench")]
pub mod table;
#[cfg(feature = "bench")]
pub mod workloads;

#[cfg(test)]
use crate::bench::Bench;
use crate::board::position::Position;
use crate::families::movegen::configs::{self, Choice, ConfigError, ConfigVisitor, Dimension};
use crate::families::movegen::{self, Config};
use crate::framework::cpu::{Cpu, Unsupported};
use crate::framework::family::erased::Erase;
use crate::framework::family::{Descriptor, Family, Kernel, Source, Visitor};
use core::fmt;
use std::sync::OnceLock;

/// A query: perft of `position` at `depth`, whose answer is known to be `nodes`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PerftQuery {
    pub position: Position,
    pub depth: u32,
    /// The known node count (published, or from the reference or a verified configuration;
    /// see `workloads`). The time of a query is divided by it.
    pub nodes: u64,
    /// The index of the position in `workloads::positions`; only the peers read it, to find
    /// the board they prepared for it.
    pub case: u32,
}

/// `FEN, depth 4 (197281 nodes)`.
impl fmt::Display for PerftQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, depth {} ({} nodes, position {})",
            self.position, self.depth, self.nodes, self.case
        )
    }
}

/// A variant: a configuration of our generator, or a peer's perft.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PerftVariant {
    /// Our generator with `choice`, listed under `dimension`: the technique it varies (for the
    /// default, each of the four in turn).
    Generator {
        dimension: Dimension,
        choice: Choice,
    },
    #[cfg(feature = "peers")]
    CozyChess,
    #[cfg(feature = "peers")]
    Chess,
}

impl PerftVariant {
    /// The peers' perft, in the order they are listed: none without the feature `peers`.
    #[cfg(feature = "peers")]
    pub const PEERS: &'static [PerftVariant] = &[PerftVariant::CozyChess, PerftVariant::Chess];
    /// The peers' perft, in the order they are listed: none without the feature `peers`.
    #[cfg(not(feature = "peers"))]
    pub const PEERS: &'static [PerftVariant] = &[];
}

/// Marker type for the perft family, as the harness sees it.
#[derive(Clone, Copy, Debug)]
pub struct PerftFamily;

/// Our generator with configuration `C`, as a kernel.
#[derive(Clone, Copy, Debug)]
pub struct Generator<C>(pub C);

impl<C: Config> Kernel<PerftFamily> for Generator<C> {
    #[inline(always)]
    fn query(self, query: PerftQuery) -> u64 {
        movegen::perft(self.0, &query.position, query.depth)
    }

    fn batch(self, queries: &[PerftQuery], out: &mut [u64]) {
        crate::framework::family::each!(queries, out, |query| {
            movegen::perft(self.0, &query.position, query.depth)
        });
    }
}

/// Every variant: each dimension's techniques in their families' order, then the peers.
fn all_variants() -> &'static [PerftVariant] {
    static VARIANTS: OnceLock<Vec<PerftVariant>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let mut variants = Vec::new();
        for dimension in Dimension::ALL {
            for name in dimension.names() {
                let choice = Choice::DEFAULT
                    .with(dimension, name)
                    .expect("a dimension's own names");
                variants.push(PerftVariant::Generator { dimension, choice });
            }
        }
        variants.extend_from_slice(PerftVariant::PEERS);
        variants
    })
}

/// The descriptor of a technique of `dimension` in its own family.
fn technique(dimension: Dimension, choice: &Choice) -> &'static Descriptor {
    use crate::families::checkers_pins::CheckersPinsFamily as Pins;
    use crate::{
        families::in_between::InBetweenFamily as Between,
        families::knight_attacks::KnightFamily as Knights,
    };
    let name = choice.name(dimension);
    match dimension {
        Dimension::Slider => crate::families::sliders::RookAttacksFamily::descriptor(choice.slider),
        Dimension::Between => Between::descriptor(Between::find(name).expect("known")),
        Dimension::Pins => Pins::descriptor(Pins::find(name).expect("known")),
        Dimension::Knights => Knights::descriptor(Knights::find(name).expect("known")),
    }
}

/// The tables a configuration reads: its slider's (rook and bishop), in-between and knight
/// tables, the king and pawn tables and the castling-rights table.
fn config_table_bytes(choice: &Choice) -> usize {
    use crate::families::sliders::BishopAttacksFamily;
    let slider = crate::families::sliders::RookAttacksFamily::descriptor(choice.slider).table_bytes
        + BishopAttacksFamily::descriptor(choice.slider).table_bytes;
    slider
        + technique(Dimension::Between, choice).table_bytes
        + technique(Dimension::Knights, choice).table_bytes
        + crate::board::position::leapers::TABLE_BYTES
        + 64
}

fn descriptor_of(variant: PerftVariant) -> Descriptor {
    let leak = |text: String| -> &'static str { Box::leak(text.into_boxed_str()) };
    match variant {
        PerftVariant::Generator { dimension, choice } => {
            let name = choice.name(dimension);
            Descriptor {
                family: PerftFamily::NAME,
                name: leak(format!("{}.{name}", dimension.family())),
                summary: leak(format!(
                    "our legal generator with {} = {name}, the other techniques default",
                    dimension.key(),
                )),
                source: Source::New,
                table_bytes: config_table_bytes(&choice),
                requires: technique(dimension, &choice).requires,
            }
        }
        #[cfg(feature = "peers")]
        PerftVariant::CozyChess => peers::COZY_CHESS_DESCRIPTOR,
        #[cfg(feature = "peers")]
        PerftVariant::Chess => peers::CHESS_DESCRIPTOR,
    }
}

fn descriptors() -> &'static [Descriptor] {
    static DESCRIPTORS: OnceLock<Vec<Descriptor>> = OnceLock::new();
    DESCRIPTORS.get_or_init(|| all_variants().iter().map(|&v| descriptor_of(v)).collect())
}

/// Hands the configuration to the harness's visitor as a [`Generator`] kernel.
struct AsKernel<V>(V);

impl<V: Visitor<PerftFamily>> ConfigVisitor for AsKernel<V> {
    type Output = V::Output;
    fn visit<C: Config>(self, config: C) -> V::Output {
        self.0.visit(Generator(config))
    }
}

/// Perft is the one family not declared with [`family!`](crate::framework::family::table::family!): its variants are not
/// a table of its own but generated, one per technique of the four families its generator
/// varies (`all_variants`), so adding a technique to `rook_attacks`, `in_between`,
/// `checkers_pins` or `knight_attacks` adds a configuration here without a line in this file.
/// `visit` matches the three kinds of variant, not the variants: a configuration goes to
/// [`configs::visit`], whose dispatch is those families' own tables'.
impl Family for PerftFamily {
    const NAME: &'static str = "perft";
    const SUMMARY: &'static str =
        "legal-move-tree leaves to a depth, bulk-counted at the last ply; time per node. Each \
         variant varies one technique of the default configuration \
         (slider=magic,between=rectangular,pins=snipers,knights=lookup)";
    type Input = PerftQuery;
    type Output = u64;
    type Variant = PerftVariant;

    fn variants() -> &'static [PerftVariant] {
        all_variants()
    }

    fn descriptor(variant: PerftVariant) -> &'static Descriptor {
        let index = all_variants()
            .iter()
            .position(|&v| v == variant)
            .expect("a registered variant");
        &descriptors()[index]
    }

    fn visit<V: Visitor<Self>>(
        variant: PerftVariant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported> {
        Self::runnable(variant, cpu)?;
        match variant {
            PerftVariant::Generator { choice, .. } => {
                configs::visit(choice, cpu, AsKernel(Erase(visitor))).map_err(|error| match error {
                    ConfigError::Unsupported { why, .. } => why,
                    other => unreachable!("a registered configuration: {other}"),
                })
            }
            #[cfg(feature = "peers")]
            PerftVariant::CozyChess => Ok(Erase(visitor).visit(peers::CozyChess::prepared())),
            #[cfg(feature = "peers")]
            PerftVariant::Chess => Ok(Erase(visitor).visit(peers::Chess::prepared())),
        }
    }

    #[cfg(feature = "bench")]
    fn reference(query: PerftQuery) -> u64 {
        query.nodes
    }

    #[inline(always)]
    fn echo(query: PerftQuery) -> u64 {
        query.depth as u64 ^ (query.case as u64) << 8
    }
}

/// The default configuration's name in the family: the first it is listed under.
pub fn default_name() -> &'static str {
    let default = all_variants()
        .iter()
        .find(|v| matches!(v, PerftVariant::Generator { choice, .. } if *choice == Choice::DEFAULT))
        .expect("the default is registered");
    PerftFamily::descriptor(*default).name
}

/// Every registered configuration once (the default under the first name it is listed by),
/// with its name, whether or not it runs here.
// Without the peers every variant is a configuration, so the `if let` below cannot fail.
#[cfg_attr(not(feature = "peers"), allow(irrefutable_let_patterns))]
pub fn configurations() -> Vec<(&'static str, PerftVariant)> {
    let mut seen: Vec<Choice> = Vec::new();
    let mut out = Vec::new();
    for &variant in PerftFamily::variants() {
        if let PerftVariant::Generator { choice, .. } = variant {
            if !seen.contains(&choice) {
                seen.push(choice);
                out.push((PerftFamily::descriptor(variant).name, variant));
            }
        }
    }
    out
}

/// One perft of `query` with `variant`, timed: the nodes and the seconds, or why the variant
/// cannot run here. The published table (`table::verify_table`) and `bitbench engine` take
/// one as an argument rather than match on the variant themselves: a non-generic function that
/// matches compiles every configuration's generator in its own crate, so the one counter is
/// compiled where the family's measuring loops are (`instances/perft`), and the library and
/// the harness build without a copy of the generator each.
pub type Counter = fn(PerftVariant, &Cpu, PerftQuery) -> Result<(u64, f64), Unsupported>;

/// What a [`Counter`] hands to [`PerftFamily::visit`]: perft of the query, timed, its input
/// opaque to the compiler.
#[derive(Clone, Copy, Debug)]
pub struct Timed(pub PerftQuery);

impl Visitor<PerftFamily> for Timed {
    type Output = (u64, f64);

    fn visit<K: Kernel<PerftFamily>>(self, kernel: K) -> (u64, f64) {
        let query = std::hint::black_box(self.0);
        let started = std::time::Instant::now();
        let nodes = kernel.query(query);
        (nodes, started.elapsed().as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_names_the_default_configuration() {
        let default = Choice::DEFAULT.to_string();
        assert!(
            PerftFamily::SUMMARY.contains(&format!("({default})")),
            "{default}"
        );
    }

    /// The generated list holds a configuration per technique and the peers (the registry's
    /// test holds every family, perft included, to its descriptors and dispatch).
    #[test]
    fn every_technique_is_a_configuration() {
        let variants = PerftFamily::variants();
        let names: Vec<&str> = variants
            .iter()
            .map(|&v| PerftFamily::descriptor(v).name)
            .collect();
        for expected in [
            "rook_attacks.magic",
            "rook_attacks.pext",
            "in_between.rectangular",
            "checkers_pins.dir_golem",
            "knight_attacks.lookup",
            #[cfg(feature = "peers")]
            "cozy_chess",
            #[cfg(feature = "peers")]
            "chess",
        ] {
            assert!(names.contains(&expected), "{expected}");
        }
        // Each dimension lists the default once.
        let defaults = variants
            .iter()
            .filter(|v| matches!(v, PerftVariant::Generator { choice, .. } if *choice == Choice::DEFAULT))
            .count();
        assert_eq!(defaults, 4);
    }

    /// Every variant against the known counts on every verification input (see `workloads`).
    #[test]
    fn every_variant_agrees_with_the_known_counts() {
        let ran = crate::bench::testing::all_variants_agree::<PerftFamily>();
        assert!(ran.len() >= 30, "{}", ran.len());
    }

    #[test]
    fn the_work_of_a_query_is_its_node_count() {
        let query = workloads::published_query(0, 3);
        assert_eq!(PerftFamily::work(&query), 8_902);
    }
}
