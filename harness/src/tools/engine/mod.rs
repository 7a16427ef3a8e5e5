//! `bitbench engine`: a UCI engine's perft beside our move generator's, on this CPU.
//!
//! The engine runs as a child process ([`uci`]); its perft is timed by wall clock from writing
//! `go perft N` to reading its `Nodes searched` line, so the figure includes the pipe and the
//! engine's own output, a negligible share at the depths used (millions of nodes). Our
//! configurations ([`ours`]: the default and the fastest known) run in this process, one
//! thread, on the same positions ([`cases`]). Every round visits every position, and at each
//! position the contenders run back to back in an order rotated from one position and round
//! to the next, so that a drift of the machine's speed touches them alike; each figure is the
//! median over the rounds. Every count, the engine's and ours, is checked against the
//! position's known count; a difference is a disagreement, reported with the position, both
//! counts and, where the engine printed its per-move counts, the moves whose counts differ.

pub mod cases;
pub mod ours;
pub mod uci;

use anyhow::{Context as _, Result};
use cases::{Case, Expected};
use ours::Ours;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;
use strategies::movegen::{self, configs};
use strategies::perft::PerftQuery;
use uci::{Engine, Failure, PerftAnswer};

/// The start position, which [`probe`] counts to depth 1.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// How long to wait for the engine.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// For the answer to `uci` or `isready`.
    pub command: Duration,
    /// Per node of a `go perft`, on top of `command`: 1 µs (1 M nodes/s).
    pub per_node: Duration,
}

impl Timeouts {
    /// The limit for a perft of `nodes` nodes.
    pub fn perft(&self, nodes: u64) -> Duration {
        self.command + Duration::from_secs_f64(self.per_node.as_secs_f64() * nodes as f64)
    }
}

/// Checks that the engine answers `go perft 1` on the start position with a count, within
/// the command timeout; returns the count (20 if it counts right).
pub fn probe(engine: &mut Engine, timeouts: &Timeouts) -> Result<u64, Failure> {
    match engine.perft(START, 1, timeouts.command, timeouts.command) {
        Ok(answer) => Ok(answer.nodes),
        Err(Failure::Timeout { seconds, .. }) => Err(Failure::NoPerft {
            why: format!(
                "no `Nodes searched` line within {seconds:.1} s of `go perft 1` on the start \
                 position (or it hangs)"
            ),
        }),
        Err(other) => Err(other),
    }
}

/// A count that differs from the known one.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    /// The index of the case.
    pub case: usize,
    /// `the engine`, `our default configuration (…)`.
    pub counter: String,
    pub counted: u64,
    /// Where the engine printed its per-move counts: the moves whose counts differ from our
    /// default configuration's (`e1g1: the engine 45, ours 44`).
    pub moves: Vec<String>,
}

/// What the comparison measured.
#[derive(Clone, Debug)]
pub struct Comparison {
    pub cases: Vec<Case>,
    pub ours: Vec<Ours>,
    /// `seconds[case][contender]`: one time per round; contender 0 is the engine, then ours
    /// in order.
    pub seconds: Vec<Vec<Vec<f64>>>,
    pub disagreements: Vec<Disagreement>,
}

/// How one of ours counts a query: the nodes and the seconds.
pub type OursCount<'a> = dyn Fn(&Ours, PerftQuery) -> Result<(u64, f64)> + 'a;

