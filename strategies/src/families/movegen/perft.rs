//! Perft (bulk counting at the last ply), divide, and the legal moves as a list.

use super::generate::{generate, PawnTargets, Sink};
use super::make::{make_castling, make_double_push, make_en_passant, make_plain, make_promotion};
use super::Config;
use crate::board::position::{Move, Piece, Position};
use crate::{board::bitboard::Bitboard, board::square::Square};

/// The square `offset` below `to`: a pawn move's origin.
#[inline(always)]
fn origin(to: Square, offset: i8) -> Square {
    Square::from_index_masked((to as i8).wrapping_sub(offset) as u8)
}

impl PawnTargets {
    /// The single pushes and the two kinds of captures, each with its offset.
    #[inline(always)]
    fn groups(self) -> [(Bitboard, i8); 3] {
        [
            (self.single, self.push),
            (self.west, self.push - 1),
            (self.east, self.push + 1),
        ]
    }
}

/// Counts the moves: each group by its size, never making one.
struct Count(u64);

impl Sink for Count {
    #[inline(always)]
    fn piece(&mut self, _: &Position, _: Piece, _: Square, targets: Bitboard) {
        self.0 += targets.len() as u64;
    }

    /// Two counts, not four: `single`, `double` and `west` are disjoint.
    #[inline(always)]
    fn pawns(&mut self, _: &Position, targets: PawnTargets) {
        let disjoint = targets.single | targets.double | targets.west;
        self.0 += (disjoint.len() + targets.east.len()) as u64;
    }

    #[inline(always)]
    fn promotions(&mut self, _: &Position, targets: PawnTargets) {
        let disjoint = targets.single | targets.west;
        self.0 += 4 * (disjoint.len() + targets.east.len()) as u64;
    }

    #[inline(always)]
    fn en_passant(&mut self, _: &Position, _: Square, _: Square) {
        self.0 += 1;
    }

    #[inline(always)]
    fn castling(&mut self, _: &Position, _: Square, _: Square) {
        self.0 += 1;
    }
}

/// Makes each move and adds the perft of the position after it at `depth`, through the
/// instruction set `I` the whole count was started with.
struct Recurse<C, I> {
    config: C,
    isa: I,
    depth: u32,
    nodes: u64,
}

impl<C: Config, I: Isa> Recurse<C, I> {
    #[inline(always)]
    fn child(&mut self, child: &Position, mv: Move) {
        self.nodes += self
            .isa
            .perft_from(self.config, child, Some(mv), self.depth);
    }
}

