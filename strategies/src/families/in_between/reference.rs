//! The reference: walk from `a` towards `b` one square at a time.
//!
//! Deliberately plain and independent of every variant (no table, no bit tricks), so that an
//! agreement between it and a variant means something. Used only for verification.

/// The squares strictly between `a` and `b` on a common rank, file, diagonal or anti-diagonal;
/// empty otherwise (see [`super::InBetween`]): the board geometry's walk,
/// [`crate::board::geometry::lines::between`], which the FEN reader shares.
pub use crate::board::geometry::lines::between;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{board::bitboard::Bitboard, board::square::Square};
    use Square::*;

    use crate::bench::testing::set;

    #[test]
    fn edge_cases_from_the_trait_semantics() {
        assert_eq!(between(E4, E4), Bitboard::EMPTY, "same square");
        assert_eq!(between(E4, E5), Bitboard::EMPTY, "adjacent on a file");
        assert_eq!(between(E4, F5), Bitboard::EMPTY, "adjacent on a diagonal");
        assert_eq!(between(B1, C3), Bitboard::EMPTY, "knight distance");
        assert_eq!(between(A1, H7), Bitboard::EMPTY, "not aligned");
    }

    #[test]
    fn the_four_line_kinds() {
        assert_eq!(between(A1, D1), set(&[B1, C1]), "rank");
        assert_eq!(between(E2, E5), set(&[E3, E4]), "file");
        assert_eq!(
            between(C3, F6),
            set(&[D4, E5]),
            "diagonal (the seed's example)"
        );
        assert_eq!(
            between(C1, A3),
            set(&[B2]),
            "anti-diagonal (the seed's c1-a3 note)"
        );
        assert_eq!(
            between(H1, A8),
            set(&[G2, F3, E4, D5, C6, B7]),
            "long anti-diagonal"
        );
        assert_eq!(between(A8, H1), between(H1, A8), "symmetric");
    }
}