/// Runs the engine and `ours` on every case, `rounds` times, interleaved, ours counting each
/// query by `count` ([`Ours::count`] with the caller's [`Counter`](strategies::perft::Counter));
/// `progress` hears of each position as it starts.
pub fn compare(
    engine: &mut Engine,
    ours: Vec<Ours>,
    cases: Vec<Case>,
    count: &OursCount<'_>,
    rounds: usize,
    timeouts: &Timeouts,
    progress: &mut dyn FnMut(&str),
) -> Result<Comparison> {
    let contenders = 1 + ours.len();
    let mut seconds = vec![vec![Vec::with_capacity(rounds); contenders]; cases.len()];
    let mut disagreements: Vec<Disagreement> = Vec::new();
    for round in 0..rounds {
        for (i, case) in cases.iter().enumerate() {
            progress(&format!(
                "round {}/{rounds}: {}, depth {}",
                round + 1,
                case.name,
                case.depth
            ));
            for k in 0..contenders {
                let who = (k + round + i) % contenders;
                let (counted, time, moves) = if who == 0 {
                    let limit = timeouts.perft(case.nodes);
                    let answer = engine
                        .perft(&case.fen, case.depth, timeouts.command, limit)
                        .with_context(|| {
                            format!("counting {} to depth {}", case.name, case.depth)
                        })?;
                    let moves = differing_moves(case, &answer);
                    (answer.nodes, answer.seconds, moves)
                } else {
                    let query = PerftQuery {
                        position: case.position,
                        depth: case.depth,
                        nodes: case.nodes,
                        case: 0,
                    };
                    let (nodes, time) = count(&ours[who - 1], query)?;
                    (nodes, time, Vec::new())
                };
                seconds[i][who].push(time);
                let known = disagreements
                    .iter()
                    .any(|d| d.case == i && d.counter == counter(&ours, who));
                if counted != case.nodes && !known {
                    disagreements.push(Disagreement {
                        case: i,
                        counter: counter(&ours, who),
                        counted,
                        moves,
                    });
                }
            }
        }
    }
    Ok(Comparison {
        cases,
        ours,
        seconds,
        disagreements,
    })
}

/// `the engine`, or `our default configuration (rook_attacks.magic)`.
fn counter(ours: &[Ours], who: usize) -> String {
    match who {
        0 => "the engine".into(),
        _ => format!("our configuration {}", ours[who - 1].name),
    }
}

