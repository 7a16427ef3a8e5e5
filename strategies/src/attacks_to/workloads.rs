//! What the attacks-to family is verified and measured on.

use super::{AttacksToFamily, SquareQuery};
use crate::bench::{Bench, Draw, Shape};
use crate::inputs;
use crate::position::edge_positions::edge_positions;
use crate::position::{default_corpus, reference, Move, Position};
use crate::Square;
use rand::Rng;
use std::sync::OnceLock;

/// Every square of every position, in order.
pub fn every_square(positions: &[Position]) -> Vec<SquareQuery> {
    positions
        .iter()
        .flat_map(|&position| Square::ALL.map(|square| SquareQuery::new(position, square)))
        .collect()
}

/// A random position of the default corpus.
pub fn corpus_position(rng: &mut impl Rng) -> Position {
    let corpus = default_corpus();
    corpus[rng.random_range(0..corpus.len())]
}

/// The shape of the three families whose queries hold a whole position (80 bytes): a pool of
/// 4,096 queries, 320 KiB, where the default 16,384 (1.3 MiB) would make fetching the inputs
/// in random order (the harness shuffles them) a large part of every variant's time, and the
/// inputs would compete with the slider tables for the L2 cache. An engine asks about a
/// position that is already in L1.
pub const POSITION_SHAPE: Shape = Shape {
    pool: 4096,
    ..Shape::DEFAULT
};

/// The legal moves of every default-corpus position, in corpus order, generated once per
/// process (about 0.2 s): distributions that need legal moves draw from here, so that drawing
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

impl Bench for AttacksToFamily {
    fn shape() -> Shape {
        POSITION_SHAPE
    }

    fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<SquareQuery>)> {
        vec![
            (
                "every square of every corpus position",
                every_square(default_corpus()),
            ),
            (
                "every square of every edge-case position",
                every_square(&edge_positions()),
            ),
        ]
    }

    const DRAWS: &'static [Draw<SquareQuery>] = &[
        Draw::each(
            "corpus",
            "a random corpus position and a random square of it",
            |rng| {
                let position = corpus_position(rng);
                SquareQuery::new(position, inputs::square(rng))
            },
        ),
        Draw::each(
            "king",
            "a random corpus position and its side to move's king: the checkers query",
            |rng| {
                let position = corpus_position(rng);
                SquareQuery::new(position, position.king(position.side_to_move()))
            },
        ),
    ];

    #[inline(always)]
    fn mix(query: SquareQuery, zero: u64) -> SquareQuery {
        let square = Square::from_index_masked(query.square as u8 ^ zero as u8);
        SquareQuery::new(query.position, square)
    }
}
