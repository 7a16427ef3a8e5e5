//! What `bitbench engine` counts: positions, each at one depth with the count it must reach.
//!
//! By default the six positions of the published perft table
//! ([`strategies::perft::workloads::PUBLISHED`]); with `--positions FILE`, the positions of a
//! file in the common perft-suite form, one a line:
//!
//! ```text
//! # a comment
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
//! 8/8/8/8/8/8/8/K6k w - - 0 1
//! ```
//!
//! A FEN (four or six fields), then any number of `;D<depth> <count>` entries.
//!
//! The depth of a position is `--depth N` where given; otherwise the deepest depth whose known
//! count is at most the budget ([`QUICK_NODES`] with `--quick`, [`FULL_NODES`] without), or
//! its shallowest known depth if every count is larger. A count that the table or the file
//! does not give is counted by our default configuration (which agrees with the published
//! table: `bitbench perft --verify-table`), and the output says so.

use anyhow::{bail, Context as _, Result};
use std::path::Path;
use strategies::movegen;
use strategies::perft::workloads::PUBLISHED;
use strategies::position::Position;

/// With `--quick`: the deepest depth of at most this many nodes (the six published positions
/// to 16 M nodes in all).
pub const QUICK_NODES: u64 = 5_000_000;
/// Without `--quick`: the deepest depth of at most this many nodes (the published table's
/// depths: 594 M nodes in all).
pub const FULL_NODES: u64 = 200_000_000;

/// Where a position's expected count comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The published perft table.
    Published,
    /// The positions file.
    File,
    /// Neither gives it: our default configuration counted it.
    Ours,
}

/// One position at one depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// `Kiwipete (position 2)`, or `FILE:LINE`.
    pub name: String,
    /// The FEN sent to the engine, as given.
    pub fen: String,
    pub position: Position,
    pub depth: u32,
    /// The count it must reach.
    pub nodes: u64,
    pub expected: Expected,
}

/// A position with the counts known for it, `(depth, nodes)` in increasing depth.
struct Known {
    name: String,
    fen: String,
    position: Position,
    counts: Vec<(u32, u64)>,
    source: Expected,
}

/// The cases: the published positions, or those of `file`; at `depth`, or by the budget.
pub fn cases(file: Option<&Path>, depth: Option<u32>, quick: bool) -> Result<Vec<Case>> {
    let known = match file {
        Some(path) => read_file(path)?,
        None => published(),
    };
    let budget = if quick { QUICK_NODES } else { FULL_NODES };
    known
        .into_iter()
        .map(|k| {
            let depth = match depth {
                Some(d) => d,
                None => by_budget(&k.counts, budget).with_context(|| {
                    format!(
                        "{}: no `;D<depth> <count>` entries, so no depth to count it to; \
                         give the counts or --depth N",
                        k.name
                    )
                })?,
            };
            let listed = k.counts.iter().find(|&&(d, _)| d == depth);
            let (nodes, expected) = match listed {
                Some(&(_, nodes)) => (nodes, k.source),
                None => (movegen::perft_default(&k.position, depth), Expected::Ours),
            };
            Ok(Case {
                name: k.name,
                fen: k.fen,
                position: k.position,
                depth,
                nodes,
                expected,
            })
        })
        .collect()
}

/// The deepest depth of at most `budget` nodes, or the shallowest known.
fn by_budget(counts: &[(u32, u64)], budget: u64) -> Option<u32> {
    let within = counts
        .iter()
        .filter(|&&(_, n)| n <= budget)
        .map(|&(d, _)| d);
    within
        .max()
        .or_else(|| counts.iter().map(|&(d, _)| d).min())
}

fn published() -> Vec<Known> {
    PUBLISHED
        .iter()
        .map(|p| Known {
            name: p.name.to_string(),
            fen: p.fen.to_string(),
            position: Position::from_fen(p.fen).expect("the published FENs parse"),
            counts: (1..).zip(p.counts.iter().copied()).collect(),
            source: Expected::Published,
        })
        .collect()
}

/// The positions of a perft-suite file.
fn read_file(path: &Path) -> Result<Vec<Known>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the positions file {}", path.display()))?;
    let mut known = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name = format!("{}:{}", path.display(), i + 1);
        known.push(parse_line(line).with_context(|| format!("{name}: {line}"))?);
        known.last_mut().expect("just pushed").name = name;
    }
    if known.is_empty() {
        bail!("{}: no positions in it", path.display());
    }
    Ok(known)
}

/// `FEN ;D1 20 ;D2 400`.
fn parse_line(line: &str) -> Result<Known> {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim().to_string();
    let position = Position::from_fen(&fen).map_err(|e| anyhow::anyhow!("bad FEN: {e}"))?;
    let mut counts: Vec<(u32, u64)> = Vec::new();
    for entry in parts.map(str::trim).filter(|e| !e.is_empty()) {
        let parsed = entry
            .strip_prefix(['D', 'd'])
            .and_then(|rest| rest.split_once(char::is_whitespace))
            .and_then(|(d, n)| Some((d.parse::<u32>().ok()?, n.trim().parse::<u64>().ok()?)));
        let Some((depth, nodes)) = parsed.filter(|&(d, _)| (1..=20).contains(&d)) else {
            bail!("`;{entry}` is not a `;D<depth> <count>` entry (depth 1 to 20)");
        };
        if counts.iter().any(|&(d, _)| d == depth) {
            bail!("depth {depth} is given twice");
        }
        counts.push((depth, nodes));
    }
    counts.sort_unstable();
    Ok(Known {
        name: String::new(),
        fen,
        position,
        counts,
        source: Expected::File,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budgets_give_the_published_depths() {
        let depths = |quick| -> Vec<u32> {
            cases(None, None, quick)
                .unwrap()
                .iter()
                .map(|c| c.depth)
                .collect()
        };
        assert_eq!(
            depths(false),
            strategies::perft::table::TABLE_DEPTHS.to_vec()
        );
        assert_eq!(depths(true), vec![5, 4, 5, 4, 4, 4]);
    }

    #[test]
    fn counts_the_file_does_not_give_are_counted_by_ours() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("suite.epd");
        let lines = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n8/8/8/8/8/8/8/K6k w - - 0 1\n";
        std::fs::write(&file, lines).unwrap();
        let cases = cases(Some(&file), Some(2), false).unwrap();
        assert_eq!((cases[0].nodes, cases[0].expected), (66, Expected::File));
        assert_eq!((cases[1].nodes, cases[1].expected), (9, Expected::Ours));
        assert!(cases[1].name.ends_with("suite.epd:2"));
        let error = super::cases(Some(&file), None, false).unwrap_err();
        assert!(format!("{error:#}").contains("suite.epd:2: no `;D<depth> <count>` entries"));
    }

    #[test]
    fn file_lines_parse_and_bad_ones_are_named() {
        let known = parse_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9").unwrap();
        assert_eq!(known.counts, vec![(1, 3), (2, 9)]);
        for bad in [
            "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 x",
            "8/8/8/8/8/8/8/K6k w - - 0 1 ;E1 3",
            "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D1 3",
            "not a fen ;D1 3",
        ] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
    }
}
