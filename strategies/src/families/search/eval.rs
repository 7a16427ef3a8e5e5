//! The evaluation: a hand-written, tapered (middlegame and endgame weights, blended by the
//! material on the board) evaluation in centipawns, from the side to move's point of view.
//! Its weights are round numbers chosen for this benchmark, not tuned; what matters here is
//! that it calls the techniques where engines' evaluations do:
//!
//! - **material and piece-square tables**, the tables computed from each square's distance to
//!   the centre and its rank;
//! - **mobility**: for every knight, bishop, rook and queen, its attacks (the knight and
//!   slider techniques) minus its own side's pieces and the squares enemy pawns attack;
//! - **king safety**: the pieces that attack the enemy king's zone (its square, its neighbours
//!   and the squares in front of those), weighted by piece and by squares hit, and the pawns
//!   in front of each king;
//! - **threats**: pieces attacked by a pawn, rooks and queens attacked by a minor piece, queens
//!   attacked by a rook, and pieces attacked and not defended;
//! - **pawns**: passed and isolated pawns from the pawn-structure technique, doubled and
//!   backward pawns from the attack-span technique;
//! - the bishop pair, rooks on open files, and a bonus for the side to move.

use super::SearchConfig;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{FILE_A, NOT_A, NOT_H};
use crate::board::position::leapers::{self, pawn_attacks_set};
use crate::board::position::{Colour, Piece, Position};
use crate::board::square::Square;
use crate::families::attack_spans::{AttackSpans, SidePawns};
use crate::families::knight_attacks::KnightAttacks;
use crate::families::pawn_structure::{PawnStructure, Pawns};
use crate::families::sliders::Slider;

/// A middlegame and an endgame value.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Pair(i32, i32);

impl core::ops::AddAssign for Pair {
    #[inline(always)]
    fn add_assign(&mut self, other: Pair) {
        self.0 += other.0;
        self.1 += other.1;
    }
}

impl core::ops::Mul<i32> for Pair {
    type Output = Pair;
    #[inline(always)]
    fn mul(self, n: i32) -> Pair {
        Pair(self.0 * n, self.1 * n)
    }
}

/// Material: pawn, knight, bishop, rook, queen, king (the king's is never counted).
const MATERIAL: [Pair; 6] = [
    Pair(90, 110),
    Pair(320, 300),
    Pair(330, 320),
    Pair(480, 530),
    Pair(950, 980),
    Pair(0, 0),
];

/// Each piece's weight in the game phase: 24 with all the pieces on the board.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

/// Per safe square beyond a typical count: knight, bishop, rook, queen.
const MOBILITY: [(Pair, i32); 4] = [
    (Pair(4, 4), 4),
    (Pair(5, 5), 6),
    (Pair(2, 4), 7),
    (Pair(1, 2), 13),
];
/// The weight of a knight, bishop, rook and queen attacking the king's zone.
const KING_ATTACK: [i32; 4] = [2, 2, 3, 5];
/// A pawn in front of its own king, middlegame only.
const SHELTER: i32 = 12;
const PAWN_THREAT: Pair = Pair(55, 40);
const MINOR_THREAT: Pair = Pair(35, 30);
const ROOK_THREAT: Pair = Pair(30, 20);
const HANGING: Pair = Pair(30, 20);
const ISOLATED: Pair = Pair(-12, -15);
const HALF_ISOLATED: Pair = Pair(-4, -4);
const DOUBLED: Pair = Pair(-10, -20);
const BACKWARD: Pair = Pair(-8, -10);
/// A passed pawn, by rank from its own side (0 to 7).
const PASSED: [Pair; 8] = [
    Pair(0, 0),
    Pair(5, 10),
    Pair(10, 20),
    Pair(20, 35),
    Pair(35, 60),
    Pair(60, 95),
    Pair(90, 140),
    Pair(0, 0),
];
const BISHOP_PAIR: Pair = Pair(30, 40);
const ROOK_OPEN: Pair = Pair(25, 10);
const ROOK_HALF_OPEN: Pair = Pair(12, 5);
const TEMPO: i32 = 10;

/// How far a square is from the centre on each axis, 0 to 3, summed: 0 on d4, e4, d5, e5.
const fn centre_distance(square: usize) -> i32 {
    axis((square % 8) as i32) + axis((square / 8) as i32)
}

/// A file's or rank's distance from the central two, 0 to 3.
const fn axis(x: i32) -> i32 {
    if x < 4 {
        3 - x
    } else {
        x - 4
    }
}

/// The piece-square tables, from white's side (black's square is mirrored by rank), for
/// pawn, knight, bishop, rook, queen and king.
static SQUARES: [[Pair; 64]; 6] = piece_squares();

