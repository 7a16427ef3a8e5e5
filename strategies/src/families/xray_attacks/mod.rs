//! X-ray attacks of one slider: the squares a rook or a bishop attacks *through* the blockers
//! it is given, up to and including the next piece behind each.
//!
//! Source: seed `002_6293cd1af08cea25.txt` (X-ray Attacks). Typical use, from the seed's table
//! of motifs: with the opponent's pieces as blockers the x-rays of a slider find the pieces it
//! pins or skewers; with its own pieces, its discovered attacks and batteries; from the king's
//! square with the own pieces as blockers, the opponent's pinners.
//!
//! ## Two families, one per piece
//!
//! This folder is the seed's *single slider* (§ Single Sliders: one slider square per query),
//! as two families like [`crate::families::sliders`]: `rook_xray_attacks` ([`RookXrayFamily`]) and
//! `bishop_xray_attacks` ([`BishopXrayFamily`]), one generic [`XrayFamily<P>`](XrayFamily).
//! A queen's x-rays are its rook's and its bishop's ([`XrayAttacks::queen_xray`]), and the
//! corpus distributions count each queen in both families, as an engine's loops over
//! "rooks and queens" and "bishops and queens" do. A piece field in the query would make
//! every query branch on it: on the corpus that branch is unpredictable, and it took a large
//! share of a query's time with the magic lookups (docs/notebook.md, "Measurements behind the
//! code"), so it would have ranked the branch, not the techniques.
//!
//! The seed's two set-wise routines answer other questions and are families of their own:
//! [`crate::families::xray_attacks_multi`] (§ Multiple Sliders: the x-rays of whole sets of sliders,
//! one fill per direction) and [`crate::families::blockers_by_targets`] (§ Blockers by Targets: the
//! squares between sliders and targets, not x-ray attacks at all).
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! in `families.rs`; `cargo run --release -- list --only rook_xray_attacks,bishop_xray_attacks`
//! prints them.
//!
//! "This CPU's best slider technique" (the seed's `rookAttacks`) cannot be known when the
//! crate is compiled: it depends on the CPU and the cache. So [`modify_occupancy`] is generic
//! over the slider technique ([`crate::families::sliders::Slider`]), several candidates are registered, and the
//! ranking of a run says which is best where it ran.

pub mod direction_fills;
pub mod families;
pub mod featured;
pub mod line_conditional;
pub mod modify_occupancy;
pub mod one_lookup;
/// The reference, shared with [`crate::families::xray_attacks_multi`]: [`crate::bench::reference::xray`].
#[cfg(feature = "bench")]
pub use crate::bench::reference::xray as reference;
#[cfg(feature = "bench")]
pub mod workloads;

#[cfg(target_arch = "x86_64")]
pub mod pext;

pub use families::{BishopXrayFamily, RookXrayFamily, Xray, XrayFamily, XrayUser, XrayVariant};

use crate::{board::bitboard::Bitboard, board::square::Square};
use core::fmt;

/// An x-ray technique.
///
/// # Semantics (every variant, every edge case)
/// `rook_xray(square, occupied, blockers)`: a rook on `square`, pieces on `occupied`, and the
/// pieces it may look through, `blockers`. Along each of the rook's four rays, take the first
/// occupied square (the first blocker). If there is one and it is in `blockers`, the ray's
/// x-ray attacks are the squares **behind** it, up to and including the next occupied square
/// (the second blocker, the piece attacked through the first), or to the board's edge if none
/// is occupied. Otherwise the ray adds nothing. The answer is the union over the rays.
/// `bishop_xray` is the same along the four diagonal rays, and `queen_xray` along all eight
/// (their union).
///
/// That is the seed's formula, `attacks ^ attacks(occupied without (attacks & blockers))`
/// with `attacks = attacks(occupied)` (§ Modifying Occupancy), for blockers that stand on
/// occupied squares. Every edge case follows:
/// - `blockers` empty, or none of them attacked: the empty set.
/// - Only first blockers count. Pieces of `blockers` further along a ray, squares off the
///   slider's rays, and the slider's own square are ignored, and so are squares of `blockers`
///   that are empty (not in `occupied`): nothing stands there to look through. An x-ray goes
///   through exactly one piece: the second blocker ends the ray even if it is in `blockers`.
/// - A first blocker on the board's edge has nothing behind it.
/// - The first blocker is never in the answer (it is attacked directly); the second blocker
///   is; the slider's square never is.
/// - Whether `square` itself is in `occupied` makes no difference, and colours play no part
///   (pass the pieces of one colour as `blockers` to ask about them).
pub trait XrayAttacks: Copy {
    /// The x-ray attacks of a rook on `square` through `blockers`.
    fn rook_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard;

    /// The x-ray attacks of a bishop on `square` through `blockers`.
    fn bishop_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard;

    /// The x-ray attacks of a queen on `square` through `blockers`: `rook_xray | bishop_xray`.
    #[inline(always)]
    fn queen_xray(self, square: Square, occupied: Bitboard, blockers: Bitboard) -> Bitboard {
        self.rook_xray(square, occupied, blockers) | self.bishop_xray(square, occupied, blockers)
    }

    crate::framework::family::scalar_batch!(
        fn rook_xray_batch(self, queries: &[XrayQuery], out: &mut [Bitboard])
            = |query| self.rook_xray(query.square, query.occupied, query.blockers)
    );

    crate::framework::family::scalar_batch!(
        fn bishop_xray_batch(self, queries: &[XrayQuery], out: &mut [Bitboard])
            = |query| self.bishop_xray(query.square, query.occupied, query.blockers)
    );
}

/// One query of an x-ray family: a slider on `square`, the pieces on `occupied`, the pieces it
/// may look through in `blockers` (any set: see [`XrayAttacks`] for the squares that count).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct XrayQuery {
    pub occupied: Bitboard,
    pub blockers: Bitboard,
    pub square: Square,
}

impl XrayQuery {
    pub const fn new(square: Square, occupied: Bitboard, blockers: Bitboard) -> XrayQuery {
        XrayQuery {
            occupied,
            blockers,
            square,
        }
    }
}

/// `slider on e4, occupied:`, the occupancy as a diagram, then the blockers.
impl fmt::Display for XrayQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "slider on {}, occupied:\n{}\nblockers:\n{}",
            self.square, self.occupied, self.blockers
        )
    }
}
