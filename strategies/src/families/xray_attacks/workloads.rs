//! What the x-ray family is verified and measured on.
//!
//! The headline distribution is `corpus`: the sliders of real positions
//! ([`crate::bench::corpus`]), each against the pieces of one colour, its own (discovered
//! attacks, batteries) or the opponent's (pins, skewers), as an engine asks.

use super::families::XrayFamily;
use super::{reference, XrayQuery};
use crate::bench::corpus::default_corpus;
use crate::bench::{Bench, Draw};
use crate::board::position::Piece;
use crate::board::position::{Colour, Position};
use crate::framework::family::pieces::{Line, LinePiece};
use crate::framework::family::Family;
use crate::{bench::inputs, board::bitboard::Bitboard, board::square::Square};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

/// Random occupancies verification draws for every square.
pub const RANDOM_BOARDS_PER_SQUARE: usize = 12_000;

impl<P: LinePiece> Bench for XrayFamily<P> {
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<XrayQuery>)> {
        let mut rng = inputs::rng(seed, XrayFamily::<P>::NAME);
        vec![
            (
                "every square: empty, full, own square, all but it; blockers none, all, the pieces, own square",
                edge_boards(),
            ),
            (
                "every square and line: every line of empty squares, pieces and blockers, the rest of the board empty",
                every_line::<P>(),
            ),
            (
                "every square: 12,000 random boards of mixed density, blockers random subsets, supersets, all",
                random_boards::<P>(&mut rng),
            ),
            (
                "the corpus: every slider of the kind against either colour, and against the pieces it attacks",
                corpus_with_attacked::<P>(),
            ),
        ]
    }

    /// `corpus` first: the headline, real positions.
    const DRAWS: &'static [Draw<XrayQuery>] = &[
        Draw::pool("corpus", "every slider of the piece's kind (queens too) in the position corpus, against its own pieces or the opponent's", corpus_queries::<P>),
        Draw::each(
            "sparse",
            "a random square among 8 to 12 pieces, each other piece a blocker with probability 1/2",
            |rng| random_query(rng, 8..=12),
        ),
        Draw::each(
            "dense",
            "a random square among 24 to 32 pieces, each other piece a blocker with probability 1/2",
            |rng| random_query(rng, 24..=32),
        ),
    ];

    /// `zero` goes into the occupancy: the chain runs through both lookups.
    #[inline(always)]
    fn mix(query: XrayQuery, zero: u64) -> XrayQuery {
        XrayQuery {
            occupied: Bitboard(query.occupied.0 ^ zero),
            ..query
        }
    }
}

/// The kinds of piece of a position that move like `P`: the rook or the bishop, and the queen.
fn movers<P: LinePiece>() -> [Piece; 2] {
    match P::LINE {
        Line::Rook => [Piece::Rook, Piece::Queen],
        Line::Bishop => [Piece::Bishop, Piece::Queen],
    }
}

/// `P`'s steps as (files, ranks): the first two on two different lines, the other two their
/// opposites.
fn steps<P: LinePiece>() -> [(i32, i32); 4] {
    match P::LINE {
        Line::Rook => reference::ROOK_STEPS,
        Line::Bishop => reference::BISHOP_STEPS,
    }
}

/// `P`'s plain attacks, by the position reference's ray walk (colour plays no part for a
/// slider).
fn attacks<P: LinePiece>(square: Square, occupied: Bitboard) -> Bitboard {
    let piece = match P::LINE {
        Line::Rook => Piece::Rook,
        Line::Bishop => Piece::Bishop,
    };
    crate::bench::reference::attacks_from(Colour::White, piece, square, occupied)
}

/// The sliders of one position that move like `P` (queens included), each against either
/// colour's pieces.
pub fn position_queries<P: LinePiece>(position: &Position) -> impl Iterator<Item = XrayQuery> + '_ {
    let occupied = position.occupied();
    Colour::ALL.into_iter().flat_map(move |colour| {
        let sliders =
            position.pieces(colour, movers::<P>()[0]) | position.pieces(colour, movers::<P>()[1]);
        sliders.into_iter().flat_map(move |square| {
            [colour, !colour]
                .map(|blockers| XrayQuery::new(square, occupied, position.colour(blockers)))
        })
    })
}

