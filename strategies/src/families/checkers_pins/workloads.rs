//! What the checkers-and-pins family is verified and measured on: its cases.
//!
//! A case is a position, with the move that led to it and the position before that move when
//! they are known ([`Case`]). Every query of the family is one case, named by its index, so
//! that the peers can find the board they prepared for it (`super::peers`, with the feature
//! `peers`). The cases, built once per process ([`cases`]):
//!
//! 1. every position of the default corpus as it stands (no last move);
//! 2. every corpus position that has a legal move, after one of its legal moves drawn from the
//!    default seed: the last move is known, as it is inside a search;
//! 3. every corpus position after each of its legal moves that gives check;
//! 4. hand-made edge cases ([`EDGE_CASES`]), each after its last move and as it stands.
//!
//! The corpus and the cases do not depend on the `seed` of [`Bench::verification_inputs`]; the
//! seed draws the measured queries from them.

use super::{CheckersPinsFamily, CheckersPinsQuery};
use crate::bench::corpus::default_corpus;
use crate::bench::inputs;
use crate::bench::reference;
use crate::bench::{Bench, Draw, Shape};
use crate::board::bitboard::Bitboard;
use crate::board::position::{Move, Position};
use core::ops::Range;
use rand::Rng;
use std::sync::OnceLock;

/// One case: the position, and how it was reached when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// The position the last move was played in.
    pub before: Option<Position>,
    /// The move that led from `before` to `position`.
    pub last_move: Option<Move>,
    pub position: Position,
}

impl Case {
    fn as_it_stands(position: Position) -> Case {
        Case {
            before: None,
            last_move: None,
            position,
        }
    }

    fn after(before: Position, mv: Move) -> Case {
        Case {
            before: Some(before),
            last_move: Some(mv),
            position: reference::make(&before, mv),
        }
    }
}

