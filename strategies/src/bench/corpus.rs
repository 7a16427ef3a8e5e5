//! The position corpus: the default input of every position-based family.
//!
//! Nobody picked these positions by hand; they are drawn from a seed (ChaCha8 through
//! [`crate::bench::inputs::rng`], one stream per root and source), so one seed means one corpus on
//! every platform. Two sources, from each of the six positions of the chessprogramming wiki's
//! "Perft Results" ([`PERFT_POSITIONS`]):
//!
//! 1. **Perft trees.** The root itself, and a uniform sample (reservoir sampling) of
//!    [`TREE_SAMPLE`] nodes of its legal-move tree at depths 1 to [`TREE_DEPTH`], kept in the
//!    order the tree walk met them.
//! 2. **Random playouts.** [`PLAYOUTS_PER_ROOT`] games of uniformly random legal moves, each of
//!    a random length of 1 to [`MAX_PLIES`] plies, ending early at checkmate, stalemate or a
//!    halfmove clock of 100; each position along the way is kept with probability
//!    1/[`KEEP_ONE_IN`], and the last one always (so mates and stalemates stay in).
//!
//! Positions are then deduplicated (ignoring the two move counters; the first occurrence
//! stays), tree positions first, roots in [`PERFT_POSITIONS`] order. Every position is legal
//! by construction: it is a root or reached from one by [`reference::make`] on a legal move.
//!
//! The corpus depends on the order of [`reference::legal_moves`]; a test pins a fingerprint of
//! the default corpus so that a change to it cannot pass unnoticed.

use super::reference::{self, PERFT_POSITIONS};
use crate::bench::inputs;
use crate::board::position::{Move, Position};
use core::fmt;
use rand::Rng;
use std::collections::HashSet;
use std::sync::OnceLock;

/// The seed of the default corpus: the suite's default input seed.
pub const DEFAULT_SEED: u64 = inputs::DEFAULT_SEED;
/// How deep the perft trees are walked.
pub const TREE_DEPTH: u32 = 3;
/// How many nodes are sampled from each perft tree (all of them if it has fewer).
pub const TREE_SAMPLE: usize = 1000;
/// How many random games are played from each root.
pub const PLAYOUTS_PER_ROOT: usize = 50;
/// The longest random game, in plies.
pub const MAX_PLIES: usize = 240;
/// Positions along a random game are kept with probability 1 / `KEEP_ONE_IN`.
pub const KEEP_ONE_IN: u32 = 4;

/// A built corpus: the positions, perft-tree positions first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Corpus {
    positions: Vec<Position>,
    from_perft_trees: usize,
}

impl Corpus {
    /// Builds the corpus of `seed` (see the [module documentation](self)).
    pub fn build(seed: u64) -> Corpus {
        let mut seen = HashSet::new();
        let mut positions = Vec::new();
        let mut add = |position: Position, positions: &mut Vec<Position>| {
            if seen.insert(without_counters(position)) {
                positions.push(position);
            }
        };
        for (index, root) in roots().iter().enumerate() {
            add(*root, &mut positions);
            let stream = format!("corpus/perft-tree/{index}");
            for position in sample_tree(root, &mut inputs::rng(seed, &stream)) {
                add(position, &mut positions);
            }
        }
        let from_perft_trees = positions.len();
        for (index, root) in roots().iter().enumerate() {
            let mut rng = inputs::rng(seed, &format!("corpus/playout/{index}"));
            for _ in 0..PLAYOUTS_PER_ROOT {
                for position in playout(root, &mut rng) {
                    add(position, &mut positions);
                }
            }
        }
        Corpus {
            positions,
            from_perft_trees,
        }
    }

