//! Whether a square is attacked by a side: a yes or no, for the in-check test, the legality
//! of king moves and castling, and the safety of a square.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § Any Attack by Side, and seed
//! `003_d2eaa903979c88fb.txt` (Checks and Pinned Pieces), § On the Fly. All three variants
//! take their slider attacks from magic ([`crate::families::sliders::magic::Magic`]), so they differ only
//! in how they combine the piece tests.
//!
//! The variants, with their footprints and sources, are the rows of the `family!` table
//! below; `cargo run --release -- list --only attacked` prints them.

pub mod attacks_to_nonzero;
pub mod by_side_nonzero;
pub mod early_return;
#[cfg(feature = "bench")]
pub mod reference;
#[cfg(feature = "bench")]
pub mod workloads;

use crate::board::geometry;
use crate::board::position::{Colour, Position};
use crate::board::square::Square;
use crate::families::sliders::magic;
use crate::framework::family::Source;
use core::fmt;

/// The seed page its techniques come from (`shared/seeds/`).
const SEED: &str = "000_25ad13ed25e2ec35.txt";

/// The attacked-by-side family.
///
/// # Semantics (every variant, every edge case)
/// `attacked(position, square, by)` is true when at least one piece of colour `by` attacks
/// `square` in `position`, with the position's occupancy, in the sense of
/// [`AttacksTo`](crate::families::attacks_to::AttacksTo): pawns diagonally forward only, sliders up to
/// and including the first occupied square (no x-rays).
/// - What stands on `square` plays no part: empty, one of `by`'s own pieces (then the answer
///   says whether it is defended), or an enemy piece. A piece never attacks its own square.
/// - `by` need not be the side to move or its opponent in any particular way; side to move,
///   castling rights and the en-passant square play no part.
/// - For a king's legal moves a caller must take the king off the board first (a square behind
///   the king on a checking line is not attacked while the king blocks it); this family
///   answers for the position as it is.
pub trait Attacked: Copy {
    /// Whether a piece of `by` attacks `square` (see the trait's semantics).
    fn attacked(self, position: &Position, square: Square, by: Colour) -> bool;

    crate::framework::family::scalar_batch!(
        fn attacked_batch(self, queries: &[SideQuery], out: &mut [bool])
            = |query| self.attacked(&query.position, query.square, query.by)
    );
}

/// One query: a position, a square and the side whose attacks count. Passed by value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SideQuery {
    pub position: Position,
    pub square: Square,
    pub by: Colour,
}

impl SideQuery {
    pub const fn new(position: Position, square: Square, by: Colour) -> SideQuery {
        SideQuery {
            position,
            square,
            by,
        }
    }
}

/// `<FEN>, square e4 attacked by white?`.
impl fmt::Display for SideQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, square {} attacked by {}?",
            self.position, self.square, self.by
        )
    }
}

/// The leaper tables and magic's rook and bishop tables: what every variant reads.
const TABLE_BYTES: usize =
    geometry::leapers::LEAPER_BYTES + magic::TABLE_BYTES.rook + magic::TABLE_BYTES.bishop;

crate::framework::family::table::family! {
    /// Marker type for the attacked-by-side family, as the harness sees it.
    pub struct AttackedFamily {
        name: "attacked",
        summary: "whether a side attacks a square of a position",
        query: SideQuery => bool,
        reference: |query| reference::attacked(&query.position, query.square, query.by),
        echo: |query| query.position.colour(query.by).contains(query.square),
    }

    /// The registry: every attacked-by-side variant.
    pub enum AttackedVariant {
        EarlyReturn {
            name: "early_return",
            summary: "pawns, knights, king, bishops+queens, rooks+queens of the side, returning at the first hit",
            kernel: early_return::EarlyReturn,
            source: Source::seed(SEED, "Any Attack by Side"),
            footprint: TABLE_BYTES,
        },
        AttacksToNonzero {
            name: "attacks_to_nonzero",
            summary: "every attacker of both colours by the super-piece with magic, intersected with the side",
            kernel: attacks_to_nonzero::AttacksToNonzero,
            source: Source::seed(SEED, "Attacks to a Square, By all Pieces"),
            footprint: TABLE_BYTES,
        },
        BySideNonzero {
            name: "by_side_nonzero",
            summary: "the side's attackers only (attacksToKing), branch-free, tested for nonzero",
            kernel: by_side_nonzero::BySideNonzero,
            source: Source::seed("003_d2eaa903979c88fb.txt", "Checks, On the Fly (attacksToKing)"),
            footprint: TABLE_BYTES,
        },
    }

    // Every technique is a kernel: a query calls `attacked`, a batch `attacked_batch`.
    impl<T: Attacked> Kernel for T {
        query(query) => attacked(&query.position, query.square, query.by),
        batch => attacked_batch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::bench::testing::family_tests!(AttackedFamily);
}
