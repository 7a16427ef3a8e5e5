//! What the perft family is verified and measured on.
//!
//! The positions ([`positions`]): the six positions of the chessprogramming wiki's "Perft
//! Results" ([`PUBLISHED`], with their published counts), then every position of the default
//! corpus. A query names its position by index, so that the peers find the board they
//! prepared for it.
//!
//! Verification ([`Bench::verification_inputs`]), cheapest first (the harness runs the first
//! inputs again in its short batches):
//! 1. every corpus position at depth 1, counted by the reference's legal moves;
//! 2. every fourth corpus position at depth 2, counted by the reference's perft;
//! 3. the six published positions at depths 1 to 3, and at depth 4 the initial position,
//!    position 3 and position 4: 1.0 M nodes in all, against the published counts.
//!
//! `cargo test` runs every configuration to depth 4 of all six (`movegen` tests), and
//! `bitbench perft --verify-table` the full table ([`super::table`]).
//!
//! Measured: `published`, the six published positions at the depth that makes each 62 k to
//! 675 k nodes ([`MEASURED_DEPTHS`]), each twice per pass of twelve queries; `corpus`, twelve
//! corpus positions at depth 3, whose counts the default configuration computes when they are
//! drawn (it is verified above and in the tests; the count only sets the query's work).

use super::{PerftFamily, PerftQuery, PerftVariant};
use crate::bench::corpus::default_corpus;
use crate::bench::reference;
use crate::bench::{Bench, Draw, Queries, Shape};
use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
use crate::families::movegen;
use crate::families::movegen::configs::Choice;
use crate::framework::family::Family;
use rand::Rng;
use std::sync::OnceLock;

/// A position of the wiki's "Perft Results" with its published counts.
#[derive(Clone, Copy, Debug)]
pub struct Published {
    pub name: &'static str,
    pub fen: &'static str,
    /// `counts[d - 1]`: the published count at depth `d`.
    pub counts: &'static [u64],
}

/// The six positions of the chessprogramming wiki's "Perft Results", with the published counts
/// to the depths the table verification reaches (and the FENs of
/// [`reference::PERFT_POSITIONS`]).
pub const PUBLISHED: [Published; 6] = [
    Published {
        name: "initial position",
        fen: reference::PERFT_POSITIONS[0].fen,
        counts: &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    },
    Published {
        name: "Kiwipete (position 2)",
        fen: reference::PERFT_POSITIONS[1].fen,
        counts: &[48, 2_039, 97_862, 4_085_603, 193_690_690],
    },
    Published {
        name: "position 3",
        fen: reference::PERFT_POSITIONS[2].fen,
        counts: &[14, 191, 2_812, 43_238, 674_624, 11_030_083],
    },
    Published {
        name: "position 4",
        fen: reference::PERFT_POSITIONS[3].fen,
        counts: &[6, 264, 9_467, 422_333, 15_833_292],
    },
    Published {
        name: "position 5",
        fen: reference::PERFT_POSITIONS[4].fen,
        counts: &[44, 1_486, 62_379, 2_103_487, 89_941_194],
    },
    Published {
        name: "position 6",
        fen: reference::PERFT_POSITIONS[5].fen,
        counts: &[46, 2_079, 89_890, 3_894_594, 164_075_551],
    },
];

/// The depth each published position is measured at: 197 k, 98 k, 675 k, 422 k, 62 k and
/// 90 k nodes.
pub const MEASURED_DEPTHS: [u32; 6] = [4, 3, 5, 4, 3, 3];

/// The depth of the `corpus` distribution.
pub const CORPUS_DEPTH: u32 = 3;

/// The published positions, then every corpus position: what a query's `case` indexes.
pub fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        PUBLISHED
            .iter()
            .map(|p| Position::from_fen(p.fen).expect("the published FENs parse"))
            .chain(default_corpus().iter().copied())
            .collect()
    })
}

/// Published position `index` (0..6) at `depth`, with its published count.
pub fn published_query(index: usize, depth: u32) -> PerftQuery {
    PerftQuery {
        position: positions()[index],
        depth,
        nodes: PUBLISHED[index].counts[depth as usize - 1],
        case: index as u32,
    }
}