/// Every query of `P`'s `corpus` distribution, in corpus order; built once per family.
pub fn corpus_queries<P: LinePiece>() -> &'static [XrayQuery] {
    static ROOK: OnceLock<Vec<XrayQuery>> = OnceLock::new();
    static BISHOP: OnceLock<Vec<XrayQuery>> = OnceLock::new();
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

/// The corpus queries, and each again with only the blockers the slider attacks.
fn corpus_with_attacked<P: LinePiece>() -> Vec<XrayQuery> {
    corpus_queries::<P>()
        .iter()
        .flat_map(|&query| {
            let attacks = attacks::<P>(query.square, query.occupied);
            [
                query,
                XrayQuery {
                    blockers: query.blockers & attacks,
                    ..query
                },
            ]
        })
        .collect()
}

/// A random square among `pieces` pieces (the slider one of them), each other piece a
/// blocker with probability 1/2.
fn random_query(rng: &mut ChaCha8Rng, pieces: std::ops::RangeInclusive<u32>) -> XrayQuery {
    let square = inputs::square(rng);
    let count = rng.random_range(pieces);
    let occupied = inputs::fill_to(rng, Bitboard::from_square(square), count);
    let blockers = occupied & Bitboard(rng.random::<u64>()) & !Bitboard::from_square(square);
    XrayQuery::new(square, occupied, blockers)
}

/// Every square with the empty board, the full board, only the slider and all but the
/// slider; as blockers nothing, everything, the pieces, and the slider's own square.
fn edge_boards() -> Vec<XrayQuery> {
    let mut queries = Vec::new();
    for square in Square::ALL {
        let own = Bitboard::from_square(square);
        for occupied in [Bitboard::EMPTY, Bitboard::FULL, own, !own] {
            for blockers in [Bitboard::EMPTY, Bitboard::FULL, occupied, own] {
                queries.push(XrayQuery::new(square, occupied, blockers));
            }
        }
    }
    queries
}

/// For every square and every line of `P` through it (a rook's file and rank, a bishop's
/// diagonals), every way of making each other square of the line empty, a piece, or a piece
/// among the blockers (3^7 per rank or file), with the rest of the board empty.
fn every_line<P: LinePiece>() -> Vec<XrayQuery> {
    // The first two steps are on two lines; the other two are their opposites.
    let lines = [steps::<P>()[0], steps::<P>()[1]];
    let mut queries = Vec::new();
    for square in Square::ALL {
        for (files, ranks) in lines {
            let line: Vec<Square> = [(files, ranks), (-files, -ranks)]
                .into_iter()
                .flat_map(|(f, r)| (1..8).filter_map(move |k| square.offset(f * k, r * k)))
                .collect();
            for mut state in 0..3usize.pow(line.len() as u32) {
                let (mut occupied, mut blockers) = (Bitboard::EMPTY, Bitboard::EMPTY);
                for &target in &line {
                    let bit = Bitboard::from_square(target);
                    match state % 3 {
                        0 => {}
                        1 => occupied |= bit,
                        _ => {
                            occupied |= bit;
                            blockers |= bit;
                        }
                    }
                    state /= 3;
                }
                queries.push(XrayQuery::new(square, occupied, blockers));
            }
        }
    }
    queries
}

