//! What the attacked-by-side family is verified and measured on.

use super::{AttackedFamily, SideQuery};
use crate::bench::corpus::default_corpus;
use crate::bench::corpus::random_position;
use crate::bench::edge_positions::edge_positions;
use crate::bench::inputs;
use crate::bench::{Bench, Draw, Shape};
use crate::board::position::{Colour, Position};
use crate::board::square::Square;
use rand::Rng;

/// Every square of every position, by both sides, in order.
fn every_square_both_sides(positions: &[Position]) -> Vec<SideQuery> {
    let mut queries = Vec::with_capacity(positions.len() * 128);
    for &position in positions {
        for square in Square::ALL {
            for by in Colour::ALL {
                queries.push(SideQuery::new(position, square, by));
            }
        }
    }
    queries
}

impl Bench for AttackedFamily {
    fn shape() -> Shape {
        Shape::POSITIONS
    }

    fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<SideQuery>)> {
        vec![
            (
                "every square of every corpus position, by both sides",
                every_square_both_sides(default_corpus()),
            ),
            (
                "every square of every edge-case position, by both sides",
                every_square_both_sides(&edge_positions()),
            ),
        ]
    }

    const DRAWS: &'static [Draw<SideQuery>] = &[
        Draw::each(
            "corpus",
            "a random corpus position, a random square, a random side",
            |rng| {
                let position = *random_position(rng);
                let by = Colour::ALL[rng.random_range(0..2)];
                SideQuery::new(position, inputs::square(rng), by)
            },
        ),
        Draw::each(
            "king",
            "a random corpus position: is the side to move's king attacked (in check)?",
            |rng| {
                let position = *random_position(rng);
                let us = position.side_to_move();
                SideQuery::new(position, position.king(us), !us)
            },
        ),
    ];

    #[inline(always)]
    fn mix(query: SideQuery, zero: u64) -> SideQuery {
        let square = Square::from_index_masked(query.square as u8 ^ zero as u8);
        SideQuery::new(query.position, square, query.by)
    }
}
