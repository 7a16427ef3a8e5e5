//! Chess positions: the input of every position-based family.
//!
//! - [`Position`]: a compact `Copy` position, 72 bytes: two colour bitboards, six piece-kind
//!   bitboards, side to move, castling rights, en-passant square, and the two move counters.
//! - [`Move`]: a move as UCI writes it (`e2e4`, `e1g1`, `e7e8q`).
//! - [`fen`]: reading and writing FEN ([`Position::from_fen`], [`Position::to_fen`]), with an
//!   error ([`FenError`]) that names the offending field.
//! - [`walk`]: attacks, attackers and checkers found by walking rays one square at a time, for
//!   the FEN reader's checks and the reference move generator.
//! - `peers` (feature `peers`): a position as the `chess` and `cozy-chess` crates' boards, for
//!   the peer variants of the position-based families.
//!
//! The reference move generator and the seeded corpus of positions are bench scaffolding:
//! `bench::reference` and `bench::corpus` (feature `bench`).
//!
//! Standard chess only (no Chess960).
//!
//! # Invariants of every `Position`
//! A `Position` comes from [`Position::from_fen`], [`Position::startpos`] or
//! a legal move made by a move generator (`movegen::make`, `bench::reference::make`), and each of those keeps these invariants:
//! - the two colour sets are disjoint, the six kind sets are disjoint, and the union of the
//!   colours is the union of the kinds (every occupied square holds exactly one piece);
//! - each colour has exactly one king, at most 16 pieces and at most 8 pawns; no pawn stands
//!   on the first or eighth rank;
//! - the side not to move is not in check;
//! - a castling right is held only while that king and that rook stand on their original
//!   squares (e1/e8, h1/h8 for the king side, a1/a8 for the queen side);
//! - the en-passant square is set after **every** double pawn push, whether or not a capture
//!   en passant is possible (as most FEN writers do): it is the square the pawn passed over,
//!   on the sixth rank with white to move and the third with black to move, and the pawn that
//!   just moved stands in front of it. Otherwise it is `None`.
//!
//! Not checked: whether the position can be reached from the start position (for example a
//! triple check, or more promoted pieces than missing pawns).

pub mod fen;
pub mod leapers;
#[cfg(feature = "peers")]
pub(crate) mod peers;
pub mod walk;

pub use fen::{FenError, FenField};