/// Every case, its verification groups, and the cases each distribution draws from.
#[derive(Debug)]
pub struct Cases {
    pub all: Vec<Case>,
    /// Named groups of `all`, in order, covering it.
    pub groups: Vec<(&'static str, Range<usize>)>,
    /// Cases after a move (groups 2 and 3).
    pub after_move: Vec<u32>,
    /// Cases after a move whose side to move is in check.
    pub in_check: Vec<u32>,
    /// Cases after a move whose side to move has a pinned piece.
    pub with_pin: Vec<u32>,
}

impl Cases {
    /// The query of case `index`.
    pub fn query(&self, index: u32) -> CheckersPinsQuery {
        let case = &self.all[index as usize];
        CheckersPinsQuery {
            position: case.position,
            last_move: case.last_move,
            case: index,
        }
    }
}

/// A hand-made edge case: a position, a legal move in it, what the position after the move
/// shows, and how many checkers and pinned pieces it has.
#[derive(Clone, Copy, Debug)]
pub struct EdgeCase {
    pub name: &'static str,
    pub before: &'static str,
    pub last_move: &'static str,
    pub checkers: u32,
    pub pinned: u32,
}

const fn edge(
    name: &'static str,
    before: &'static str,
    last_move: &'static str,
    checkers: u32,
    pinned: u32,
) -> EdgeCase {
    EdgeCase {
        name,
        before,
        last_move,
        checkers,
        pinned,
    }
}

/// The edge cases the issue names, and a few that `by_move` must see: pins in each of the eight
/// directions (white king on d4, the black king stepping g8-h8), all eight at once, a pinned
/// piece that may move along its pin, double checks, discovered checks through the square of a
/// pawn taken en passant, the en-passant capture that would expose the king along the rank,
/// kings with no attacker, checks by castling and by promotion.
pub const EDGE_CASES: [EdgeCase; 22] = [
    edge(
        "pin from the north: rook may move along it",
        "3r2k1/8/3R4/8/3K4/8/8/8 b - - 0 1",
        "g8h8",
        0,
        1,
    ),
    edge(
        "pin from the south: knight",
        "6k1/8/8/8/3K4/8/3N4/3q4 b - - 0 1",
        "g8h8",
        0,
        1,
    ),
    edge(
        "pin from the east: bishop",
        "6k1/8/8/8/3K1B1r/8/8/8 b - - 0 1",
        "g8h8",
        0,
        1,
    ),
    edge(
        "pin from the west: pawn",
        "6k1/8/8/8/qP1K4/8/8/8 b - - 0 1",
        "g8h8",
        0,
        1,
    ),
    edge(
        "pin from the north-east: knight",
        "6k1/6b1/8/4N3/3K4/8/8/8 b - - 0 1",
        "g8h8",
        0,
        1,
    ),
    edge(
        "pin from the north-west: bishop may move along it",
        "6k1/q7/8/2B5/3K4/8/8/8 b - - 0 1",
        "g8h8",
        0,
        1,
    ),
    edge(
        "pin from the south-east: rook",
        "6k1/8/8/8/3K4/4R3/8/6b1 b - - 0 1",
        "g8h8",
        0,
        1,
    ),
    edge(
        "pin from the south-west: queen may move along it",
        "6k1/8/8/8/3K4/2Q5/8/b7 b - - 0 1",
        "g8h8",
        0,
        1,
    ),
    edge(
        "pin made by the last move: the pawn may take its pinner",
        "7k/8/8/4P3/3K3b/8/8/8 b - - 0 1",
        "h4f6",
        0,
        1,
    ),
    edge(
        "pins in all eight directions",
        "3r2k1/q7/3R1b2/2B1P3/qP1K1B1r/2Q1R3/3N4/b2q2b1 b - - 0 1",
        "g8h8",
        0,
        8,
    ),
    edge(
        "double check: knight and uncovered rook",
        "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1",
        "e4d6",
        2,
        0,
    ),
    edge(
        "double check: knight and uncovered bishop",
        "4k3/5N2/8/7B/8/8/8/4K3 w - - 0 1",
        "f7d6",
        2,
        0,
    ),
    edge(
        "en passant uncovers a rook on the rank",
        "8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1",
        "e5d6",
        1,
        0,
    ),
    edge(
        "en passant uncovers a bishop through the pawn taken",
        "6k1/8/8/3pP3/8/8/B7/4K3 w - d6 0 1",
        "e5d6",
        1,
        0,
    ),
    edge(
        "en passant would expose the king on the rank: no pin",
        "8/2p5/8/KP5r/8/8/8/7k b - - 0 1",
        "c7c5",
        0,
        0,
    ),
    edge(
        "en passant would expose the king on the rank (Sedlak)",
        "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
        "d7d5",
        0,
        0,
    ),
    edge(
        "kings alone: no attacker at all",
        "8/8/8/4k3/8/8/8/4K3 b - - 0 1",
        "e5d5",
        0,
        0,
    ),
    edge(
        "short castling checks with the rook",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        "e1g1",
        1,
        0,
    ),
    edge(
        "long castling checks with the rook",
        "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "e1c1",
        1,
        0,
    ),
    edge(
        "promotion to a queen checks",
        "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
        "b7b8q",
        1,
        0,
    ),
    edge(
        "promotion to a knight checks",
        "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
        "a7a8n",
        1,
        0,
    ),
    edge(
        "a pawn capture uncovers a rook",
        "4k3/8/8/3p4/4P3/8/8/4R1K1 w - - 0 1",
        "e4d5",
        1,
        0,
    ),
];

/// An edge case's position before its move, and the move.
pub fn edge_case_move(edge: &EdgeCase) -> (Position, Move) {
    let before =
        Position::from_fen(edge.before).unwrap_or_else(|e| panic!("edge case {}: {e}", edge.name));
    let mv = Move::parse_uci(&before, edge.last_move)
        .unwrap_or_else(|e| panic!("edge case {}: {e}", edge.name));
    (before, mv)
}

/// The cases, built on first use (a second or so: the reference generates every legal move
/// of every corpus position).
pub fn cases() -> &'static Cases {
    static CASES: OnceLock<Cases> = OnceLock::new();
    CASES.get_or_init(build)
}

fn build() -> Cases {
    let corpus = default_corpus();
    let mut rng = inputs::rng(inputs::DEFAULT_SEED, "checkers_pins/last-move");
    let mut all: Vec<Case> = corpus.iter().copied().map(Case::as_it_stands).collect();
    let mut groups = vec![("every corpus position as it stands", 0..all.len())];
    let mut seeded = Vec::new();
    let mut checking = Vec::new();
    for position in corpus {
        let moves = reference::legal_moves(position);
        if moves.is_empty() {
            continue;
        }
        seeded.push(Case::after(
            *position,
            moves[rng.random_range(0..moves.len())],
        ));
        checking.extend(
            moves
                .into_iter()
                .map(|mv| Case::after(*position, mv))
                .filter(|case| !reference::checkers(&case.position).is_empty()),
        );
    }
    let edges: Vec<Case> = EDGE_CASES
        .iter()
        .map(|edge| {
            let (before, mv) = edge_case_move(edge);
            Case::after(before, mv)
        })
        .collect();
    let edges_as_they_stand = edges.iter().map(|c| Case::as_it_stands(c.position));
    let mut push = |name, cases: Vec<Case>, all: &mut Vec<Case>| {
        groups.push((name, all.len()..all.len() + cases.len()));
        all.extend(cases);
    };
    push(
        "every corpus position after a seeded legal move",
        seeded,
        &mut all,
    );
    push(
        "every corpus position after each of its checking moves",
        checking,
        &mut all,
    );
    push("edge cases after their last move", edges.clone(), &mut all);
    push(
        "edge cases as they stand",
        edges_as_they_stand.collect(),
        &mut all,
    );
    index(all, groups)
}

