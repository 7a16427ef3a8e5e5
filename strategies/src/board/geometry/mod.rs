//! Board geometry: the ground floor every family and [`crate::board::position`] build on, and that
//! imports nothing above [`crate::board::bitboard::Bitboard`] and [`crate::board::square::Square`] (as cozy-chess keeps its
//! geometry in its `types` crate, and Stockfish in `bitboard.h`).
//!
//! - [`masks`]: files, ranks and the wrap masks of one- and two-file steps;
//! - [`fills`]: one-file steps east and west, north and south fills of a set, and the
//!   Kogge-Stone fills, attacks and x-rays of a set of sliders in one direction;
//! - [`rays`]: the eight directions with their shifts, rays, and the relevant-occupancy masks
//!   of the slider tables;
//! - [`first_rank`]: a rook's attacks along a rank, by a table of the first rank's;
//! - [`lines`]: the squares between two squares, the empty-board lines of rook and bishop,
//!   and the 0x88 difference of two squares;
//! - [`line_masks`]: the lower ray, upper ray and line through each square, per line;
//! - [`leapers`]: the knight, king and pawn attack tables;
//! - [`knight_shifts`]: the knight attacks of a whole set, by shifts;
//! - [`Footprint`]: the bytes of table a rook-and-bishop technique reads, per piece.
//!
//! A family's *reference* does not use this module (it walks the board with
//! [`crate::board::square::Square::offset`]), so that a mistake here cannot hide in both a variant and its
//! check; the in-between reference's walk, [`lines::between`], is the one exception, shared
//! with the FEN reader.

pub mod fills;
pub mod first_rank;
pub mod knight_shifts;
pub mod leapers;
pub mod line_masks;
pub mod lines;
pub mod masks;
pub mod rays;

pub use masks::{FILE_A, FILE_H, NOT_A, NOT_AB, NOT_GH, NOT_H, RANK_1, RANK_8};
pub use rays::{
    bishop_rays, extract_bits, ray, ray_attacks, relevant, relevant_ray, rook_rays, shift_by,
    Direction,
};

/// Bytes of static tables a rook-and-bishop technique reads to answer one piece's queries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Footprint {
    pub rook: usize,
    pub bishop: usize,
}

impl Footprint {
    /// No table: pure calculation.
    pub const NONE: Footprint = Footprint::same(0);

    /// The same bytes for both pieces (a table the two share).
    pub const fn same(bytes: usize) -> Footprint {
        Footprint {
            rook: bytes,
            bishop: bytes,
        }
    }

    /// Bytes for both pieces: the sum, or one of them where the two share one table.
    pub const fn both(self, shared: bool) -> usize {
        match shared {
            true => self.rook,
            false => self.rook + self.bishop,
        }
    }
}
