//! What `queen_attacks` is verified and measured on.
//!
//! Verification: every input of both slider families (every square on the edge boards,
//! 10,000 random occupancies per square, every relevant subset of the rook's and of the
//! bishop's masks on the corners and centres, the corpus's sliders).
//!
//! The headline distribution `community` is the workload of Gigantua's Chess_Movegen
//! (`Get_MLU` in its `Main.cpp`, as its README and the talkchess thread describe it): an
//! occupancy `a & b` of two uniform random words (each square occupied with probability
//! 1/4), then 12 queries on it, each from a uniform random square (the slider's own square
//! may or may not be occupied). The harness measures it in throughput mode, as that benchmark
//! does (its queries are independent: their answers are XORed together).

use super::QueenAttacksFamily;
use crate::bench::{Bench, Draw, Queries, Shape};
use crate::families::sliders::{Bishop, Rook, SliderFamily, SliderQuery};
use crate::{bench::inputs, board::bitboard::Bitboard};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Queries per occupancy in the community benchmark.
pub const QUERIES_PER_OCCUPANCY: usize = 12;

/// `count` queries of the community workload: an occupancy `a & b` every 12 queries, a
/// uniform random square each.
pub fn community(rng: &mut ChaCha8Rng, count: usize) -> Queries<SliderQuery> {
    let mut queries = Vec::with_capacity(count);
    let mut occupied = Bitboard::EMPTY;
    for i in 0..count {
        if i % QUERIES_PER_OCCUPANCY == 0 {
            occupied = Bitboard(rng.random::<u64>() & rng.random::<u64>());
        }
        queries.push(SliderQuery::new(inputs::square(rng), occupied));
    }
    Queries::plain(queries)
}

impl Bench for QueenAttacksFamily {
    /// Throughput only, in queens: the community benchmark's mode and unit.
    fn shape() -> Shape {
        Shape {
            latency: false,
            unit: "queen",
            ..Shape::DEFAULT
        }
    }

    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<SliderQuery>)> {
        let rook = SliderFamily::<Rook>::verification_inputs(seed);
        let bishop = SliderFamily::<Bishop>::verification_inputs(seed);
        let label = |piece: &str, group: &str| -> &'static str {
            Box::leak(format!("{piece}_attacks' inputs: {group}").into_boxed_str())
        };
        rook.into_iter()
            .map(|(group, inputs)| (label("rook", group), inputs))
            .chain(
                bishop
                    .into_iter()
                    .map(|(group, inputs)| (label("bishop", group), inputs)),
            )
            .collect()
    }

    const DRAWS: &'static [Draw<SliderQuery>] = &[
        Draw::all(
            "community",
            "Chess_Movegen's workload: occupancy a & b of two uniform random words, 12 queries on each from uniform random squares",
            community,
        ),
        Draw::each(
            "random_quarter",
            "a random square; each other square occupied with probability 1/4 (~16 pieces), the slider's square occupied",
            |rng| {
                let square = inputs::square(rng);
                SliderQuery::new(square, inputs::occupancy(rng) | Bitboard::from_square(square))
            },
        ),
    ];

    /// As the slider families: `zero` goes into the occupancy.
    #[inline(always)]
    fn mix(query: SliderQuery, zero: u64) -> SliderQuery {
        SliderQuery::new(query.square, Bitboard(query.occupied.0 ^ zero))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::framework::family::Family;

    #[test]
    fn community_shares_each_occupancy_among_twelve_queries() {
        let mut rng = inputs::rng(1, QueenAttacksFamily::NAME);
        let queries = community(&mut rng, 1200).inputs;
        assert_eq!(queries.len(), 1200);
        for group in queries.chunks(QUERIES_PER_OCCUPANCY) {
            assert!(group.iter().all(|q| q.occupied == group[0].occupied));
        }
        // a & b: about 16 pieces on average.
        let pieces: u32 = queries.iter().map(|q| q.occupied.len()).sum();
        let mean = pieces as f64 / queries.len() as f64;
        assert!((14.0..18.0).contains(&mean), "{mean}");
    }

    #[test]
    fn verification_covers_both_pieces() {
        let groups = QueenAttacksFamily::verification_inputs(inputs::DEFAULT_SEED);
        assert_eq!(groups.len(), 8);
    }
}