impl<C: Config, I: Isa> Sink for Recurse<C, I> {
    #[inline(always)]
    fn piece(&mut self, position: &Position, piece: Piece, from: Square, targets: Bitboard) {
        for to in targets {
            self.child(&make_plain(position, piece, from, to), Move::new(from, to));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, position: &Position, targets: PawnTargets) {
        for (set, offset) in targets.groups() {
            for to in set {
                let from = origin(to, offset);
                self.child(
                    &make_plain(position, Piece::Pawn, from, to),
                    Move::new(from, to),
                );
            }
        }
        for to in targets.double {
            let from = origin(to, 2 * targets.push);
            self.child(&make_double_push(position, from, to), Move::new(from, to));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, position: &Position, targets: PawnTargets) {
        for (set, offset) in targets.groups() {
            for to in set {
                let from = origin(to, offset);
                for piece in Piece::PROMOTIONS {
                    let mv = Move::promoting(from, to, piece);
                    self.child(&make_promotion(position, from, to, piece), mv);
                }
            }
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, position: &Position, from: Square, to: Square) {
        self.child(&make_en_passant(position, from, to), Move::new(from, to));
    }

    #[inline(always)]
    fn castling(&mut self, position: &Position, from: Square, to: Square) {
        self.child(&make_castling(position, from, to), Move::new(from, to));
    }
}

/// The instructions the generator itself is compiled for. The generator counts with
/// `popcnt` on almost every node, and the x86-64 baseline has no such instruction: there
/// `count_ones` is a dozen shifts and masks. And a technique behind a CPU feature is a
/// `#[target_feature]` function, which the compiler inlines only into code compiled with that
/// feature; elsewhere each lookup is a call. So in an x86-64 build without debug assertions the
/// recursion is compiled twice: with POPCNT, BMI1, BMI2 and AVX2 ([`Avx2Bmi2`]), where the
/// BMI2 and AVX2 techniques are inlined as the portable ones are everywhere (as in an engine
/// built for that CPU), and for the baseline ([`Portable`]), so that every configuration
/// counts on any x86-64 CPU. [`perft`] picks the first by run-time detection, once per call.
/// It does not follow `--disable`, which masks techniques, not the generator's own code. A
/// build with debug assertions (tests, which time nothing) compiles the baseline copy alone,
/// as it does the search's and each measuring loop's
/// ([`Level::COPIES`](crate::framework::level::Level::COPIES)); the release build's `verify`
/// checks the other. Other architectures have a population count in their baseline.
trait Isa: Copy {
    /// Perft below a position reached by `last`, at `depth` of at least 1.
    fn perft_from<C: Config>(
        self,
        config: C,
        position: &Position,
        last: Option<Move>,
        depth: u32,
    ) -> u64;
}

/// The target's baseline instructions.
#[derive(Clone, Copy)]
struct Portable;

impl Isa for Portable {
    #[inline(always)]
    fn perft_from<C: Config>(
        self,
        config: C,
        position: &Position,
        last: Option<Move>,
        depth: u32,
    ) -> u64 {
        portable_perft(config, position, last, depth)
    }
}

#[inline(never)]
fn portable_perft<C: Config>(
    config: C,
    position: &Position,
    last: Option<Move>,
    depth: u32,
) -> u64 {
    perft_body(Portable, config, position, last, depth)
}

/// Proof that this CPU has POPCNT, BMI1, BMI2 and AVX2.
#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
#[derive(Clone, Copy)]
struct Avx2Bmi2(());

#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
impl Avx2Bmi2 {
    #[inline]
    fn detect() -> Option<Avx2Bmi2> {
        use std::arch::is_x86_feature_detected as has;
        (has!("popcnt") && has!("bmi1") && has!("bmi2") && has!("avx2")).then_some(Avx2Bmi2(()))
    }
}

#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
impl Isa for Avx2Bmi2 {
    #[inline(always)]
    fn perft_from<C: Config>(
        self,
        config: C,
        position: &Position,
        last: Option<Move>,
        depth: u32,
    ) -> u64 {
        // SAFETY: the token exists only if detection found every feature `avx2_perft` is
        // compiled with.
        unsafe { avx2_perft(self, config, position, last, depth) }
    }
}

#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
#[inline(never)]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
fn avx2_perft<C: Config>(
    isa: Avx2Bmi2,
    config: C,
    position: &Position,
    last: Option<Move>,
    depth: u32,
) -> u64 {
    perft_body(isa, config, position, last, depth)
}

/// Perft below a position reached by `last`, at `depth` of at least 1: inlined into each
/// instruction set's recursion.
#[inline(always)]
fn perft_body<C: Config, I: Isa>(
    isa: I,
    config: C,
    position: &Position,
    last: Option<Move>,
    depth: u32,
) -> u64 {
    if depth <= 1 {
        let mut count = Count(0);
        generate(config, position, last, &mut count);
        return count.0;
    }
    let mut recurse = Recurse {
        config,
        isa,
        depth: depth - 1,
        nodes: 0,
    };
    generate(config, position, last, &mut recurse);
    recurse.nodes
}

/// Perft below a position reached by `last`, at `depth` of at least 1, with the best
/// instruction set this CPU has for the generator.
fn perft_from<C: Config>(config: C, position: &Position, last: Option<Move>, depth: u32) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
    if let Some(isa) = Avx2Bmi2::detect() {
        return isa.perft_from(config, position, last, depth);
    }
    Portable.perft_from(config, position, last, depth)
}

/// The number of move paths of length `depth` from `position`: the leaves of its legal-move
/// tree (1 at depth 0), counted in bulk at the last ply.
pub fn perft<C: Config>(config: C, position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        _ => perft_from(config, position, None, depth),
    }
}

/// Collects the moves as a list.
struct Collect(Vec<Move>);

impl Sink for Collect {
    fn piece(&mut self, _: &Position, _: Piece, from: Square, targets: Bitboard) {
        self.0
            .extend(targets.into_iter().map(|to| Move::new(from, to)));
    }

    fn pawns(&mut self, _: &Position, targets: PawnTargets) {
        for (set, offset) in targets.groups() {
            self.0
                .extend(set.into_iter().map(|to| Move::new(origin(to, offset), to)));
        }
        let double = 2 * targets.push;
        self.0.extend(
            targets
                .double
                .into_iter()
                .map(|to| Move::new(origin(to, double), to)),
        );
    }

    fn promotions(&mut self, _: &Position, targets: PawnTargets) {
        for (set, offset) in targets.groups() {
            for to in set {
                let from = origin(to, offset);
                self.0.extend(
                    Piece::PROMOTIONS
                        .into_iter()
                        .map(|piece| Move::promoting(from, to, piece)),
                );
            }
        }
    }

    fn en_passant(&mut self, _: &Position, from: Square, to: Square) {
        self.0.push(Move::new(from, to));
    }

    fn castling(&mut self, _: &Position, from: Square, to: Square) {
        self.0.push(Move::new(from, to));
    }
}

/// Every legal move of `position`, sorted as [`Move`] orders them (by origin, then target,
/// then promotion: the reference's order).
pub fn legal_moves<C: Config>(config: C, position: &Position) -> Vec<Move> {
    let mut collect = Collect(Vec::with_capacity(64));
    generate(config, position, None, &mut collect);
    collect.0.sort();
    collect.0
}

/// Perft split by first move: each legal move (in [`legal_moves`] order) with the perft of
/// the position after it at `depth - 1`. Empty at depth 0.
pub fn divide<C: Config>(config: C, position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    legal_moves(config, position)
        .into_iter()
        .map(|mv| {
            let child = super::make(position, mv);
            let nodes = match depth {
                1 => 1,
                _ => perft_from(config, &child, Some(mv), depth - 1),
            };
            (mv, nodes)
        })
        .collect()
}
