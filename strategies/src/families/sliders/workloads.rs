//! What the two slider families are verified and measured on: one generic [`Bench`] impl, the
//! piece choosing which relevant masks the exhaustive part enumerates.
//!
//! The headline distribution is `corpus`: the squares of the sliders of real positions
//! ([`crate::bench::corpus`]) with their positions' occupancies.

use super::families::SliderFamily;
use super::SliderQuery;
use crate::bench::corpus::default_corpus;
use crate::bench::{Bench, Draw};
use crate::board::geometry;
use crate::board::position::{Colour, Piece, Position};
use crate::framework::family::pieces::{Line, LinePiece};
use crate::framework::family::Family;
use crate::{bench::inputs, board::bitboard::Bitboard, board::square::Square};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

/// How many random occupancies verification draws for every square.
pub const RANDOM_OCCUPANCIES_PER_SQUARE: usize = 10_000;

/// The squares whose every relevant blocker subset verification checks: the four corners and
/// the four centre squares.
pub const EXHAUSTIVE_SQUARES: [Square; 8] = [
    Square::A1,
    Square::H1,
    Square::A8,
    Square::H8,
    Square::D4,
    Square::E4,
    Square::D5,
    Square::E5,
];

impl<P: LinePiece> Bench for SliderFamily<P> {
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<SliderQuery>)> {
        let mut rng = inputs::rng(seed, SliderFamily::<P>::NAME);
        vec![
            (
                "every square: empty, full, only the slider, all but the slider",
                edge_boards(),
            ),
            (
                "every square: 10,000 random occupancies of mixed density, slider in and out",
                random_boards(&mut rng),
            ),
            (
                "corners and centres: every subset of the relevant mask, alone, with the slider, with everything else",
                relevant_subsets(P::DIRECTIONS),
            ),
            (
                "the corpus: every slider of the piece's kind, queens too, with its position's occupancy",
                corpus_queries::<P>().to_vec(),
            ),
        ]
    }

    /// `corpus` first: the headline, real positions.
    const DRAWS: &'static [Draw<SliderQuery>] = &[
        Draw::pool("corpus", "the square of every rook and queen (rook_attacks) or bishop and queen (bishop_attacks) of both colours in the position corpus, with the position's occupancy", corpus_queries::<P>),
        Draw::each(
            "random_quarter",
            "a random square; each other square occupied with probability 1/4 (~16 pieces)",
            |rng| {
                let square = inputs::square(rng);
                SliderQuery::new(square, inputs::occupancy(rng) | Bitboard::from_square(square))
            },
        ),
        Draw::each(
            "sparse",
            "a random square among 8 to 12 pieces: an endgame",
            |rng| {
                let square = inputs::square(rng);
                let pieces = rng.random_range(8..=12);
                SliderQuery::new(square, pieces_around(rng, square, pieces))
            },
        ),
        Draw::each(
            "dense",
            "a random square among 24 to 32 pieces: an opening",
            |rng| {
                let square = inputs::square(rng);
                let pieces = rng.random_range(24..=32);
                SliderQuery::new(square, pieces_around(rng, square, pieces))
            },
        ),
    ];

    /// `zero` goes into the occupancy: the chain runs through the part of the work that
    /// depends on the pieces, as when a move changes the board and the slider stays put.
    #[inline(always)]
    fn mix(query: SliderQuery, zero: u64) -> SliderQuery {
        SliderQuery::new(query.square, Bitboard(query.occupied.0 ^ zero))
    }
}

/// The kinds of piece that move like `P`: the rook or the bishop, and the queen.
fn movers<P: LinePiece>() -> [Piece; 2] {
    if P::LINE == Line::Rook {
        [Piece::Rook, Piece::Queen]
    } else {
        [Piece::Bishop, Piece::Queen]
    }
}

/// The sliders of `position` that move like `P`, of both colours, with its occupancy.
pub fn position_queries<P: LinePiece>(position: &Position) -> impl Iterator<Item = SliderQuery> {
    let [piece, queen] = movers::<P>();
    let occupied = position.occupied();
    let sliders =
        Colour::ALL.map(|colour| position.pieces(colour, piece) | position.pieces(colour, queen));
    (sliders[0] | sliders[1])
        .into_iter()
        .map(move |square| SliderQuery::new(square, occupied))
}

/// Every query of `P`'s `corpus` distribution, in corpus order; built once per family.
pub fn corpus_queries<P: LinePiece>() -> &'static [SliderQuery] {
    static ROOK: OnceLock<Vec<SliderQuery>> = OnceLock::new();
    static BISHOP: OnceLock<Vec<SliderQuery>> = OnceLock::new();
    let built = if P::LINE == Line::Rook {
        &ROOK
    } else {
        &BISHOP
    };
    built.get_or_init(|| {
        default_corpus()
            .iter()
            .flat_map(position_queries::<P>)
            .collect()
    })
}

/// `count` pieces (at most 64), the slider on `square` one of them.
fn pieces_around(rng: &mut ChaCha8Rng, square: Square, count: u32) -> Bitboard {
    inputs::fill_to(rng, Bitboard::from_square(square), count)
}

