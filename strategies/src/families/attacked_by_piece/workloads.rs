//! What the attacked-by-piece family is verified and measured on.

use super::{AttackedByPieceFamily, PieceQuery};
use crate::bench::corpus::default_corpus;
use crate::bench::corpus::{corpus_position_with_moves, random_position};
use crate::bench::edge_positions::edge_positions;
use crate::bench::inputs;
use crate::bench::reference;
use crate::bench::{Bench, Draw};
use crate::board::geometry::lines::between;
use crate::board::position::{Colour, Piece, Position};
use crate::{board::bitboard::Bitboard, board::square::Square};
use rand::Rng;

/// How many corpus boards (spread evenly over the corpus) every from/to/piece/colour is
/// verified on, besides the empty and the full board.
pub const CORPUS_BOARDS: usize = 6;

/// How many random queries of each density verification draws.
pub const RANDOM_PER_DENSITY: usize = 50_000;

/// Every from, to, piece and colour on each of `boards`.
fn every_query_on(boards: &[Bitboard]) -> Vec<PieceQuery> {
    let mut queries = Vec::with_capacity(boards.len() * 64 * 64 * 12);
    for &occupied in boards {
        for from in Square::ALL {
            for to in Square::ALL {
                for piece in Piece::ALL {
                    for colour in Colour::ALL {
                        queries.push(PieceQuery::new(from, to, piece, colour, occupied));
                    }
                }
            }
        }
    }
    queries
}

/// Every ordered pair on a common line with squares between, every subset of those squares
/// occupied, with `from` and `to` each in or out of the occupancy; rook, bishop and queen.
fn every_obstruction() -> Vec<PieceQuery> {
    let mut queries = Vec::new();
    for from in Square::ALL {
        for to in Square::ALL {
            let squares: Vec<Square> = between(from, to).into_iter().collect();
            for subset in 0..1u32 << squares.len() {
                let blockers: Bitboard = (0..squares.len())
                    .filter(|&i| subset >> i & 1 != 0)
                    .map(|i| squares[i])
                    .collect();
                for ends in 0..4 {
                    let mut occupied = blockers;
                    if ends & 1 != 0 {
                        occupied |= Bitboard::from_square(from);
                    }
                    if ends & 2 != 0 {
                        occupied |= Bitboard::from_square(to);
                    }
                    for piece in [Piece::Bishop, Piece::Rook, Piece::Queen] {
                        queries.push(PieceQuery::new(from, to, piece, Colour::White, occupied));
                    }
                }
            }
        }
    }
    queries
}

fn random_query(rng: &mut impl Rng, occupied: Bitboard) -> PieceQuery {
    PieceQuery::new(
        inputs::square(rng),
        inputs::square(rng),
        Piece::ALL[rng.random_range(0..6)],
        Colour::ALL[rng.random_range(0..2)],
        occupied,
    )
}

/// Every piece of every position towards every square, with the position's occupancy.
fn every_piece_to_every_square(positions: &[Position]) -> Vec<PieceQuery> {
    let mut queries = Vec::new();
    for position in positions {
        let occupied = position.occupied();
        for from in occupied {
            let (colour, piece) = position.piece_on(from).expect("an occupied square");
            for to in Square::ALL {
                queries.push(PieceQuery::new(from, to, piece, colour, occupied));
            }
        }
    }
    queries
}

/// A random piece of a random corpus position towards a random square.
fn corpus_query(rng: &mut impl Rng) -> PieceQuery {
    let position = *random_position(rng);
    let occupied = position.occupied();
    let pieces: Vec<Square> = occupied.into_iter().collect();
    let from = pieces[rng.random_range(0..pieces.len())];
    let (colour, piece) = position.piece_on(from).expect("an occupied square");
    PieceQuery::new(from, inputs::square(rng), piece, colour, occupied)
}

/// The direct-check test of a random legal move of a random corpus position.
fn direct_check_query(rng: &mut impl Rng) -> PieceQuery {
    let (position, moves) = corpus_position_with_moves(rng);
    let mv = moves[rng.random_range(0..moves.len())];
    let us = position.side_to_move();
    let (_, piece) = position
        .piece_on(mv.from)
        .expect("a move starts on a piece");
    let after = reference::make(&position, mv);
    let moved = mv.promotion.unwrap_or(piece);
    PieceQuery::new(mv.to, after.king(!us), moved, us, after.occupied())
}

impl Bench for AttackedByPieceFamily {
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<PieceQuery>)> {
        let corpus = default_corpus();
        let step = corpus.len() / CORPUS_BOARDS;
        let mut boards = vec![Bitboard::EMPTY, Bitboard::FULL];
        boards.extend((0..CORPUS_BOARDS).map(|i| corpus[i * step].occupied()));
        let mut rng = inputs::rng(seed, "verify/attacked_by_piece");
        let mut random = Vec::with_capacity(4 * RANDOM_PER_DENSITY);
        for density in 0..4 {
            for _ in 0..RANDOM_PER_DENSITY {
                // 1/8, 1/4, 1/2 and 3/4 of the squares occupied, on average.
                let words: [u64; 3] = rng.random();
                let occupied = match density {
                    0 => words[0] & words[1] & words[2],
                    1 => words[0] & words[1],
                    2 => words[0],
                    _ => words[0] | words[1],
                };
                random.push(random_query(&mut rng, Bitboard(occupied)));
            }
        }
        let corpus_pieces = (0..RANDOM_PER_DENSITY)
            .map(|_| corpus_query(&mut rng))
            .collect();
        vec![
            (
                "every from, to, piece and colour on the empty board, the full board and 6 corpus boards",
                every_query_on(&boards),
            ),
            (
                "rook, bishop and queen: every line pair, every subset of the squares between, ends in and out",
                every_obstruction(),
            ),
            ("random queries at four densities", random),
            ("random pieces of corpus positions", corpus_pieces),
            (
                "every piece of every edge-case position towards every square",
                every_piece_to_every_square(&edge_positions()),
            ),
        ]
    }

    const DRAWS: &'static [Draw<PieceQuery>] = &[
        Draw::each(
            "corpus",
            "a random piece of a corpus position, a random square, the position's occupancy",
            corpus_query,
        ),
        Draw::each(
            "direct_check",
            "a legal move of a corpus position: does the moved piece attack the enemy king?",
            direct_check_query,
        ),
        Draw::each(
            "random",
            "uniform squares, piece and colour; each square occupied with probability 1/4",
            |rng| {
                let occupied = inputs::occupancy(rng);
                random_query(rng, occupied)
            },
        ),
    ];

    #[inline(always)]
    fn mix(query: PieceQuery, zero: u64) -> PieceQuery {
        // Through the from-square as well as the occupancy: a variant that answers without
        // reading the occupancy (a piece that cannot reach along any line) must still wait
        // for the previous answer, or its latency chain breaks and it measures under the floor.
        PieceQuery {
            from: Square::from_index_masked(query.from as u8 ^ zero as u8),
            occupied: Bitboard(query.occupied.0 ^ zero),
            ..query
        }
    }
}