use crate::{board::bitboard::Bitboard, board::square::Square};
use core::fmt;
use core::ops::Not;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// White, then black; `Colour::ALL[c.index()] == c`.
    pub const ALL: [Colour; 2] = [Colour::White, Colour::Black];

    /// 0 for white, 1 for black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The ranks its pawns advance by: +1 for white, -1 for black.
    #[inline]
    pub const fn forward(self) -> i32 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }

    /// The rank its king and rooks start on: 0 (first) for white, 7 (eighth) for black.
    #[inline]
    pub const fn back_rank(self) -> u32 {
        match self {
            Colour::White => 0,
            Colour::Black => 7,
        }
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    /// All ones for black, all zeros for white: a branch-free select between the two.
    #[inline(always)]
    pub const fn black_mask(self) -> u64 {
        0u64.wrapping_sub(self as u64)
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Not for Colour {
    type Output = Colour;

    /// The other side.
    #[inline]
    fn not(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The kind of a piece, without its colour.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Piece {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Piece {
    /// Every kind, pawn first; `Piece::ALL[p.index()] == p`.
    pub const ALL: [Piece; 6] = [
        Piece::Pawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::King,
    ];

    /// The kinds a pawn may promote to, in the order the reference generates them.
    pub const PROMOTIONS: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

    /// 0 (pawn) ..= 5 (king).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter of FEN and UCI: `p n b r q k`.
    pub const fn letter(self) -> char {
        match self {
            Piece::Pawn => 'p',
            Piece::Knight => 'n',
            Piece::Bishop => 'b',
            Piece::Rook => 'r',
            Piece::Queen => 'q',
            Piece::King => 'k',
        }
    }

    /// The kind whose lowercase letter is `letter`; `None` for any other character.
    pub const fn from_letter(letter: char) -> Option<Piece> {
        match letter {
            'p' => Some(Piece::Pawn),
            'n' => Some(Piece::Knight),
            'b' => Some(Piece::Bishop),
            'r' => Some(Piece::Rook),
            'q' => Some(Piece::Queen),
            'k' => Some(Piece::King),
            _ => None,
        }
    }
}

/// Castling rights: four independent bits, written in FEN as a subset of `KQkq` or `-`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Castling(u8);

impl Castling {
    pub const NONE: Castling = Castling(0);
    /// `K`: white may castle on the king side (e1-g1 with the rook h1-f1).
    pub const WHITE_KINGSIDE: Castling = Castling(1);
    /// `Q`: white may castle on the queen side (e1-c1 with the rook a1-d1).
    pub const WHITE_QUEENSIDE: Castling = Castling(2);
    /// `k`: black may castle on the king side (e8-g8 with the rook h8-f8).
    pub const BLACK_KINGSIDE: Castling = Castling(4);
    /// `q`: black may castle on the queen side (e8-c8 with the rook a8-d8).
    pub const BLACK_QUEENSIDE: Castling = Castling(8);
    pub const ALL: Castling = Castling(15);

    /// The four single rights in FEN order `K Q k q`, with their letters.
    pub const LETTERS: [(Castling, char); 4] = [
        (Castling::WHITE_KINGSIDE, 'K'),
        (Castling::WHITE_QUEENSIDE, 'Q'),
        (Castling::BLACK_KINGSIDE, 'k'),
        (Castling::BLACK_QUEENSIDE, 'q'),
    ];

    /// The king-side right of `colour`.
    #[inline]
    pub const fn kingside(colour: Colour) -> Castling {
        match colour {
            Colour::White => Castling::WHITE_KINGSIDE,
            Colour::Black => Castling::BLACK_KINGSIDE,
        }
    }

    /// The queen-side right of `colour`.
    #[inline]
    pub const fn queenside(colour: Colour) -> Castling {
        match colour {
            Colour::White => Castling::WHITE_QUEENSIDE,
            Colour::Black => Castling::BLACK_QUEENSIDE,
        }
    }

    /// The rights as bits: 1 = `K`, 2 = `Q`, 4 = `k`, 8 = `q`.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether every right in `rights` is held.
    #[inline]
    pub const fn contains(self, rights: Castling) -> bool {
        self.0 & rights.0 == rights.0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rights in either.
    #[inline]
    pub const fn union(self, other: Castling) -> Castling {
        Castling(self.0 | other.0)
    }

    /// These rights less those in `lost`.
    #[inline]
    pub const fn without(self, lost: Castling) -> Castling {
        Castling(self.0 & !lost.0)
    }
}

/// The FEN castling field: `KQkq` order, `-` when empty.
impl fmt::Display for Castling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (right, letter) in Castling::LETTERS {
            if self.contains(right) {
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Castling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Castling({self})")
    }
}

/// A chess position. `Copy`, 72 bytes; see the [module documentation](self) for the
/// invariants every value keeps. `Display` writes its FEN.
///
/// The fields are visible to the crate so that the move generator's make and the latency
/// chains of position families can write them directly; whatever writes them keeps the
/// invariants.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The squares of each side's pieces, indexed by [`Colour::index`].
    pub(crate) colours: [Bitboard; 2],
    /// The squares of each kind of piece, both colours, indexed by [`Piece::index`].
    pub(crate) pieces: [Bitboard; 6],
    pub(crate) side_to_move: Colour,
    pub(crate) castling: Castling,
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u16,
    pub(crate) fullmove_number: u16,
}

/// The FEN of the start position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// The start position.
    pub const fn startpos() -> Position {
        Position {
            colours: [
                Bitboard(0x0000_0000_0000_ffff),
                Bitboard(0xffff_0000_0000_0000),
            ],
            pieces: [
                Bitboard(0x00ff_0000_0000_ff00), // pawns on the second and seventh ranks
                Bitboard(0x4200_0000_0000_0042), // knights b1 g1 b8 g8
                Bitboard(0x2400_0000_0000_0024), // bishops c1 f1 c8 f8
                Bitboard(0x8100_0000_0000_0081), // rooks a1 h1 a8 h8
                Bitboard(0x0800_0000_0000_0008), // queens d1 d8
                Bitboard(0x1000_0000_0000_0010), // kings e1 e8
            ],
            side_to_move: Colour::White,
            castling: Castling::ALL,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The squares of `colour`'s pieces.
    #[inline]
    pub fn colour(&self, colour: Colour) -> Bitboard {
        self.colours[colour.index()]
    }

    /// The squares of every piece of kind `piece`, both colours.
    #[inline]
    pub fn kind(&self, piece: Piece) -> Bitboard {
        self.pieces[piece.index()]
    }

    /// The squares of `colour`'s pieces of kind `piece`.
    #[inline]
    pub fn pieces(&self, colour: Colour, piece: Piece) -> Bitboard {
        self.colour(colour) & self.kind(piece)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colours[0] | self.colours[1]
    }

    /// The square of `colour`'s king (there is exactly one).
    #[inline]
    pub fn king(&self, colour: Colour) -> Square {
        Square::from_index_masked(self.pieces(colour, Piece::King).0.trailing_zeros() as u8)
    }

    /// The colour and kind of the piece on `square`, or `None` if it is empty.
    #[inline]
    pub fn piece_on(&self, square: Square) -> Option<(Colour, Piece)> {
        let colour = Colour::ALL
            .into_iter()
            .find(|&c| self.colour(c).contains(square))?;
        Piece::ALL
            .into_iter()
            .find(|&p| self.kind(p).contains(square))
            .map(|p| (colour, p))
    }

    #[inline]
    pub fn side_to_move(&self) -> Colour {
        self.side_to_move
    }

    #[inline]
    pub fn castling(&self) -> Castling {
        self.castling
    }

    /// The square a pawn passed over in a double push on the last move (see the module
    /// documentation), else `None`.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Plies since the last capture or pawn move (saturates at 65,535).
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// Starts at 1 and grows after each black move (saturates at 65,535).
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// A board with no pieces: the start of building a position. Not a valid position until
    /// both kings are placed.
    const fn empty() -> Position {
        Position {
            colours: [Bitboard::EMPTY; 2],
            pieces: [Bitboard::EMPTY; 6],
            side_to_move: Colour::White,
            castling: Castling::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// Puts a piece on `square`, which must be empty.
    pub(crate) fn put(&mut self, square: Square, colour: Colour, piece: Piece) {
        debug_assert!(!self.occupied().contains(square), "{square} is occupied");
        self.colours[colour.index()] |= Bitboard::from_square(square);
        self.pieces[piece.index()] |= Bitboard::from_square(square);
    }

    /// Empties `square` (whatever stood there, if anything); the reference move generator
    /// (feature `bench`) makes its moves with it and [`put`](Self::put).
    #[cfg_attr(not(feature = "bench"), allow(dead_code))]
    pub(crate) fn remove(&mut self, square: Square) {
        let others = !Bitboard::from_square(square);
        for set in self.colours.iter_mut().chain(self.pieces.iter_mut()) {
            *set &= others;
        }
    }
}

impl Default for Position {
    /// The start position.
    fn default() -> Position {
        Position::startpos()
    }
}

/// Writes the position's FEN.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fen::write_fen(self, f)
    }
}

/// `Position("<FEN>")`, so that a failed assertion shows a position one can paste.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

/// A move: the square a piece leaves, the square it goes to, and the kind a pawn promotes to.
///
/// Castling is the king's two-square move (`e1g1`, `e1c1`, `e8g8`, `e8c8`); a capture en
/// passant is the pawn's diagonal move onto the en-passant square. `Display` writes UCI:
/// `e2e4`, `e7e8q`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Piece>,
}

/// Why `Move::parse_uci` (feature `bench`: it asks the reference move generator) refused a
/// text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not UCI long algebraic notation: two squares and an optional `n`, `b`, `r` or `q`.
    Syntax(String),
    /// Well formed, but not a legal move in the position (given as FEN).
    Illegal { text: String, fen: String },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(text) => write!(
                f,
                "{text:?} is not a UCI move: expected two squares and an optional promotion \
                 letter n, b, r or q, like \"e2e4\" or \"e7e8q\""
            ),
            MoveError::Illegal { text, fen } => write!(f, "{text} is not legal in {fen}"),
        }
    }
}

impl std::error::Error for MoveError {}

impl Move {
    /// A move that does not promote.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    /// A pawn move to the last rank, promoting to `piece`.
    pub const fn promoting(from: Square, to: Square, piece: Piece) -> Move {
        Move {
            from,
            to,
            promotion: Some(piece),
        }
    }
}

/// UCI: `e2e4`, `e7e8q`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        match self.promotion {
            Some(piece) => write!(f, "{}", piece.letter()),
            None => Ok(()),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Square::*;

    #[test]
    fn position_is_compact() {
        assert_eq!(core::mem::size_of::<Position>(), 72);
        assert_eq!(core::mem::size_of::<Option<Square>>(), 1);
    }

    #[test]
    fn startpos_accessors() {
        let position = Position::startpos();
        assert_eq!(Position::from_fen(STARTPOS_FEN), Ok(position));
        assert_eq!(position.to_string(), STARTPOS_FEN);
        assert_eq!(position.king(Colour::White), E1);
        assert_eq!(position.king(Colour::Black), E8);
        assert_eq!(position.occupied().len(), 32);
        assert_eq!(
            position.pieces(Colour::Black, Piece::Knight),
            [B8, G8].into_iter().collect()
        );
        assert_eq!(position.piece_on(D1), Some((Colour::White, Piece::Queen)));
        assert_eq!(position.piece_on(A7), Some((Colour::Black, Piece::Pawn)));
        assert_eq!(position.piece_on(E4), None);
        assert_eq!(position.castling(), Castling::ALL);
        assert_eq!(
            (position.halfmove_clock(), position.fullmove_number()),
            (0, 1)
        );
        for square in Square::ALL {
            let kinds = Piece::ALL
                .iter()
                .filter(|&&p| position.kind(p).contains(square));
            assert_eq!(kinds.count(), position.occupied().contains(square) as usize);
        }
    }

    #[test]
    fn small_types_round_trip() {
        for piece in Piece::ALL {
            assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
            assert_eq!(Piece::ALL[piece.index()], piece);
        }
        for colour in Colour::ALL {
            assert_eq!(Colour::ALL[colour.index()], colour);
            assert_eq!(!!colour, colour);
            assert_ne!(!colour, colour);
        }
        assert_eq!(Castling::ALL.to_string(), "KQkq");
        assert_eq!(Castling::NONE.to_string(), "-");
        let some = Castling::WHITE_QUEENSIDE.union(Castling::BLACK_KINGSIDE);
        assert_eq!(some.to_string(), "Qk");
        assert_eq!(Castling::ALL.without(some).to_string(), "Kq");
    }

    #[test]
    fn moves_in_uci() {
        let position = Position::startpos();
        assert_eq!(Move::parse_uci(&position, "e2e4"), Ok(Move::new(E2, E4)));
        assert_eq!(Move::new(G1, F3).to_string(), "g1f3");
        assert_eq!(Move::promoting(E7, E8, Piece::Queen).to_string(), "e7e8q");
        assert!(matches!(
            Move::parse_uci(&position, "e2e5"),
            Err(MoveError::Illegal { .. })
        ));
        for bad in [
            "", "e2", "e2e", "e2e4qq", "e2e9", "e7e8k", "e7e8p", "é2e4", "e2e4 ",
        ] {
            assert!(
                matches!(Move::parse_uci(&position, bad), Err(MoveError::Syntax(_))),
                "{bad:?}"
            );
        }
        let promotion = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        for (text, piece) in [("b7b8n", Piece::Knight), ("b7b8q", Piece::Queen)] {
            assert_eq!(
                Move::parse_uci(&promotion, text),
                Ok(Move::promoting(B7, B8, piece))
            );
        }
        assert!(
            Move::parse_uci(&promotion, "b7b8").is_err(),
            "a promotion needs its piece"
        );
    }
}
