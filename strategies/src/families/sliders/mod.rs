//! Sliding attacks: the squares a rook or a bishop attacks from a square, given the occupancy.
//!
//! Every position technique of the suite (attacks to a square, checks and pins, a move
//! generator) takes the slider technique as a type parameter `S: Slider`, so this folder is a
//! library first: the [`Slider`] trait (and [`LineAttacks`], one line at a time, which the
//! line-wise x-rays of [`crate::families::xray_attacks`] take), one zero-sized type per technique, and
//! the two families the harness measures them in, `rook_attacks` ([`RookAttacksFamily`]) and
//! `bishop_attacks` ([`BishopAttacksFamily`]).
//!
//! Source: seed `002_6293cd1af08cea25.txt` (X-ray Attacks) takes `rookAttacks(occ, sq)` and
//! `bishopAttacks(occ, sq)` as its primitives (§ Modifying Occupancy) and keeps the eight
//! ray-direction fills of the Kogge-Stone algorithm (§ Multiple Sliders); the other techniques
//! are not in the seeds and are marked `new`, each file naming the chessprogramming page its
//! idea comes from.
//!
//! ## Layout
//!
//! Both families live in this one folder, because every technique answers both: a family is
//! [`SliderFamily<P>`](SliderFamily) for the piece `P` ([`Rook`] or [`Bishop`]), with
//! `families.rs` holding the one table of techniques both families are made from (see
//! [`crate::framework::family::pieces`]), and `workloads.rs` the one generic `Bench` impl. A technique is one file implementing
//! [`Slider`]; SIMD techniques sit under `avx2/`, `avx512/` and `gfni/`, compiled for x86-64
//! only, and under `neon/` for AArch64 only; each reachable only through a capability token.
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! in `families.rs`; `cargo run --release -- list --only rook_attacks,bishop_attacks` prints
//! them.

#[cfg(all(test, feature = "bench"))]
mod agreement;
pub mod black_magic;
pub mod classical;
pub mod dumb7fill;
pub mod families;
/// The first-rank attack table, the board geometry's: [`crate::board::geometry::first_rank`].
pub use crate::board::geometry::first_rank;
pub mod hyperbola;
pub mod kindergarten;
pub mod kogge_stone;
pub mod leorik;
pub mod magic;
pub mod obstruction_difference;
#[cfg(feature = "peers")]
pub mod peers;
pub mod plain_magic;
pub mod qbb;
#[cfg(feature = "bench")]
#[cfg(feature = "bench")]
pub mod reference;
pub mod rotated;
pub mod sbamg;
pub mod support;
#[cfg(feature = "bench")]
#[cfg(feature = "bench")]
pub mod workloads;

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "x86_64")]
pub mod gfni;
#[cfg(target_arch = "aarch64")]
pub mod neon;
#[cfg(target_arch = "x86_64")]
pub mod pext;
#[cfg(target_arch = "x86_64")]
pub mod slide_arithmetic;
#[cfg(target_arch = "x86_64")]
pub mod split_pext;

pub use families::{
    Attacks, Bishop, BishopAttacksFamily, Rook, RookAttacksFamily, SliderFamily, SliderUser,
    SliderVariant,
};

use crate::framework::level::{CompiledFor, Job};
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::fmt;
pub use support::lanes::{BatchShape, BatchShapes, LevelShapes};

/// A `*_batch_in` method's body, `batch_in!(self.piece, C, queries, out)`: `self.piece(square,
/// occupied)` for every query, in the technique's [`Slider::BATCH`] shape for that piece at
/// level `C`; the plain loop is the technique's `*_batch` method.
macro_rules! batch_in {
    ($slider:ident . $piece:ident, $level:ident, $queries:expr, $out:expr, $plain:ident) => {
        match Self::BATCH.at($level::LEVEL).$piece {
            BatchShape::OneByOne => $slider.$plain($queries, $out),
            BatchShape::InLanes => support::lanes::in_lanes!($queries, $out, |square, occupied| {
                $slider.$piece(square, occupied)
            }),
        }
    };
}

/// A sliding-attack technique.
///
/// # Semantics (every technique, every edge case)
/// `rook(square, occupied)` is the set of squares a rook on `square` attacks when the squares
/// in `occupied` hold pieces: along each of its four rays, every square up to and **including**
/// the first occupied one (a capture or a defended piece), or to the board's edge if none is
/// occupied. `bishop` is the same along the four diagonal rays, and `queen` is their union.
///
/// - The slider's own square is never in the result.
/// - The result does not depend on whether `square` itself is in `occupied`: a caller may pass
///   the whole board's occupancy, the slider included.
/// - The colour of the blockers plays no part (remove your own pieces from the result for
///   moves).
/// - With `occupied` empty the result is the full rays; with `occupied` full, the up to eight
///   neighbours along the rays.
pub trait Slider: Copy {
    /// The squares a rook on `square` attacks.
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a bishop on `square` attacks.
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a queen on `square` attacks: `rook | bishop`.
    #[inline(always)]
    fn queen(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.rook(square, occupied) | self.bishop(square, occupied)
    }

