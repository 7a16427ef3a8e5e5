//! Modifying occupancy on a slider technique that needs a CPU feature (a `#[target_feature]`
//! lookup, not inlined into code built without it): the batch loop runs inside the
//! technique's [`Slider::with_features`], where its lookups inline; single queries go through
//! the calls. [`super::pext`] does the same for `pext` with its own `bmi2` functions.
//!
//! Source: seed `002_6293cd1af08cea25.txt`, § Modifying Occupancy, on the slider technique
//! `S`. Footprint and CPU features: `S`'s.

use super::modify_occupancy::ModifyOccupancy;
use super::{XrayAttacks, XrayQuery};
use crate::families::sliders::Slider;
use crate::framework::level::Job;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Modifying occupancy on `S`, its batches compiled with `S`'s features.
#[derive(Clone, Copy, Debug)]
pub struct ModifyOccupancyFeatured<S>(pub ModifyOccupancy<S>);

impl<S: Slider> XrayAttacks for ModifyOccupancyFeatured<S> {
    #[inline]
    fn rook_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        self.0.rook_xray(square, occupied, blockers)
    }

    #[inline]
    fn bishop_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        self.0.bishop_xray(square, occupied, blockers)
    }

    #[inline]
    fn queen_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        self.0.queen_xray(square, occupied, blockers)
    }

    #[inline]
    fn rook_xray_batch(self, queries: &[XrayQuery], out: &mut [Bitboard]) {
        let (kernel, rook) = (self.0, true);
        kernel.0.with_features(Batch {
            kernel,
            rook,
            queries,
            out,
        })
    }

    #[inline]
    fn bishop_xray_batch(self, queries: &[XrayQuery], out: &mut [Bitboard]) {
        let (kernel, rook) = (self.0, false);
        kernel.0.with_features(Batch {
            kernel,
            rook,
            queries,
            out,
        })
    }
}

/// A rook's or a bishop's x-ray batch as a [`Job`], for [`Slider::with_features`].
struct Batch<'a, S> {
    kernel: ModifyOccupancy<S>,
    rook: bool,
    queries: &'a [XrayQuery],
    out: &'a mut [Bitboard],
}

impl<S: Slider> Job for Batch<'_, S> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        match self.rook {
            true => self.kernel.rook_xray_batch(self.queries, self.out),
            false => self.kernel.bishop_xray_batch(self.queries, self.out),
        }
    }
}