/// The distributions' lists of cases: the seeded moves, and among the cases after a move
/// (seeded and checking), those in check and those with a pin.
fn index(all: Vec<Case>, groups: Vec<(&'static str, Range<usize>)>) -> Cases {
    let after_move: Vec<u32> = groups[1].1.clone().map(|i| i as u32).collect();
    let moved = groups[1].1.start..groups[2].1.end;
    let in_check = moved
        .clone()
        .filter(|&i| !reference::checkers(&all[i].position).is_empty())
        .map(|i| i as u32)
        .collect();
    let with_pin = moved
        .filter(|&i| !reference::pinned(&all[i].position).is_empty())
        .map(|i| i as u32)
        .collect();
    Cases {
        after_move,
        in_check,
        with_pin,
        all,
        groups,
    }
}

impl Bench for CheckersPinsFamily {
    /// 1,024 queries per pass (about 80 KiB of inputs, and 120 KiB of each peer's prepared
    /// boards, which then stay in L2 as the inputs stream through). No cache-pressure sweep:
    /// it would evict the peers' prepared boards, which are not part of their technique.
    fn shape() -> Shape {
        Shape {
            pool: 1024,
            cache_pressure: false,
            ..Shape::DEFAULT
        }
    }

    fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<CheckersPinsQuery>)> {
        let cases = cases();
        cases
            .groups
            .iter()
            .map(|(name, range)| {
                let queries = range.clone().map(|i| cases.query(i as u32)).collect();
                (*name, queries)
            })
            .collect()
    }

    const DRAWS: &'static [Draw<CheckersPinsQuery>] = &[
        Draw::each(
            "after_move",
            "corpus positions after a seeded legal move, as a search meets them",
            |rng| {
                let cases = cases();
                cases.query(cases.after_move[rng.random_range(0..cases.after_move.len())])
            },
        ),
        Draw::each(
            "in_check",
            "corpus positions after a move that gives check",
            |rng| {
                let cases = cases();
                cases.query(cases.in_check[rng.random_range(0..cases.in_check.len())])
            },
        ),
        Draw::each(
            "with_pin",
            "positions after a move where the side to move has a pinned piece",
            |rng| {
                let cases = cases();
                cases.query(cases.with_pin[rng.random_range(0..cases.with_pin.len())])
            },
        ),
    ];

    /// The zero goes into the position (which our techniques read) and into the case number
    /// (which the peers read).
    #[inline(always)]
    fn mix(mut query: CheckersPinsQuery, zero: u64) -> CheckersPinsQuery {
        query.position.colours[0] = Bitboard(query.position.colours[0].0 ^ zero);
        query.case ^= zero as u32;
        query
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_cases_show_what_they_say() {
        for edge in &EDGE_CASES {
            let (before, mv) = edge_case_move(edge);
            let after = reference::make(&before, mv);
            let checkers = reference::checkers(&after).len();
            let pinned = reference::pinned(&after).len();
            assert_eq!(
                (checkers, pinned),
                (edge.checkers, edge.pinned),
                "{}: {after}",
                edge.name
            );
        }
    }

    #[test]
    fn cases_cover_the_corpus_and_every_distribution_has_cases() {
        let cases = cases();
        assert_eq!(cases.groups[0].1.len(), default_corpus().len());
        assert_eq!(cases.groups.last().unwrap().1.end, cases.all.len());
        for list in [&cases.after_move, &cases.in_check, &cases.with_pin] {
            assert!(list.len() > 500, "{}", list.len());
        }
        for (i, case) in cases.all.iter().enumerate() {
            if let (Some(before), Some(mv)) = (case.before, case.last_move) {
                assert_eq!(reference::make(&before, mv), case.position, "case {i}");
            }
        }
    }
}
