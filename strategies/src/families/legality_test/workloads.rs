//! What the legality-test family is verified and measured on.

use super::{LegalityTestFamily, MoveQuery};
use crate::bench::corpus::default_corpus;
use crate::bench::corpus::{corpus_position_with_moves, random_position};
use crate::bench::edge_positions::edge_positions;
use crate::bench::inputs;
use crate::bench::reference;
use crate::bench::{Bench, Draw, Shape};
use crate::board::position::{Move, Piece, Position};
use crate::board::square::Square;
use rand::Rng;
use std::sync::OnceLock;

/// Every how many corpus positions verification tries every move of every own piece to every
/// square.
pub const EVERY_TARGET_STRIDE: usize = 64;

/// How many random moves verification tries in every corpus position.
pub const RANDOM_MOVES_PER_POSITION: usize = 8;

/// The promotions tried: none, the four real ones, and two that are never allowed.
const PROMOTIONS: [Option<Piece>; 7] = [
    None,
    Some(Piece::Knight),
    Some(Piece::Bishop),
    Some(Piece::Rook),
    Some(Piece::Queen),
    Some(Piece::King),
    Some(Piece::Pawn),
];

/// Every pseudo-legal move of every position (each is true; some leave the king attacked).
fn every_pseudo_legal_move(positions: &[Position]) -> Vec<MoveQuery> {
    positions
        .iter()
        .flat_map(|&position| {
            let moves = reference::pseudo_legal_moves(&position);
            moves
                .into_iter()
                .map(move |mv| MoveQuery::new(position, mv))
        })
        .collect()
}

/// In every position, the legal moves of the next one (of the previous one for the last).
fn moves_of_neighbours(positions: &[Position]) -> Vec<MoveQuery> {
    let mut queries = Vec::new();
    for (i, &position) in positions.iter().enumerate() {
        let neighbour = positions[if i + 1 < positions.len() {
            i + 1
        } else {
            i.saturating_sub(1)
        }];
        for mv in reference::legal_moves(&neighbour) {
            queries.push(MoveQuery::new(position, mv));
        }
    }
    queries
}

/// In each position, every own piece to every square; a pawn also with every promotion.
fn every_target(positions: &[Position]) -> Vec<MoveQuery> {
    let mut queries = Vec::new();
    for &position in positions {
        let us = position.side_to_move();
        for from in position.colour(us) {
            let promotions = match position.pieces(us, Piece::Pawn).contains(from) {
                true => &PROMOTIONS[..],
                false => &PROMOTIONS[..1],
            };
            for to in Square::ALL {
                for &promotion in promotions {
                    queries.push(MoveQuery::new(
                        position,
                        Move {
                            from,
                            to,
                            promotion,
                        },
                    ));
                }
            }
        }
    }
    queries
}

/// A move with uniformly random squares and, one time in four, a random promotion.
fn random_move(rng: &mut impl Rng) -> Move {
    let (from, to) = (inputs::square(rng), inputs::square(rng));
    let promotion = match rng.random_range(0..4) {
        0 => PROMOTIONS[rng.random_range(0..PROMOTIONS.len())],
        _ => None,
    };
    Move {
        from,
        to,
        promotion,
    }
}

/// How many killer-move queries the `corpus` distribution draws from.
pub const KILLER_POOL: usize = 1 << 16;

/// A killer move: from a random corpus position, two different children; a random legal move
/// of the second, to be tested in the first.
fn killer_query(rng: &mut impl Rng) -> MoveQuery {
    loop {
        let (parent, moves) = corpus_position_with_moves(rng);
        if moves.len() < 2 {
            continue;
        }
        let first = rng.random_range(0..moves.len());
        let second = (first + rng.random_range(1..moves.len())) % moves.len();
        let child = reference::make(&parent, moves[first]);
        let sibling = reference::make(&parent, moves[second]);
        let killers = reference::legal_moves(&sibling);
        if killers.is_empty() {
            continue;
        }
        return MoveQuery::new(child, killers[rng.random_range(0..killers.len())]);
    }
}

/// [`KILLER_POOL`] killer queries from the default seed, built once per process (about a
/// second: each needs the sibling's legal moves from the slow reference generator), so that
/// drawing a set of queries stays cheap; the `corpus` distribution samples them.
fn killer_pool() -> &'static [MoveQuery] {
    static POOL: OnceLock<Vec<MoveQuery>> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut rng = inputs::rng(inputs::DEFAULT_SEED, "legality_test/killers");
        (0..KILLER_POOL).map(|_| killer_query(&mut rng)).collect()
    })
}

/// A hash move: a random legal move of a random corpus position.
fn hash_query(rng: &mut impl Rng) -> MoveQuery {
    let (position, moves) = corpus_position_with_moves(rng);
    MoveQuery::new(position, moves[rng.random_range(0..moves.len())])
}

/// A random piece of the side to move, to a random square, sometimes with a promotion.
fn random_query(rng: &mut impl Rng) -> MoveQuery {
    let position = *random_position(rng);
    let own: Vec<Square> = position
        .colour(position.side_to_move())
        .into_iter()
        .collect();
    let mv = Move {
        from: own[rng.random_range(0..own.len())],
        ..random_move(rng)
    };
    MoveQuery::new(position, mv)
}

impl Bench for LegalityTestFamily {
    fn shape() -> Shape {
        Shape::POSITIONS
    }

    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<MoveQuery>)> {
        let corpus = default_corpus();
        let edges = edge_positions();
        let mut rng = inputs::rng(seed, "verify/legality_test");
        let random = corpus
            .iter()
            .flat_map(|&position| {
                (0..RANDOM_MOVES_PER_POSITION)
                    .map(|_| MoveQuery::new(position, random_move(&mut rng)))
                    .collect::<Vec<_>>()
            })
            .collect();
        let spread: Vec<Position> = corpus
            .iter()
            .copied()
            .step_by(EVERY_TARGET_STRIDE)
            .collect();
        vec![
            ("every pseudo-legal move of every corpus position", every_pseudo_legal_move(corpus)),
            ("the legal moves of the next corpus position, in each", moves_of_neighbours(corpus)),
            ("every 64th corpus position: every own piece to every square, pawns with every promotion", every_target(&spread)),
            ("every corpus position: 8 random moves", random),
            ("every edge-case position: every own piece to every square, pawns with every promotion", every_target(&edges)),
        ]
    }

    const DRAWS: &'static [Draw<MoveQuery>] = &[
        Draw::each(
            "corpus",
            "killer moves: a legal move of a sibling (the parent's other child), tested in a child of a corpus position",
            |rng| killer_pool()[rng.random_range(0..KILLER_POOL)],
        ),
        Draw::each(
            "hash",
            "hash moves: a legal move of the position itself (always pseudo-legal)",
            hash_query,
        ),
        Draw::each(
            "random",
            "a random piece of the side to move to a random square",
            random_query,
        ),
    ];

    #[inline(always)]
    fn mix(query: MoveQuery, zero: u64) -> MoveQuery {
        let from = Square::from_index_masked(query.mv.from as u8 ^ zero as u8);
        MoveQuery::new(query.position, Move { from, ..query.mv })
    }
}