    /// The default corpus ([`DEFAULT_SEED`]), built on first use and kept.
    pub fn cached_default() -> &'static Corpus {
        static DEFAULT: OnceLock<Corpus> = OnceLock::new();
        DEFAULT.get_or_init(|| Corpus::build(DEFAULT_SEED))
    }

    /// Every position, in the corpus's fixed order.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// How many positions came from the perft trees (the first ones).
    pub fn from_perft_trees(&self) -> usize {
        self.from_perft_trees
    }

    /// How many positions came from the random playouts (the rest).
    pub fn from_playouts(&self) -> usize {
        self.positions.len() - self.from_perft_trees
    }

    /// The statistics of the positions, with their origins.
    pub fn stats(&self) -> CorpusStats {
        CorpusStats {
            origins: Some(Origins {
                perft_trees: self.from_perft_trees(),
                playouts: self.from_playouts(),
            }),
            ..CorpusStats::of(&self.positions)
        }
    }

    /// The positions, leaving the origins behind.
    pub fn into_positions(self) -> Vec<Position> {
        self.positions
    }
}

/// The corpus of `seed`: [`Corpus::build`]'s positions.
pub fn corpus(seed: u64) -> Vec<Position> {
    Corpus::build(seed).into_positions()
}

/// A position of the default corpus, drawn uniformly by `rng`: how the position-based
/// families' `corpus` distributions draw their queries.
pub fn random_position(rng: &mut impl Rng) -> &'static Position {
    let corpus = default_corpus();
    &corpus[rng.random_range(0..corpus.len())]
}

/// The legal moves of every default-corpus position, in corpus order, generated once per
/// process: distributions that need legal moves draw from here, so that drawing
/// a set of queries stays cheap (the harness draws a fresh set every round, and times its
/// warm-up round, drawing included, to size its samples).
pub fn corpus_legal_moves() -> &'static [Vec<Move>] {
    static MOVES: OnceLock<Vec<Vec<Move>>> = OnceLock::new();
    MOVES.get_or_init(|| {
        default_corpus()
            .iter()
            .map(reference::legal_moves)
            .collect()
    })
}

/// A random position of the default corpus that has a legal move, with its legal moves.
pub fn corpus_position_with_moves(rng: &mut impl Rng) -> (Position, &'static [Move]) {
    let (corpus, moves) = (default_corpus(), corpus_legal_moves());
    loop {
        let i = rng.random_range(0..corpus.len());
        if !moves[i].is_empty() {
            return (corpus[i], &moves[i]);
        }
    }
}

/// The default corpus ([`DEFAULT_SEED`]), built once per process.
pub fn default_corpus() -> &'static [Position] {
    Corpus::cached_default().positions()
}

/// The six perft positions, parsed.
fn roots() -> Vec<Position> {
    PERFT_POSITIONS
        .iter()
        .map(|p| Position::from_fen(p.fen).expect("the perft positions are valid FEN"))
        .collect()
}

/// The identity of a position for deduplication: everything but the move counters.
fn without_counters(mut position: Position) -> Position {
    position.halfmove_clock = 0;
    position.fullmove_number = 1;
    position
}

/// A uniform sample of `TREE_SAMPLE` nodes of `root`'s tree at depths 1..=`TREE_DEPTH`, in
/// the order a depth-first walk (children in legal-move order) meets them.
fn sample_tree(root: &Position, rng: &mut impl Rng) -> Vec<Position> {
    // Reservoir sampling (Vitter's algorithm R) over the walk; each entry keeps its visit
    // number so that the sample can be put back in walk order.
    let mut reservoir: Vec<(u64, Position)> = Vec::with_capacity(TREE_SAMPLE);
    let mut visited = 0u64;
    let mut visit = |position: Position| {
        if reservoir.len() < TREE_SAMPLE {
            reservoir.push((visited, position));
        } else {
            let slot = rng.random_range(0..=visited);
            if slot < TREE_SAMPLE as u64 {
                reservoir[slot as usize] = (visited, position);
            }
        }
        visited += 1;
    };
    walk(root, TREE_DEPTH, &mut visit);
    reservoir.sort_by_key(|&(number, _)| number);
    reservoir
        .into_iter()
        .map(|(_, position)| position)
        .collect()
}