const fn piece_squares() -> [[Pair; 64]; 6] {
    let mut table = [[Pair(0, 0); 64]; 6];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let centre = centre_distance(square);
        let central_file = file == 3 || file == 4;
        let pawn_mg = if rank >= 1 && rank <= 6 {
            (rank - 1) * 5
                + if central_file && (rank == 3 || rank == 4) {
                    10
                } else {
                    0
                }
        } else {
            0
        };
        table[0][square] = Pair(pawn_mg, if rank >= 1 { (rank - 1) * 8 } else { 0 });
        table[1][square] = Pair(12 - 7 * centre, 8 - 6 * centre);
        table[2][square] = Pair(6 - 3 * centre, 6 - 3 * centre);
        table[3][square] = if rank == 6 { Pair(15, 10) } else { Pair(0, 0) };
        table[4][square] = Pair(-2 * centre, 6 - 3 * centre);
        let king_mg = match rank {
            0 => {
                if file <= 2 || file >= 6 {
                    20
                } else {
                    0
                }
            }
            1 => -10,
            _ => -40,
        };
        table[5][square] = Pair(king_mg, 20 - 10 * centre);
        square += 1;
    }
    table
}

/// The king-safety penalty for an attack of `weight` (its pieces' weights times the zone
/// squares they hit), when two or more pieces take part.
const fn king_danger(weight: i32) -> i32 {
    let w = if weight > 40 { 40 } else { weight };
    w * w / 4
}

/// The squares of one rank forward of `set`, for `colour`.
#[inline(always)]
fn ahead(colour: Colour, set: u64) -> u64 {
    leapers::forward(colour, set)
}

/// `square` as seen from `colour`'s side: the same for white, mirrored by rank for black.
#[inline(always)]
fn relative(colour: Colour, square: Square) -> usize {
    square as usize ^ (colour.index() * 56)
}

/// One side's attacks, gathered as its pieces are evaluated.
#[derive(Clone, Copy, Default)]
struct Attacks {
    pawns: u64,
    minors: u64,
    rooks: u64,
    all: u64,
}

/// The techniques the evaluation calls, taken from a configuration: its slider, knight,
/// pawn-structure and attack-span techniques. The evaluation is compiled for these four alone
/// ([`Evaluate`]), so configurations that differ only in a technique it does not call share
/// one compiled evaluation.
#[derive(Clone, Copy)]
pub(crate) struct Evaluator<S, N, P, A> {
    slider: S,
    knights: N,
    pawns: P,
    spans: A,
}

impl<S, N, P, A> Evaluator<S, N, P, A> {
    /// The evaluation's techniques of `config`.
    #[inline(always)]
    pub(crate) fn of<C>(config: C) -> Self
    where
        C: SearchConfig<Slider = S, Knights = N, Pawns = P, Spans = A>,
    {
        Evaluator {
            slider: config.slider(),
            knights: config.knights(),
            pawns: config.pawns(),
            spans: config.spans(),
        }
    }
}

/// An evaluation: [`Evaluator`] with its techniques' traits, as one bound.
pub(crate) trait Evaluate: Copy {
    /// The evaluation of `position`, from the side to move's point of view (see
    /// [the module](self)).
    fn evaluate(self, position: &Position) -> i32;
}

impl<S: Slider, N: KnightAttacks, P: PawnStructure, A: AttackSpans> Evaluate
    for Evaluator<S, N, P, A>
{
    #[inline(always)]
    fn evaluate(self, position: &Position) -> i32 {
        evaluate(self, position)
    }
}