/// [`RANDOM_BOARDS_PER_SQUARE`] boards for every square: occupancies of six densities (1/8
/// to 7/8 of the squares, and 0 to 32 pieces), the slider's square set in every other one;
/// blockers cycling through a sparse and a dense subset of the pieces, a random set that
/// also holds empty squares, every piece, and the pieces the slider attacks.
fn random_boards<P: LinePiece>(rng: &mut ChaCha8Rng) -> Vec<XrayQuery> {
    let mut queries = Vec::with_capacity(64 * RANDOM_BOARDS_PER_SQUARE);
    for square in Square::ALL {
        let own = Bitboard::from_square(square);
        for i in 0..RANDOM_BOARDS_PER_SQUARE {
            let mut word = || Bitboard(rng.random::<u64>());
            let occupied = match i % 6 {
                0 => word() & word() & word(),
                1 => word() & word(),
                2 => word(),
                3 => word() | word(),
                4 => word() | word() | word(),
                _ => {
                    let count = rng.random_range(0..=32);
                    inputs::fill_to(rng, Bitboard::EMPTY, count)
                }
            };
            let occupied = if (i / 6) % 2 == 0 {
                occupied | own
            } else {
                occupied & !own
            };
            let mut word = || Bitboard(rng.random::<u64>());
            let blockers = match i % 5 {
                0 => occupied & word() & word(),
                1 => occupied & (word() | word()),
                2 => word(),
                3 => occupied,
                _ => occupied & attacks::<P>(square, occupied),
            };
            queries.push(XrayQuery::new(square, occupied, blockers));
        }
    }
    queries
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sliders::{Bishop, Rook};

    fn verification_covers_what_it_promises_for<P: LinePiece>(line_lengths: [u32; 2]) {
        let groups = XrayFamily::<P>::verification_inputs(inputs::DEFAULT_SEED);
        let sizes: Vec<usize> = groups.iter().map(|(_, inputs)| inputs.len()).collect();
        assert_eq!(sizes[0], 64 * 4 * 4);
        // Every square: 3^(other squares of the line) for each of its two lines.
        let lines: usize = Square::ALL
            .iter()
            .map(|&s| {
                let (f, r) = (s.file() as i32, s.rank() as i32);
                let [a, b] = if line_lengths == [8, 8] {
                    [8, 8]
                } else {
                    [8 - (f - r).abs(), 8 - (f + r - 7).abs()]
                };
                3usize.pow(a as u32 - 1) + 3usize.pow(b as u32 - 1)
            })
            .sum();
        assert_eq!(sizes[1], lines);
        assert_eq!(sizes[2], 64 * RANDOM_BOARDS_PER_SQUARE);
        assert_eq!(sizes[3], 2 * corpus_queries::<P>().len());
        assert!(sizes.iter().sum::<usize>() >= 1_000_000, "{sizes:?}");
        // The corpus: every slider of the kind, both colours, against both colours.
        let sliders: u32 = default_corpus()
            .iter()
            .map(|p| {
                let movers = |c| p.pieces(c, movers::<P>()[0]) | p.pieces(c, movers::<P>()[1]);
                movers(Colour::White).len() + movers(Colour::Black).len()
            })
            .sum();
        assert_eq!(corpus_queries::<P>().len(), 2 * sliders as usize);
    }

    #[test]
    fn verification_covers_what_it_promises() {
        verification_covers_what_it_promises_for::<Rook>([8, 8]);
        verification_covers_what_it_promises_for::<Bishop>([0, 0]);
    }

    #[test]
    fn distributions_keep_their_promises() {
        let mut rng = inputs::rng(1, "test");
        // The piece counts each distribution promises, in `DRAWS` order.
        let counts = [1..=32, 8..=12, 24..=32];
        for (draw, counts) in XrayFamily::<Rook>::DRAWS.iter().zip(counts) {
            let queries = draw.queries(&mut rng, 1000);
            for query in &queries.inputs {
                assert!(
                    query.occupied.contains(query.square),
                    "the slider stands there"
                );
                assert_eq!(query.blockers & !query.occupied, Bitboard::EMPTY);
                let pieces = query.occupied.len();
                assert!(counts.contains(&pieces), "{}", draw.distribution.name);
            }
        }
    }

    #[test]
    fn the_corpus_has_xrays() {
        // Real positions do have pins and batteries: a share of the queries see through.
        for (queries, name) in [
            (corpus_queries::<Rook>(), "rook"),
            (corpus_queries::<Bishop>(), "bishop"),
        ] {
            let steps = if name == "rook" {
                reference::ROOK_STEPS
            } else {
                reference::BISHOP_STEPS
            };
            let seeing = queries
                .iter()
                .filter(|q| !reference::walk(q.square, q.occupied, q.blockers, &steps).is_empty())
                .count();
            println!("{name}: {seeing} of {} queries see through", queries.len());
            assert!(
                seeing * 4 > queries.len(),
                "{name}: {seeing} of {}",
                queries.len()
            );
        }
    }
}