/// Calls `visit` on every node below `position` down to `depth` plies, depth first.
fn walk(position: &Position, depth: u32, visit: &mut impl FnMut(Position)) {
    if depth == 0 {
        return;
    }
    for mv in reference::legal_moves(position) {
        let child = reference::make(position, mv);
        visit(child);
        walk(&child, depth - 1, visit);
    }
}

/// One random game from `root`; returns the positions kept along the way.
fn playout(root: &Position, rng: &mut impl Rng) -> Vec<Position> {
    let plies = rng.random_range(1..=MAX_PLIES);
    let mut kept = Vec::new();
    let mut position = *root;
    for ply in 1..=plies {
        let moves = reference::legal_moves(&position);
        if moves.is_empty() {
            break;
        }
        position = reference::make(&position, moves[rng.random_range(0..moves.len())]);
        let last = ply == plies || position.halfmove_clock() >= 100;
        if rng.random_range(0..KEEP_ONE_IN) == 0 || last {
            kept.push(position);
        }
        if last {
            break;
        }
    }
    // A game that ended in mate or stalemate before its length keeps its final position.
    if kept.last() != Some(&position) && position != *root {
        kept.push(position);
    }
    kept
}

/// Where the positions of a corpus came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origins {
    pub perft_trees: usize,
    pub playouts: usize,
}

/// A summary of a set of positions. `Display` writes it as a few lines of text with a
/// histogram of the number of pieces on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusStats {
    /// Number of positions.
    pub count: usize,
    /// `by_piece_count[n]`: positions with `n` pieces on the board, kings included (2..=32).
    pub by_piece_count: [usize; 33],
    /// Positions whose side to move is in check.
    pub in_check: usize,
    /// Positions where the side to move has at least one piece pinned to its king.
    pub with_pin: usize,
    /// Positions with an en-passant square.
    pub with_en_passant: usize,
    /// Positions without a legal move (checkmate or stalemate).
    pub without_moves: usize,
    /// Where the positions came from, when known (a built [`Corpus`]).
    pub origins: Option<Origins>,
}

impl CorpusStats {
    /// The statistics of `positions` (origins unknown).
    pub fn of(positions: &[Position]) -> CorpusStats {
        let mut stats = CorpusStats {
            count: positions.len(),
            by_piece_count: [0; 33],
            in_check: 0,
            with_pin: 0,
            with_en_passant: 0,
            without_moves: 0,
            origins: None,
        };
        for position in positions {
            stats.by_piece_count[position.occupied().len() as usize] += 1;
            stats.in_check += !reference::checkers(position).is_empty() as usize;
            stats.with_pin += !reference::pinned(position).is_empty() as usize;
            stats.with_en_passant += position.en_passant().is_some() as usize;
            stats.without_moves += reference::legal_moves(position).is_empty() as usize;
        }
        stats
    }

    fn percent(&self, part: usize) -> f64 {
        100.0 * part as f64 / self.count.max(1) as f64
    }
}

impl fmt::Display for CorpusStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} positions", self.count)?;
        if let Some(origins) = self.origins {
            writeln!(
                f,
                "  from perft trees: {}, from random playouts: {}",
                origins.perft_trees, origins.playouts
            )?;
        }
        for (label, part) in [
            ("in check", self.in_check),
            ("with a pinned piece (side to move)", self.with_pin),
            ("with an en-passant square", self.with_en_passant),
            (
                "without legal moves (mate or stalemate)",
                self.without_moves,
            ),
        ] {
            writeln!(f, "  {:5.1}% {label} ({part})", self.percent(part))?;
        }
        writeln!(f, "  pieces on the board:")?;
        let widest = self
            .by_piece_count
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .max(1);
        for pieces in (2..=32).rev() {
            let count = self.by_piece_count[pieces];
            let bar = "#".repeat((count * 40).div_ceil(widest));
            writeln!(f, "  {pieces:>4} {count:>6} {bar}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