/// Every square with the empty board, the full board, only the slider and all but the slider.
fn edge_boards() -> Vec<SliderQuery> {
    Square::ALL
        .into_iter()
        .flat_map(|square| {
            let own = Bitboard::from_square(square);
            [Bitboard::EMPTY, Bitboard::FULL, own, !own]
                .map(|occupied| SliderQuery::new(square, occupied))
        })
        .collect()
}

/// [`RANDOM_OCCUPANCIES_PER_SQUARE`] occupancies per square, cycling through six densities
/// (1/8, 1/4, 1/2, 3/4, 7/8, and an exact random count of 0 to 32 pieces), the slider's own
/// square set in every other one and clear in the rest.
fn random_boards(rng: &mut ChaCha8Rng) -> Vec<SliderQuery> {
    let mut queries = Vec::with_capacity(64 * RANDOM_OCCUPANCIES_PER_SQUARE);
    for square in Square::ALL {
        let own = Bitboard::from_square(square);
        for i in 0..RANDOM_OCCUPANCIES_PER_SQUARE {
            let mut word = || rng.random::<u64>();
            let occupied = match i % 6 {
                0 => Bitboard(word() & word() & word()),
                1 => Bitboard(word() & word()),
                2 => Bitboard(word()),
                3 => Bitboard(word() | word()),
                4 => Bitboard(word() | word() | word()),
                _ => {
                    let count = rng.random_range(0..=32);
                    pieces_around(rng, square, count.max(1))
                }
            };
            let occupied = if (i / 6) % 2 == 0 {
                occupied | own
            } else {
                occupied & !own
            };
            queries.push(SliderQuery::new(square, occupied));
        }
    }
    queries
}

/// For each of [`EXHAUSTIVE_SQUARES`], every subset of the piece's relevant mask (the rays
/// less their edge squares: 4096 subsets for a rook in a corner), three ways: alone, with the
/// slider's square, and with every square outside the mask occupied.
fn relevant_subsets(directions: [geometry::Direction; 4]) -> Vec<SliderQuery> {
    let mut queries = Vec::new();
    for square in EXHAUSTIVE_SQUARES {
        let mask = geometry::relevant(square as u32, directions);
        let own = Bitboard::from_square(square);
        let mut subset = 0u64;
        loop {
            for occupied in [
                Bitboard(subset),
                Bitboard(subset) | own,
                Bitboard(subset | !mask),
            ] {
                queries.push(SliderQuery::new(square, occupied));
            }
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
    }
    queries
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sliders::{Bishop, Rook};

    #[test]
    fn verification_covers_what_it_promises() {
        let groups = SliderFamily::<Rook>::verification_inputs(inputs::DEFAULT_SEED);
        let sizes: Vec<usize> = groups.iter().map(|(_, inputs)| inputs.len()).collect();
        assert_eq!(sizes[0], 64 * 4);
        assert_eq!(sizes[1], 64 * RANDOM_OCCUPANCIES_PER_SQUARE);
        // Rook: 12 relevant bits in each corner, 10 in each centre square.
        assert_eq!(sizes[2], 3 * (4 * 4096 + 4 * 1024));
        let bishop = SliderFamily::<Bishop>::verification_inputs(inputs::DEFAULT_SEED);
        // Bishop: 6 relevant bits in each corner, 9 in each centre square.
        assert_eq!(bishop[2].1.len(), 3 * (4 * 64 + 4 * 512));
        // The corpus: every rook and queen of both colours (bishop and queen).
        let count = |pieces: [Piece; 2]| -> usize {
            default_corpus()
                .iter()
                .map(|p| (p.kind(pieces[0]) | p.kind(pieces[1])).len() as usize)
                .sum()
        };
        assert_eq!(sizes[3], count([Piece::Rook, Piece::Queen]));
        assert_eq!(bishop[3].1.len(), count([Piece::Bishop, Piece::Queen]));
        let random = &groups[1].1;
        let with_own = random.iter().filter(|q| q.occupied.contains(q.square));
        let per_square = (0..RANDOM_OCCUPANCIES_PER_SQUARE)
            .filter(|i| (i / 6) % 2 == 0)
            .count();
        assert_eq!(with_own.count(), 64 * per_square);
    }

    #[test]
    fn distributions_have_the_promised_piece_counts() {
        let mut rng = inputs::rng(1, "test");
        // The piece counts each distribution promises, in `DRAWS` order.
        let counts = [3..=32, 1..=64, 8..=12, 24..=32];
        for (draw, counts) in SliderFamily::<Rook>::DRAWS.iter().zip(counts) {
            let queries = draw.queries(&mut rng, 1000);
            for query in &queries.inputs {
                assert!(
                    query.occupied.contains(query.square),
                    "the slider stands there"
                );
                let pieces = query.occupied.len();
                assert!(counts.contains(&pieces), "{}", draw.distribution.name);
            }
        }
    }
}