#[inline(always)]
fn evaluate<S: Slider, N: KnightAttacks, P: PawnStructure, A: AttackSpans>(
    config: Evaluator<S, N, P, A>,
    position: &Position,
) -> i32 {
    let occupied = position.occupied();
    let white_pawns = position.pieces(Colour::White, Piece::Pawn);
    let black_pawns = position.pieces(Colour::Black, Piece::Pawn);
    let pawn_attacks = [
        pawn_attacks_set(Colour::White, white_pawns.0),
        pawn_attacks_set(Colour::Black, black_pawns.0),
    ];
    let mut score = [Pair::default(); 2];
    let mut attacks = [Attacks::default(); 2];
    let mut phase = 0;
    // Material and squares.
    for colour in Colour::ALL {
        for piece in Piece::ALL {
            let set = position.pieces(colour, piece);
            phase += PHASE[piece.index()] * set.len() as i32;
            score[colour.index()] += MATERIAL[piece.index()] * set.len() as i32;
            for square in set {
                score[colour.index()] += SQUARES[piece.index()][relative(colour, square)];
            }
        }
    }
    // Mobility and the attacks on the king's zone, per piece.
    let (slider, knights) = (config.slider, config.knights);
    for colour in Colour::ALL {
        let (us, them) = (colour.index(), (!colour).index());
        let safe = !(position.colour(colour).0 | pawn_attacks[them]);
        let enemy_king = position.king(!colour);
        let near = leapers::king(enemy_king).0 | Bitboard::from_square(enemy_king).0;
        let zone = near | ahead(!colour, near);
        let mut attackers = 0;
        let mut weight = 0;
        let mut a = Attacks {
            pawns: pawn_attacks[us],
            all: pawn_attacks[us] | leapers::king(position.king(colour)).0,
            ..Attacks::default()
        };
        let mut mobility = Pair::default();
        for (index, piece) in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
            .into_iter()
            .enumerate()
        {
            let (per_square, typical) = MOBILITY[index];
            for square in position.pieces(colour, piece) {
                let reach = match piece {
                    Piece::Knight => knights.attacks(Bitboard::from_square(square)),
                    Piece::Bishop => slider.bishop(square, occupied),
                    Piece::Rook => slider.rook(square, occupied),
                    _ => slider.queen(square, occupied),
                }
                .0;
                mobility += per_square * ((reach & safe).count_ones() as i32 - typical);
                let hits = (reach & zone).count_ones() as i32;
                if hits > 0 {
                    attackers += 1;
                    weight += KING_ATTACK[index] * hits;
                }
                a.all |= reach;
                match piece {
                    Piece::Knight | Piece::Bishop => a.minors |= reach,
                    Piece::Rook => a.rooks |= reach,
                    _ => {}
                }
            }
        }
        score[us] += mobility;
        if attackers >= 2 {
            score[us] += Pair(king_danger(weight), 0);
        }
        let shelter =
            leapers::king(position.king(colour)).0 | ahead(colour, near_own(position, colour));
        let cover = (shelter & position.pieces(colour, Piece::Pawn).0).count_ones() as i32;
        score[us] += Pair(SHELTER * cover.min(3), 0);
        attacks[us] = a;
    }
    // Threats.
    for colour in Colour::ALL {
        let (us, them) = (colour.index(), (!colour).index());
        let enemy = position.colour(!colour).0;
        let pieces = enemy & !position.kind(Piece::Pawn).0 & !position.kind(Piece::King).0;
        let heavy = enemy & (position.kind(Piece::Rook).0 | position.kind(Piece::Queen).0);
        let queens = enemy & position.kind(Piece::Queen).0;
        let a = attacks[us];
        score[us] += PAWN_THREAT * (pieces & a.pawns).count_ones() as i32;
        score[us] += MINOR_THREAT * (heavy & a.minors).count_ones() as i32;
        score[us] += ROOK_THREAT * (queens & a.rooks).count_ones() as i32;
        score[us] += HANGING * (pieces & a.all & !attacks[them].all).count_ones() as i32;
    }
    // Pawns.
    let structure = config.pawns.structure(Pawns {
        white: white_pawns,
        black: black_pawns,
    });
    let spans = config.spans;
    let all_pawns = white_pawns.0 | black_pawns.0;
    for colour in Colour::ALL {
        let us = colour.index();
        let own = position.pieces(colour, Piece::Pawn).0;
        let (isolated, half_isolated, passed) = match colour {
            Colour::White => (
                structure.white_isolated,
                structure.white_half_isolated,
                structure.white_passed,
            ),
            Colour::Black => (
                structure.black_isolated,
                structure.black_half_isolated,
                structure.black_passed,
            ),
        };
        score[us] += ISOLATED * isolated.len() as i32;
        score[us] += HALF_ISOLATED * half_isolated.len() as i32;
        for square in passed {
            score[us] += PASSED[relative(colour, square) / 8];
        }
        let s = spans.spans(SidePawns::new(Bitboard(own), colour));
        // The front span on every file, from the spans beside it: a pawn in it is doubled.
        let front = ((s.front_east.0 >> 1) & NOT_H) | ((s.front_west.0 << 1) & NOT_A);
        score[us] += DOUBLED * (own & front).count_ones() as i32;
        // A pawn whose stop square an enemy pawn attacks and no own pawn can come to defend.
        let stops = ahead(colour, own);
        let cover = s.front_east.0 | s.front_west.0;
        let backward = stops & pawn_attacks[(!colour).index()] & !cover;
        score[us] += BACKWARD * backward.count_ones() as i32;
        for square in position.pieces(colour, Piece::Rook) {
            let file = FILE_A << square.file();
            if file & all_pawns == 0 {
                score[us] += ROOK_OPEN;
            } else if file & own == 0 {
                score[us] += ROOK_HALF_OPEN;
            }
        }
        if position.pieces(colour, Piece::Bishop).len() >= 2 {
            score[us] += BISHOP_PAIR;
        }
    }
    let phase = phase.min(FULL_PHASE);
    let mg = score[0].0 - score[1].0;
    let eg = score[0].1 - score[1].1;
    let white = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
    match position.side_to_move {
        Colour::White => white + TEMPO,
        Colour::Black => TEMPO - white,
    }
}

/// The king of `colour`'s square and its neighbours.
#[inline(always)]
fn near_own(position: &Position, colour: Colour) -> u64 {
    let king = position.king(colour);
    leapers::king(king).0 | Bitboard::from_square(king).0
}
