//! The shapes of a slider technique's default batch methods, [`Slider::BATCH`]: each runs its
//! queries one after the other, or in groups of [`LANES`].
//!
//! In a group, the queries' squares and occupancies are first copied into an array each, and
//! the answers computed lane by lane into a third, so that the compiler may compute the whole
//! group side by side in vector registers, a table load becoming a gather. For the plain loop
//! it often does not: it then compiles one query per iteration. Which shape is faster depends
//! on the technique, the piece and the instructions the loop is compiled with (groups that
//! gain with AVX-512's gathers can lose with AVX2's, or with the baseline's SSE2), so each
//! technique chooses per piece and per level ([`LevelShapes`]), and the loop's copy for a level
//! runs that level's choice ([`Slider::rook_batch_in`]); docs/notebook.md ("Measurements behind
//! the code") has what the choices measured. The answers are the same either way.
//!
//! [`Slider::BATCH`]: super::super::Slider::BATCH
//! [`Slider::rook_batch_in`]: super::super::Slider::rook_batch_in

use crate::framework::level::Compiled;

/// The queries per group: eight 64-bit lanes, one AVX-512 register.
pub const LANES: usize = 8;

/// The shape of each of a slider technique's three default batch methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchShapes {
    pub rook: BatchShape,
    pub bishop: BatchShape,
    pub queen: BatchShape,
}

impl BatchShapes {
    /// Every batch the plain loop: the default.
    pub const ONE_BY_ONE: BatchShapes = BatchShapes {
        rook: BatchShape::OneByOne,
        bishop: BatchShape::OneByOne,
        queen: BatchShape::OneByOne,
    };

    /// The queen's batch in lanes, the rook's and the bishop's the plain loop.
    pub const QUEEN_IN_LANES: BatchShapes = BatchShapes {
        queen: BatchShape::InLanes,
        ..BatchShapes::ONE_BY_ONE
    };

    /// The rook's batch in lanes, the others the plain loop.
    pub const ROOK_IN_LANES: BatchShapes = BatchShapes {
        rook: BatchShape::InLanes,
        ..BatchShapes::ONE_BY_ONE
    };

    /// The bishop's batch in lanes, the others the plain loop.
    pub const BISHOP_IN_LANES: BatchShapes = BatchShapes {
        bishop: BatchShape::InLanes,
        ..BatchShapes::ONE_BY_ONE
    };

    /// Every batch in lanes.
    pub const IN_LANES: BatchShapes = BatchShapes {
        rook: BatchShape::InLanes,
        bishop: BatchShape::InLanes,
        queen: BatchShape::InLanes,
    };
}

/// A technique's [`BatchShapes`] for each level a loop is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelShapes {
    /// The target's baseline (on x86-64, SSE2), and every build without the levels' copies.
    pub baseline: BatchShapes,
    /// `x86-64-v3`: AVX2 and its gathers.
    pub v3: BatchShapes,
    /// `x86-64-v4`: AVX-512.
    pub v4: BatchShapes,
}

impl LevelShapes {
    /// Every batch the plain loop, at every level: the default.
    pub const ONE_BY_ONE: LevelShapes = LevelShapes::at_v4(BatchShapes::ONE_BY_ONE);

    /// `v4` at `x86-64-v4`, the plain loop below it.
    pub const fn at_v4(v4: BatchShapes) -> LevelShapes {
        LevelShapes {
            baseline: BatchShapes::ONE_BY_ONE,
            v3: BatchShapes::ONE_BY_ONE,
            v4,
        }
    }

    /// `shapes` at every level.
    pub const fn at_every_level(shapes: BatchShapes) -> LevelShapes {
        LevelShapes {
            baseline: shapes,
            v3: shapes,
            v4: shapes,
        }
    }

    /// The shapes of a loop's copy compiled for `level`.
    #[inline(always)]
    pub const fn at(self, level: Compiled) -> BatchShapes {
        match level {
            Compiled::Baseline => self.baseline,
            Compiled::V3 => self.v3,
            Compiled::V4 => self.v4,
        }
    }
}

/// How one batch method runs its queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchShape {
    /// The plain loop, [`each!`](crate::framework::family::each).
    OneByOne,
    /// Groups of [`LANES`] queries, their squares and occupancies in arrays (see the module).
    InLanes,
}

/// `in_lanes!(queries, out, |square, occupied| answer)`: `out[i]` = `answer` for
/// `queries[i]`, in groups of [`LANES`] as the module says, the rest one at a time.
///
/// # Panics
/// If the slices differ in length.
macro_rules! in_lanes {
    ($queries:expr, $out:expr, |$square:ident, $occupied:ident| $answer:expr) => {{
        use $crate::board::{bitboard::Bitboard, square::Square};
        use $crate::families::sliders::support::lanes::LANES;
        let (queries, out) = ($queries, $out);
        assert_eq!(queries.len(), out.len(), "batch slices differ in length");
        let mut groups = queries.chunks_exact(LANES);
        let mut outs = out.chunks_exact_mut(LANES);
        for (group, out) in (&mut groups).zip(&mut outs) {
            let (mut squares, mut occupancies) = ([Square::A1; LANES], [Bitboard::EMPTY; LANES]);
            for lane in 0..LANES {
                squares[lane] = group[lane].square;
                occupancies[lane] = group[lane].occupied;
            }
            let mut answers = [Bitboard::EMPTY; LANES];
            for lane in 0..LANES {
                let ($square, $occupied) = (squares[lane], occupancies[lane]);
                answers[lane] = $answer;
            }
            out.copy_from_slice(&answers);
        }
        for (out, query) in outs.into_remainder().iter_mut().zip(groups.remainder()) {
            let ($square, $occupied) = (query.square, query.occupied);
            *out = $answer;
        }
    }};
}
pub(crate) use in_lanes;
