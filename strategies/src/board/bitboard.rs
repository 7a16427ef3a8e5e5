//! `Bitboard`: a set of squares as a `u64`, bit `i` standing for the square with index `i`.

use crate::board::square::Square;
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares. `repr(transparent)`, so a slice of bitboards is a slice of `u64` to SIMD
/// kernels.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding `square` alone.
    #[inline(always)]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square as u32)
    }

    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square as u32 & 1 != 0
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The set of squares, lowest index first.
    #[inline(always)]
    pub const fn squares(self) -> Squares {
        Squares(self.0)
    }
}

/// Whether `set` holds more than one square.
#[inline(always)]
pub(crate) const fn more_than_one(set: Bitboard) -> bool {
    set.0 & set.0.wrapping_sub(1) != 0
}

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square::from_index_masked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.squares()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares
            .into_iter()
            .fold(Bitboard::EMPTY, |set, sq| set | Bitboard::from_square(sq))
    }
}

impl From<Square> for Bitboard {
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Shl<u32> for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0 << n)
    }
}

impl Shr<u32> for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0 >> n)
    }
}

/// Draws the board as the seeds do: rank 8 on top, file a on the left, `1` for a member and
/// `.` otherwise.
impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let bit = self.0 >> (rank * 8 + file) & 1;
                let cell = if bit == 1 { '1' } else { '.' };
                if file > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{cell}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard(0x{:016x})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_puts_rank_eight_on_top() {
        let board = Bitboard::from_square(Square::A1) | Bitboard::from_square(Square::H8);
        let text = board.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[0], ". . . . . . . 1");
        assert_eq!(lines[7], "1 . . . . . . .");
    }

    #[test]
    fn iteration_yields_members_in_order() {
        let squares = [Square::B1, Square::E4, Square::H8];
        let board: Bitboard = squares.into_iter().collect();
        assert_eq!(board.len(), 3);
        assert_eq!(board.squares().collect::<Vec<_>>(), squares);
        assert!(board.contains(Square::E4) && !board.contains(Square::E5));
        assert_eq!(Bitboard::EMPTY.squares().next(), None);
    }
}
