//! What the attacks-to family is verified and measured on.

use super::{AttacksToFamily, SquareQuery};
use crate::bench::corpus::default_corpus;
use crate::bench::corpus::random_position;
use crate::bench::edge_positions::edge_positions;
use crate::bench::inputs;
use crate::bench::{Bench, Draw, Shape};
use crate::board::position::Position;
use crate::board::square::Square;

/// Every square of every position, in order.
pub fn every_square(positions: &[Position]) -> Vec<SquareQuery> {
    positions
        .iter()
        .flat_map(|&position| Square::ALL.map(|square| SquareQuery::new(position, square)))
        .collect()
}

impl Bench for AttacksToFamily {
    fn shape() -> Shape {
        Shape::POSITIONS
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
                let position = *random_position(rng);
                SquareQuery::new(position, inputs::square(rng))
            },
        ),
        Draw::each(
            "king",
            "a random corpus position and its side to move's king: the checkers query",
            |rng| {
                let position = *random_position(rng);
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
