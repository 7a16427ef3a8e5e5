//! What the search family is verified and measured on: the bench set, depths and table sizes.
//!
//! The bench set ([`bench()`]): the six positions of the chessprogramming wiki's "Perft
//! Results", then the standard-chess positions of Stockfish 15.1's `bench` that are not among
//! them (its 4th to 46th: middlegames, endgames with few pieces, a position with the
//! fifty-move count at 93; its 47th and 48th are Chess960). 49 positions.
//!
//! Verification ([`Bench::verification_inputs`]), cheapest first (the harness runs the first
//! inputs again in its short batches): the twelve bench positions whose depth-1 search is
//! smallest, at depth 1; then every bench position at the measured depth with the headline
//! table (16 MiB). The expected answer is the default configuration's: every configuration
//! must give the same node count, best move, score and principal variation. Deeper, and on
//! every table size, `bitbench search --bench --all` holds every configuration's whole bench
//! to the default's (`scripts/search-suite.sh`, in CI, at depth 4).
//!
//! Measured: each distribution is one table size ([`TABLE_SIZES`]: the cache-pressure axis),
//! and every pass searches the same positions, [`MEASURED`], to [`MEASURED_DEPTH`] (each
//! variant in its own order), so that a pass's time per node is the same statistic in every
//! round, in the plain loop of `bitbench crosscheck` and in any selection. A single bench
//! position drawn at random each pass made the pass's time per node depend on which position
//! was drawn far more than on the technique, and a selection that used the generator
//! otherwise drew other positions (docs/notebook.md, "Measurements behind the code"). The whole
//! bench set in every pass would take tens of times the family's share of the run. A query's
//! work is its node count, which the default configuration computes when the position is first
//! searched.

use super::family::{with_table, SearchAnswer, SearchFamily, SearchQuery};
use super::{configs, search};
use crate::bench::reference::PERFT_POSITIONS;
use crate::bench::{Bench, Draw, Queries, Shape};
use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
use crate::framework::family::Family;
use std::sync::{Mutex, OnceLock};

/// The standard-chess positions of Stockfish 15.1's `bench` after its first three (which are
/// the first three perft positions), as it prints them.
pub const STOCKFISH_BENCH: [&str; 43] = [
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "rq3rk1/ppp2ppp/1bnpN3/3N2B1/4P3/7P/PPPQ1PP1/2KR3R b - - 0 14",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4PpP1/1BNP4/PPP2P1P/3R1RK1 b - g3 0 14",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
    "r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18",
    "4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22",
    "3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1",
    "2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 4 3",
    "8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
    "7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
    "8/2p5/8/2kPKp1p/2p4P/2P5/3P4/8 w - - 0 1",
    "8/1p3pp1/7p/5P1P/2k3P1/8/2K2P2/8 w - - 0 1",
    "8/pp2r1k1/2p1p3/3pP2p/1P1P1P1P/P5KR/8/8 w - - 0 1",
    "8/3p4/p1bk3p/Pp6/1Kp1PpPp/2P2P1P/2P5/5B2 b - - 0 1",
    "5k2/7R/4P2p/5K2/p1r2P1p/8/8/8 b - - 0 1",
    "6k1/6p1/P6p/r1N5/5p2/7P/1b3PP1/4R1K1 w - - 0 1",
    "1r3k2/4q3/2Pp3b/3Bp3/2Q2p2/1p1P2P1/1P2KP2/3N4 w - - 0 1",
    "6k1/4pp1p/3p2p1/P1pPb3/R7/1r2P1PP/3B1P2/6K1 w - - 0 1",
    "8/3p3B/5p2/5P2/p7/PP5b/k7/6K1 w - - 0 1",
    "5rk1/q6p/2p3bR/1pPp1rP1/1P1Pp3/P3B1Q1/1K3P2/R7 w - - 93 90",
    "4rrk1/1p1nq3/p7/2p1P1pp/3P2bp/3Q1Bn1/PPPB4/1K2R1NR w - - 40 21",
    "r3k2r/3nnpbp/q2pp1p1/p7/Pp1PPPP1/4BNN1/1P5P/R2Q1RK1 w kq - 0 16",
    "3Qb1k1/1r2ppb1/pN1n2q1/Pp1Pp1Pr/4P2p/4BP2/4B1R1/1R5K b - - 11 40",
    "4k3/3q1r2/1N2r1b1/3ppN2/2nPP3/1B1R2n1/2R1Q3/3K4 w - - 5 1",
    "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
    "8/8/8/5N2/8/p7/8/2NK3k w - - 0 1",
    "8/3k4/8/8/8/4B3/4KB2/2B5 w - - 0 1",
    "8/8/1P6/5pr1/8/4R3/7k/2K5 w - - 0 1",
    "8/2p4P/8/kr6/6R1/8/8/1K6 w - - 0 1",
    "8/8/3P3k/8/1p6/8/1P6/1K3n2 b - - 0 1",
    "8/R7/2q5/8/6k1/8/1P5p/K6R w - - 0 124",
    "6k1/3b3r/1p1p4/p1n2p2/1PPNpP1q/P3Q1p1/1R1RB1P1/5K2 b - - 0 1",
    "r2r1n2/pp2bk2/2p1p2p/3q4/3PN1QP/2P3R1/P4PP1/5RK1 w - - 0 1",
    "8/8/8/8/8/6k1/6p1/6K1 w - - 0 1",
    "7k/7P/6K1/8/3B4/8/8/8 b - - 0 1",
];

/// The depth the family measures and verifies at.
pub const MEASURED_DEPTH: u8 = 3;
/// The transposition table sizes, in MiB, of the three distributions: the headline first.
pub const TABLE_SIZES: [u16; 3] = [16, 1, 256];