/// The root moves whose counts in the engine's divide differ from our default
/// configuration's, when the engine's total is wrong and it printed a divide.
fn differing_moves(case: &Case, answer: &PerftAnswer) -> Vec<String> {
    if answer.nodes == case.nodes || answer.divide.is_empty() || case.depth == 0 {
        return Vec::new();
    }
    let ours: BTreeMap<String, u64> =
        movegen::divide(configs::default_config(), &case.position, case.depth)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect();
    let theirs: BTreeMap<String, u64> = answer.divide.iter().cloned().collect();
    let mut moves: Vec<&String> = ours.keys().chain(theirs.keys()).collect();
    moves.sort();
    moves.dedup();
    let show = |n: Option<&u64>| n.map_or("no such move".to_string(), u64::to_string);
    moves
        .into_iter()
        .filter(|mv| ours.get(*mv) != theirs.get(*mv))
        .map(|mv| {
            format!(
                "{mv}: the engine {}, ours {}",
                show(theirs.get(mv)),
                show(ours.get(mv))
            )
        })
        .collect()
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// `119,060,324`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl Comparison {
    /// Million nodes per second of `contender` at case `i`, from its median time.
    pub fn rate(&self, i: usize, contender: usize) -> f64 {
        self.cases[i].nodes as f64 / median(&self.seconds[i][contender]) / 1e6
    }

    /// Million nodes per second of `contender` over every case: all the nodes over the sum of
    /// the median times.
    pub fn overall_rate(&self, contender: usize) -> f64 {
        let nodes: u64 = self.cases.iter().map(|c| c.nodes).sum();
        let time: f64 = (0..self.cases.len())
            .map(|i| median(&self.seconds[i][contender]))
            .sum();
        nodes as f64 / time / 1e6
    }

    /// The table: per position its depth, nodes, the engine's M nodes/s, ours, and how many
    /// times faster than the engine each of ours is; then a row over all positions.
    pub fn table(&self) -> String {
        let ours: Vec<&str> = self.ours.iter().map(|o| o.role).collect();
        let mut header = vec!["position".to_string(), "depth".into(), "nodes".into()];
        header.push("engine M nodes/s".into());
        header.extend(ours.iter().map(|r| format!("{r} M nodes/s")));
        header.extend(ours.iter().map(|r| format!("{r} ÷ engine")));
        let mut rows = vec![header];
        for (i, case) in self.cases.iter().enumerate() {
            let mark = match case.expected {
                Expected::Ours => "*",
                _ => "",
            };
            let wrong = self.disagreements.iter().any(|d| d.case == i);
            let mut row = vec![
                case.name.clone(),
                case.depth.to_string(),
                format!("{}{mark}", grouped(case.nodes)),
            ];
            self.figures(&mut row, |c| self.rate(i, c), |c| self.ratio(i, c));
            if wrong {
                row.push("counts differ".into());
            }
            rows.push(row);
        }
        let nodes: u64 = self.cases.iter().map(|c| c.nodes).sum();
        let mut all = vec!["all".to_string(), String::new(), grouped(nodes)];
        self.figures(
            &mut all,
            |c| self.overall_rate(c),
            |c| self.overall_ratio(c),
        );
        rows.push(all);
        align(&rows)
    }

    /// The engine's rate, each of ours, then each of ours over the engine's.
    fn figures(
        &self,
        row: &mut Vec<String>,
        rate: impl Fn(usize) -> f64,
        ratio: impl Fn(usize) -> f64,
    ) {
        for k in 0..=self.ours.len() {
            row.push(format!("{:.1}", rate(k)));
        }
        for k in 1..=self.ours.len() {
            row.push(format!("{:.2}×", ratio(k)));
        }
    }

    /// How many times faster than the engine `contender` is at case `i`: the median over the
    /// rounds of the engine's time over its time, each round's two run back to back.
    pub fn ratio(&self, i: usize, contender: usize) -> f64 {
        let per_round: Vec<f64> = self.seconds[i][0]
            .iter()
            .zip(&self.seconds[i][contender])
            .map(|(engine, ours)| engine / ours)
            .collect();
        median(&per_round)
    }

    /// [`Comparison::ratio`] over every case: per round, the engine's total time over the
    /// contender's.
    pub fn overall_ratio(&self, contender: usize) -> f64 {
        let rounds = self.seconds.first().map_or(0, |s| s[0].len());
        let total = |c: usize, r: usize| self.seconds.iter().map(|s| s[c][r]).sum::<f64>();
        let per_round: Vec<f64> = (0..rounds)
            .map(|r| total(0, r) / total(contender, r))
            .collect();
        median(&per_round)
    }

    /// The disagreements, each with its position and both counts.
    pub fn disagreements_text(&self) -> String {
        let mut out = String::new();
        for d in &self.disagreements {
            let case = &self.cases[d.case];
            let known = match case.expected {
                Expected::Published => "the published table",
                Expected::File => "the positions file",
                Expected::Ours => "our default configuration",
            };
            let _ = writeln!(
                out,
                "disagreement: {} at depth {} ({}): {known} says {}, {} counted {}",
                case.name, case.depth, case.fen, case.nodes, d.counter, d.counted
            );
            for line in d.moves.iter().take(12) {
                let _ = writeln!(out, "  {line}");
            }
            if d.moves.len() > 12 {
                let _ = writeln!(out, "  … and {} more moves", d.moves.len() - 12);
            }
        }
        out
    }
}

/// Columns padded to their widest cell: the first left-aligned, the rest right-aligned.
fn align(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width = |c: usize| {
        rows.iter()
            .filter_map(|r| r.get(c))
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..columns).map(width).collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                let pad = widths[c] - cell.chars().count();
                if c == 0 {
                    format!("{cell}{}", " ".repeat(pad))
                } else {
                    format!("{}{cell}", " ".repeat(pad))
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_digits_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(400), "400");
        assert_eq!(grouped(8_902), "8,902");
        assert_eq!(grouped(119_060_324), "119,060,324");
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
    }

    #[test]
    fn the_perft_limit_grows_with_the_nodes() {
        let t = Timeouts {
            command: Duration::from_secs(10),
            per_node: Duration::from_micros(1),
        };
        assert_eq!(t.perft(0), Duration::from_secs(10));
        assert_eq!(t.perft(5_000_000), Duration::from_secs(15));
    }
}