/// Corpus position `index` at `depth`, with `nodes` its count.
fn corpus_query(index: usize, depth: u32, nodes: u64) -> PerftQuery {
    let case = PUBLISHED.len() + index;
    PerftQuery {
        position: positions()[case],
        depth,
        nodes,
        case: case as u32,
    }
}

/// The verification inputs from the corpus, counted by the reference once per process.
fn corpus_checks() -> &'static [(&'static str, Vec<PerftQuery>)] {
    static CHECKS: OnceLock<Vec<(&'static str, Vec<PerftQuery>)>> = OnceLock::new();
    CHECKS.get_or_init(|| {
        let corpus = default_corpus();
        let depth_1 = corpus
            .iter()
            .enumerate()
            .map(|(i, p)| corpus_query(i, 1, reference::legal_moves(p).len() as u64))
            .collect();
        let depth_2 = corpus
            .iter()
            .enumerate()
            .step_by(4)
            .map(|(i, p)| corpus_query(i, 2, reference::perft(p, 2)))
            .collect();
        vec![
            (
                "every corpus position at depth 1 (the reference's legal moves)",
                depth_1,
            ),
            (
                "every fourth corpus position at depth 2 (the reference's perft)",
                depth_2,
            ),
        ]
    })
}

impl Bench for PerftFamily {
    /// Twelve queries per pass (four in `--quick`), throughput only, per node. Weight 8:
    /// about 12 s of the default run's 80, a share sized to what its minimum rounds of some 45
    /// variants take (docs/notebook.md, "Measurements behind the code").
    fn shape() -> Shape {
        Shape {
            pool: 12,
            quick_pool: 4,
            latency: false,
            cache_pressure: false,
            weight: 8,
            unit: "node",
            ..Shape::DEFAULT
        }
    }

    /// One copy of the loops: its recursion is called out of line, compiled for its own instructions.
    const LEVELS: bool = false;

    #[inline(always)]
    fn work(query: &PerftQuery) -> u64 {
        query.nodes
    }

    /// The default configuration, once under each of the four techniques it sets.
    fn same_code() -> Vec<PerftVariant> {
        PerftFamily::variants()
            .iter()
            .copied()
            .filter(|v| matches!(v, PerftVariant::Generator { choice, .. } if *choice == Choice::DEFAULT))
            .collect()
    }

    const VERIFICATION_LIMIT: Option<&'static str> = Some(
        "the six published positions at depths 1-3, three of them at depth 4, every corpus \
         position at depth 1 and a quarter of them at depth 2 (the reference's counts); the whole published table (depths 5 and 6) is `bitbench perft \
         --verify-table`, about 25 s on two cores",
    );

    fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<PerftQuery>)> {
        let mut groups = corpus_checks().to_vec();
        let mut published: Vec<PerftQuery> = (1..=3)
            .flat_map(|depth| (0..PUBLISHED.len()).map(move |i| published_query(i, depth)))
            .collect();
        published.extend([0, 2, 3].map(|i| published_query(i, 4)));
        groups.push((
            "the six published positions at depths 1-3; the initial position, positions 3 and 4 at depth 4",
            published,
        ));
        groups
    }

    const DRAWS: &'static [Draw<PerftQuery>] = &[
        Draw::all(
            "published",
            "the six published perft positions, 62 k to 675 k nodes each",
            |rng, count| {
                // Each position equally often, from a random first one.
                let first = rng.random_range(0..PUBLISHED.len());
                Queries::plain(
                    (0..count)
                        .map(|i| {
                            let index = (first + i) % PUBLISHED.len();
                            published_query(index, MEASURED_DEPTHS[index])
                        })
                        .collect(),
                )
            },
        ),
        Draw::each("corpus", "corpus positions at depth 3", |rng| {
            let corpus = default_corpus();
            let index = rng.random_range(0..corpus.len());
            let nodes = movegen::perft(
                movegen::configs::default_config(),
                &corpus[index],
                CORPUS_DEPTH,
            );
            corpus_query(index, CORPUS_DEPTH, nodes)
        }),
    ];

    /// Not measured in latency mode; the zero goes into the position and the case all the same.
    #[inline(always)]
    fn mix(mut query: PerftQuery, zero: u64) -> PerftQuery {
        query.position.colours[0] = Bitboard(query.position.colours[0].0 ^ zero);
        query.case ^= zero as u32;
        query
    }
}
