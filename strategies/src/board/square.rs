//! `Square`: one of the 64 squares, numbered little-endian rank-file as in every seed
//! (a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63).
//!
//! `Square` is a `#[repr(u8)]` enum, so a value out of range cannot exist: `sq as usize` is
//! known to the compiler to be below 64, and indexing a 64-entry table with it needs no bounds
//! check on the hot path.

use core::fmt;
use core::str::FromStr;

/// One square of the board. Construct it with [`Square::new`], [`Square::from_file_rank`] or
/// by parsing algebraic notation (`"e4".parse::<Square>()`).
#[rustfmt::skip]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

/// Why a square could not be made from the given input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// An index outside 0..=63.
    IndexOutOfRange(u32),
    /// A file outside 0..=7 or a rank outside 0..=7.
    FileRankOutOfRange { file: u32, rank: u32 },
    /// Text that is not a file letter `a`–`h` followed by a rank digit `1`–`8`.
    BadAlgebraic(String),
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::IndexOutOfRange(i) => write!(f, "square index {i} is out of range 0..=63"),
            SquareError::FileRankOutOfRange { file, rank } => {
                write!(f, "file {file} / rank {rank} out of range 0..=7")
            }
            SquareError::BadAlgebraic(s) => {
                write!(
                    f,
                    "{s:?} is not a square: expected a file a-h and a rank 1-8, like \"e4\""
                )
            }
        }
    }
}

impl std::error::Error for SquareError {}

impl Square {
    /// Every square, a1 first, h8 last; `Square::ALL[i]` is the square with index `i`.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        let mut all = [Square::A1; 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square::from_index_masked(i as u8);
            i += 1;
        }
        all
    };

    /// The square with index `index` (a1 = 0 … h8 = 63), or an error if it is out of range.
    pub const fn new(index: u32) -> Result<Square, SquareError> {
        if index < 64 {
            Ok(Square::from_index_masked(index as u8))
        } else {
            Err(SquareError::IndexOutOfRange(index))
        }
    }

    /// The square on `file` (0 = a … 7 = h) and `rank` (0 = first … 7 = eighth).
    pub const fn from_file_rank(file: u32, rank: u32) -> Result<Square, SquareError> {
        if file < 8 && rank < 8 {
            Ok(Square::from_index_masked((rank * 8 + file) as u8))
        } else {
            Err(SquareError::FileRankOutOfRange { file, rank })
        }
    }

    /// The square whose index is the low six bits of `index`. Total and branch-free: this is
    /// what the hot paths use after a bit scan, where the index is already known to be in range.
    #[inline(always)]
    pub const fn from_index_masked(index: u8) -> Square {
        // SAFETY: `Square` is `repr(u8)` with exactly the 64 discriminants 0..=63, and
        // `index & 63` is in 0..=63, so it is the discriminant of a valid `Square`.
        unsafe { core::mem::transmute::<u8, Square>(index & 63) }
    }

    /// The index, 0..=63.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file, 0 (a) ..= 7 (h).
    #[inline(always)]
    pub const fn file(self) -> u32 {
        self as u32 & 7
    }

    /// The rank, 0 (first) ..= 7 (eighth).
    #[inline(always)]
    pub const fn rank(self) -> u32 {
        self as u32 >> 3
    }

    /// The square `(files, ranks)` steps away, or `None` when that leaves the board.
    pub const fn offset(self, files: i32, ranks: i32) -> Option<Square> {
        let file = self.file() as i32 + files;
        let rank = self.rank() as i32 + ranks;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square::from_index_masked((rank * 8 + file) as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.file() as u8) as char;
        let rank = (b'1' + self.rank() as u8) as char;
        write!(f, "{file}{rank}")
    }
}

impl FromStr for Square {
    type Err = SquareError;

    /// Parses algebraic notation: a file letter `a`–`h` (either case) and a rank digit `1`–`8`.
    fn from_str(text: &str) -> Result<Square, SquareError> {
        let bad = || SquareError::BadAlgebraic(text.to_string());
        match text.as_bytes() {
            [file, rank] => {
                let file = file.to_ascii_lowercase().wrapping_sub(b'a') as u32;
                let rank = rank.wrapping_sub(b'1') as u32;
                Square::from_file_rank(file, rank).map_err(|_| bad())
            }
            _ => Err(bad()),
        }
    }
}

/// An ordered pair of squares: the input of the in-between family.
///
/// `repr(C)` with two bytes, so SIMD kernels may load four pairs as eight bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(C)]
pub struct SquarePair {
    pub from: Square,
    pub to: Square,
}

impl SquarePair {
    pub const fn new(from: Square, to: Square) -> SquarePair {
        SquarePair { from, to }
    }

    /// All 4096 ordered pairs, `from` major.
    pub fn all() -> impl Iterator<Item = SquarePair> {
        Square::ALL.into_iter().flat_map(|from| {
            Square::ALL
                .into_iter()
                .map(move |to| SquarePair { from, to })
        })
    }
}

impl fmt::Display for SquarePair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.from, self.to)
    }
}

/// Our squares as the peer crates' (`chess`, `cozy-chess`), for the `peers` feature's
/// variants: both number a1 = 0 to h8 = 63 in a byte, so each conversion compiles to nothing.
#[cfg(feature = "peers")]
pub(crate) mod peers {
    use super::Square;

    /// Our square as a `chess::Square`.
    #[inline(always)]
    pub(crate) fn to_chess(square: Square) -> chess::Square {
        // SAFETY: `chess::Square::new` requires an index below 64, and a `Square` is 0..=63.
        unsafe { chess::Square::new(square as u8) }
    }

    /// Our square as a `cozy_chess::Square`.
    #[inline(always)]
    pub(crate) fn to_cozy_chess(square: Square) -> cozy_chess::Square {
        cozy_chess::Square::index_const(square as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips_through_algebraic() {
        for sq in Square::ALL {
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>(), Ok(sq));
            assert_eq!(Square::new(sq as u32), Ok(sq));
            assert_eq!(Square::from_file_rank(sq.file(), sq.rank()), Ok(sq));
        }
        assert_eq!(Square::A1 as u8, 0);
        assert_eq!(Square::H1 as u8, 7);
        assert_eq!(Square::A2 as u8, 8);
        assert_eq!(Square::H8 as u8, 63);
        assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
        assert_eq!("E4".parse::<Square>(), Ok(Square::E4));
    }

    #[test]
    fn bad_input_is_a_typed_error() {
        assert_eq!(Square::new(64), Err(SquareError::IndexOutOfRange(64)));
        assert!(Square::from_file_rank(8, 0).is_err());
        assert!(Square::from_file_rank(0, 8).is_err());
        for text in ["", "e", "e9", "i1", "e0", "e44", "4e", "é4", "  "] {
            assert_eq!(
                text.parse::<Square>(),
                Err(SquareError::BadAlgebraic(text.to_string())),
                "{text:?}"
            );
        }
    }

    #[test]
    fn offset_stays_on_the_board() {
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::H8.offset(0, 1), None);
        assert_eq!(Square::D4.offset(1, 2), Some(Square::E6));
    }
}
