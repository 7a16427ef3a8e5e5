//! Line-wise x-rays with a conditional second lookup: per line through the slider, the line's
//! attacks; the attacked blockers off the board's edge; and only if there are any, the line's
//! attacks again without them, XORed.
//!
//! Source: seed `002_6293cd1af08cea25.txt`, § Modifying Occupancy (`xrayFileAttacks`,
//! `xrayRankAttacks`, `xrayDiagonalAttacks`): "one may use a condition to save the second
//! lookup - one may use disjoint line-attacks rather than piece-attacks. If so, it makes sense
//! to exclude the outer squares from the blockers." Footprint: the line technique's. CPU
//! features: none.
//!
//! A blocker on the line's outer square (the board's edge) has nothing behind it, so it never
//! needs the second lookup; the seed's masks drop the outer squares of each kind of line
//! ([`FILE_INNER`], [`RANK_INNER`], [`DIAGONAL_INNER`]). Generic over the line technique
//! ([`LineAttacks`], the slider family's line-wise trait, which obstruction difference and
//! kindergarten bitboards implement); the seed's `fileAttacks` and friends are whichever the
//! engine has.
//! Blockers are removed with `occ & !blockers` (see [`super::modify_occupancy`]).

use super::XrayAttacks;
use crate::{board::bitboard::Bitboard, board::square::Square};

pub use crate::families::sliders::LineAttacks;

/// Every square off the first and eighth ranks: the inner squares of a file.
pub const FILE_INNER: u64 = 0x00FF_FFFF_FFFF_FF00;
/// Every square off the a- and h-files: the inner squares of a rank.
pub const RANK_INNER: u64 = 0x7E7E_7E7E_7E7E_7E7E;
/// Every square off the board's edge: the inner squares of a diagonal.
pub const DIAGONAL_INNER: u64 = 0x007E_7E7E_7E7E_7E00;

/// The x-rays along one line: the seed's routine, `line` being the line's attack function.
#[inline(always)]
fn line_xray(line: impl Fn(u64) -> u64, occupied: u64, blockers: u64, inner: u64) -> u64 {
    let attacks = line(occupied);
    let looked_through = blockers & attacks & inner;
    if looked_through == 0 {
        return 0;
    }
    attacks ^ line(occupied & !looked_through)
}

/// Line-wise x-rays with the conditional second lookup, on the line technique `L`.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineConditional<L>(pub L);

impl<L: LineAttacks> XrayAttacks for LineConditional<L> {
    #[inline(always)]
    fn rook_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        let l = self.0;
        let (occupied, blockers) = (occupied.0, blockers.0);
        let file = line_xray(|o| l.file(square, o), occupied, blockers, FILE_INNER);
        let rank = line_xray(|o| l.rank(square, o), occupied, blockers, RANK_INNER);
        Bitboard(file | rank)
    }

    #[inline(always)]
    fn bishop_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        let l = self.0;
        let (occupied, blockers) = (occupied.0, blockers.0);
        let diagonal = line_xray(
            |o| l.diagonal(square, o),
            occupied,
            blockers,
            DIAGONAL_INNER,
        );
        let anti = line_xray(
            |o| l.anti_diagonal(square, o),
            occupied,
            blockers,
            DIAGONAL_INNER,
        );
        Bitboard(diagonal | anti)
    }
}
