//! The moves of one node, as the search keeps them: each with the piece that moves and its
//! kind, so it can be made without looking the piece up, and an ordering score.

use crate::board::bitboard::Bitboard;
use crate::board::position::{Move, Piece, Position};
use crate::board::square::Square;
use crate::families::movegen::make::{
    make_castling, make_double_push, make_en_passant, make_plain, make_promotion,
};
use crate::families::movegen::{PawnTargets, Sink};
use core::mem::MaybeUninit;

/// How a move is made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Plain,
    DoublePush,
    EnPassant,
    Castling,
    Promotion(Piece),
}

/// A move of the list: where, what and how, and its ordering score.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub from: Square,
    pub to: Square,
    pub piece: Piece,
    pub kind: Kind,
    pub score: i32,
}

impl Entry {
    /// The move, as the board writes it.
    #[inline(always)]
    pub fn mv(&self) -> Move {
        match self.kind {
            Kind::Promotion(piece) => Move::promoting(self.from, self.to, piece),
            _ => Move::new(self.from, self.to),
        }
    }

    /// The position after it.
    #[inline(always)]
    pub fn make(&self, position: &Position) -> Position {
        match self.kind {
            Kind::Plain => make_plain(position, self.piece, self.from, self.to),
            Kind::DoublePush => make_double_push(position, self.from, self.to),
            Kind::EnPassant => make_en_passant(position, self.from, self.to),
            Kind::Castling => make_castling(position, self.from, self.to),
            Kind::Promotion(piece) => make_promotion(position, self.from, self.to, piece),
        }
    }

    /// Whether it takes a piece (en passant included).
    #[inline(always)]
    pub fn is_capture(&self, position: &Position) -> bool {
        self.kind == Kind::EnPassant || position.occupied().contains(self.to)
    }
}

/// The most legal moves a position can have is 218.
pub(crate) const CAPACITY: usize = 256;

/// A node's moves, filled by the generator. Its array is not initialized (a node would spend
/// more writing it than generating): only the first `len` entries were written, and only
/// those are read.
pub(crate) struct MoveList {
    entries: [MaybeUninit<Entry>; CAPACITY],
    len: usize,
}

/// The square `offset` below `to`: a pawn move's origin.
#[inline(always)]
fn origin(to: Square, offset: i8) -> Square {
    Square::from_index_masked((to as i8).wrapping_sub(offset) as u8)
}

impl MoveList {
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            entries: [MaybeUninit::uninit(); CAPACITY],
            len: 0,
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entries written so far.
    #[inline(always)]
    pub fn entries_mut(&mut self) -> &mut [Entry] {
        let written = &mut self.entries[..self.len];
        // SAFETY: `push` wrote each of the first `len` entries (and `len` never exceeds the
        // array: it checks), and `MaybeUninit<Entry>` has `Entry`'s layout.
        unsafe { &mut *(written as *mut [MaybeUninit<Entry>] as *mut [Entry]) }
    }

    #[inline(always)]
    fn push(&mut self, from: Square, to: Square, piece: Piece, kind: Kind) {
        // A legal position has at most 218 moves; a longer list is a bug, and stops here.
        self.entries[self.len].write(Entry {
            from,
            to,
            piece,
            kind,
            score: 0,
        });
        self.len += 1;
    }

    /// Moves the best-scored entry from `start` on to `start` and returns it (selection sort,
    /// one step: most nodes end after a few moves); ties keep generation order.
    #[inline(always)]
    pub fn pick(&mut self, start: usize) -> Entry {
        let entries = self.entries_mut();
        let mut best = start;
        for i in start + 1..entries.len() {
            if entries[i].score > entries[best].score {
                best = i;
            }
        }
        entries.swap(start, best);
        entries[start]
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn piece(&mut self, _: &Position, piece: Piece, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(from, to, piece, Kind::Plain);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, _: &Position, targets: PawnTargets) {
        let push = targets.push;
        for (set, offset) in [
            (targets.single, push),
            (targets.west, push - 1),
            (targets.east, push + 1),
        ] {
            for to in set {
                self.push(origin(to, offset), to, Piece::Pawn, Kind::Plain);
            }
        }
        for to in targets.double {
            self.push(origin(to, 2 * push), to, Piece::Pawn, Kind::DoublePush);
        }
    }

    #[inline(always)]
    fn promotions(&mut self, _: &Position, targets: PawnTargets) {
        let push = targets.push;
        for (set, offset) in [
            (targets.single, push),
            (targets.west, push - 1),
            (targets.east, push + 1),
        ] {
            for to in set {
                let from = origin(to, offset);
                for piece in [Piece::Queen, Piece::Knight, Piece::Rook, Piece::Bishop] {
                    self.push(from, to, Piece::Pawn, Kind::Promotion(piece));
                }
            }
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, _: &Position, from: Square, to: Square) {
        self.push(from, to, Piece::Pawn, Kind::EnPassant);
    }

    #[inline(always)]
    fn castling(&mut self, _: &Position, from: Square, to: Square) {
        self.push(from, to, Piece::King, Kind::Castling);
    }
}