    /// A rook's and a bishop's attacks from `square`, the rook's first: what the super-piece
    /// asks ([`attacks_to`](crate::families::attacks_to)). The default is the two lookups, the
    /// bishop's first: the order the super-piece made them in before this method, whose
    /// instruction counts the regression gate holds. A technique that finds both in one pass
    /// overrides it.
    #[inline(always)]
    fn rook_and_bishop(self, square: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
        let bishop = self.bishop(square, occupied);
        (self.rook(square, occupied), bishop)
    }

    /// Runs `job` inside a function compiled with the CPU features the technique needs, and
    /// returns its result; a portable technique simply runs it.
    ///
    /// For code built on a technique (attacks to a square, a move generator): a method of a
    /// token-holding technique is a call into a `#[target_feature]` function, which is not
    /// inlined into code compiled without the feature; a batch loop run inside `with_features`
    /// gets every lookup inlined instead (the job is inlined into the feature-enabled
    /// function, and the lookups into it). A [`Job`], not a closure: a closure is optimized
    /// alone, for the baseline, before it is inlined into a loop compiled for a
    /// [`Level`](crate::framework::level::Level) ([`Job`] says what that cost).
    #[inline(always)]
    fn with_features<J: Job>(self, job: J) -> J::Output {
        job.run()
    }

    /// How the default `*_batch_in` methods run their queries at each level: one by one, or
    /// in groups the compiler may vectorize across queries. See [`LevelShapes`]. A technique
    /// that overrides a `*_batch` method with its own keeps the default, so that its batch is
    /// the one run at every level.
    const BATCH: LevelShapes = LevelShapes::ONE_BY_ONE;

    /// `out[i] = rook(queries[i].square, queries[i].occupied)`; any length, any alignment.
    ///
    /// The default is the scalar loop, monomorphized per technique with `rook` inlined; only
    /// SIMD kernels that answer several queries at once override it.
    ///
    /// # Panics
    /// If `queries` and `out` differ in length.
    #[inline(always)]
    fn rook_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        crate::framework::family::each!(queries, out, |query| {
            self.rook(query.square, query.occupied)
        });
    }

    /// `out[i] = bishop(queries[i].square, queries[i].occupied)`, as [`Slider::rook_batch`].
    ///
    /// # Panics
    /// If `queries` and `out` differ in length.
    #[inline(always)]
    fn bishop_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        crate::framework::family::each!(queries, out, |query| {
            self.bishop(query.square, query.occupied)
        });
    }

    /// `out[i] = queen(queries[i].square, queries[i].occupied)`, as [`Slider::rook_batch`]:
    /// the scalar loop, rook and bishop of one query together. Kernels that answer several
    /// queries at once override it.
    ///
    /// # Panics
    /// If `queries` and `out` differ in length.
    #[inline(always)]
    fn queen_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        crate::framework::family::each!(queries, out, |query| {
            self.queen(query.square, query.occupied)
        });
    }

    /// [`Slider::rook_batch`] in a loop's copy compiled for level `C` (what the measuring loops
    /// call): in the technique's [`Slider::BATCH`] shape for that level, `rook_batch` itself
    /// where that is the plain loop.
    ///
    /// # Panics
    /// If `queries` and `out` differ in length.
    #[inline(always)]
    fn rook_batch_in<C: CompiledFor>(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        batch_in!(self.rook, C, queries, out, rook_batch);
    }

    /// [`Slider::bishop_batch`] at level `C`, as [`Slider::rook_batch_in`].
    ///
    /// # Panics
    /// If `queries` and `out` differ in length.
    #[inline(always)]
    fn bishop_batch_in<C: CompiledFor>(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        batch_in!(self.bishop, C, queries, out, bishop_batch);
    }

    /// [`Slider::queen_batch`] at level `C`, as [`Slider::rook_batch_in`].
    ///
    /// # Panics
    /// If `queries` and `out` differ in length.
    #[inline(always)]
    fn queen_batch_in<C: CompiledFor>(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        batch_in!(self.queen, C, queries, out, queen_batch);
    }
}

/// A technique for the attacks of a slider along one line at a time, each line's attacks
/// disjoint from the others' (the seed's `fileAttacks`, `rankAttacks`, `diagonalAttacks`,
/// `antiDiagonalAttacks`). Each method: the squares a slider on `square` attacks along that
/// line, up to and including the first occupied one each way; `square` is never in it.
pub trait LineAttacks: Copy {
    fn file(self, square: Square, occupied: u64) -> u64;
    fn rank(self, square: Square, occupied: u64) -> u64;
    /// Along the a1-h8 direction.
    fn diagonal(self, square: Square, occupied: u64) -> u64;
    /// Along the h1-a8 direction.
    fn anti_diagonal(self, square: Square, occupied: u64) -> u64;
}

/// One query of a slider family: a slider on `square`, the pieces on `occupied`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SliderQuery {
    pub square: Square,
    pub occupied: Bitboard,
}

impl SliderQuery {
    pub const fn new(square: Square, occupied: Bitboard) -> SliderQuery {
        SliderQuery { square, occupied }
    }
}

/// `slider on e4, occupied:`, then the occupancy as a diagram.
impl fmt::Display for SliderQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "slider on {}, occupied:\n{}", self.square, self.occupied)
    }
}