/// The bench set: the six perft positions, then [`STOCKFISH_BENCH`].
pub fn bench() -> &'static [Position] {
    static BENCH: OnceLock<Vec<Position>> = OnceLock::new();
    BENCH.get_or_init(|| {
        PERFT_POSITIONS
            .iter()
            .map(|p| p.fen)
            .chain(STOCKFISH_BENCH)
            .map(|fen| Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
            .collect()
    })
}

/// The default configuration's answer for bench position `case` at `depth` with a table of
/// `mib` MiB, computed once per process.
pub fn expected(case: usize, depth: u8, mib: u16) -> SearchAnswer {
    /// Answers by (case, depth, table MiB).
    type Known = Vec<((usize, u8, u16), SearchAnswer)>;
    static KNOWN: Mutex<Known> = Mutex::new(Vec::new());
    let key = (case, depth, mib);
    let known = |k: &Known| k.iter().find(|(k, _)| *k == key).map(|&(_, a)| a);
    if let Some(answer) = known(&KNOWN.lock().unwrap_or_else(|p| p.into_inner())) {
        return answer;
    }
    let answer = with_table(usize::from(mib), |table| {
        SearchAnswer::of(&search(
            configs::default_config(),
            &bench()[case],
            u32::from(depth),
            table,
        ))
    });
    KNOWN
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((key, answer));
    answer
}

/// Bench position `case` at `depth` with a table of `mib` MiB, and its expected answer.
pub fn query(case: usize, depth: u8, mib: u16) -> SearchQuery {
    SearchQuery {
        position: bench()[case],
        depth,
        table_mib: mib,
        case: case as u16,
        expected: expected(case, depth, mib),
    }
}

/// The bench positions every pass searches (their indices in [`bench()`]): the initial
/// position, a middlegame with queens, a late middlegame with rooks and minor pieces, and a
/// rook endgame. A `--quick` pass searches the first two.
pub const MEASURED: [usize; 4] = [0, 7, 17, 26];

/// `count` queries with a table of `mib` MiB: the [`MEASURED`] positions in turn, from the
/// first, at the measured depth. The same queries whatever the generator; the harness gives
/// each variant its own order of them.
fn measured(count: usize, mib: u16) -> Queries<SearchQuery> {
    Queries::plain(
        (0..count)
            .map(|i| query(MEASURED[i % MEASURED.len()], MEASURED_DEPTH, mib))
            .collect(),
    )
}

impl Bench for SearchFamily {
    /// The [`MEASURED`] positions per pass (two in `--quick`), throughput only, per node; a
    /// pass takes milliseconds, warmed by its own untimed passes, so no slice starts with an
    /// unkept round. Weight 7 a distribution: the run's minimum rounds of some eighty
    /// configurations take about that share of the default run, so that where the budget
    /// rather than the minimum sets the rounds, the search takes no more than its share
    /// (docs/notebook.md, "Measurements behind the code").
    fn shape() -> Shape {
        Shape {
            pool: MEASURED.len(),
            pool_bytes: usize::MAX,
            quick_pool: 2,
            latency: false,
            cache_pressure: false,
            weight: 7,
            unit: "node",
            warm_round: false,
        }
    }

    /// One copy of the loops: the search is called out of line, compiled for its own instructions.
    const LEVELS: bool = false;

    #[inline(always)]
    fn work(query: &SearchQuery) -> u64 {
        query.expected.nodes
    }

    /// The default configuration, once under each of the eight techniques it sets.
    fn same_code() -> Vec<super::family::SearchVariant> {
        SearchFamily::variants()
            .iter()
            .copied()
            .filter(|v| v.choice == configs::Choice::DEFAULT)
            .collect()
    }

    const VERIFICATION_LIMIT: Option<&'static str> = Some(
        "every bench position at depth 3 (the measured depth) with a 16 MiB table, against the \
         default configuration's node count, best move, score and principal variation; deeper \
         and with other tables, `bitbench search --bench --all --depth N --hash MIB`",
    );

    fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<SearchQuery>)> {
        let mut cheapest: Vec<SearchQuery> = (0..bench().len()).map(|i| query(i, 1, 1)).collect();
        cheapest.sort_by_key(|q| (q.expected.nodes, q.case));
        cheapest.truncate(12);
        let every = (0..bench().len())
            .map(|i| query(i, MEASURED_DEPTH, TABLE_SIZES[0]))
            .collect();
        vec![
            (
                "the twelve bench positions with the smallest depth-1 search",
                cheapest,
            ),
            ("every bench position at depth 3, a 16 MiB table", every),
        ]
    }

    const DRAWS: &'static [Draw<SearchQuery>] = &[
        Draw::all(
            "table_16mib",
            "four bench positions at depth 3, a 16 MiB transposition table",
            |_, count| measured(count, TABLE_SIZES[0]),
        ),
        Draw::all(
            "table_1mib",
            "four bench positions at depth 3, a 1 MiB transposition table",
            |_, count| measured(count, TABLE_SIZES[1]),
        ),
        Draw::all(
            "table_256mib",
            "four bench positions at depth 3, a 256 MiB transposition table",
            |_, count| measured(count, TABLE_SIZES[2]),
        ),
    ];

    /// Not measured in latency mode; the zero goes into the position and the case all the same.
    #[inline(always)]
    fn mix(mut query: SearchQuery, zero: u64) -> SearchQuery {
        query.position.colours[0] = Bitboard(query.position.colours[0].0 ^ zero);
        query.case ^= zero as u16;
        query
    }
}
