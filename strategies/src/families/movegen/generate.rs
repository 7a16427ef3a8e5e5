//! The generator proper: the legal moves of a position, handed to a [`Sink`] in groups (a
//! piece and its target set, a set of pawn targets and the offset back to their origins), so
//! that perft can count a group by its size and recurse only where it must.

use super::Config;
use crate::board::bitboard::more_than_one;
use crate::board::geometry::{lines, FILE_A, NOT_A, NOT_H, RANK_1, RANK_8};
use crate::board::position::leapers::{self, forward};
use crate::board::position::{Castling, Colour, Move, Piece, Position};
use crate::families::checkers_pins::{CheckersAndPins, CheckersPins};
use crate::families::in_between::InBetween;
use crate::families::knight_attacks::KnightAttacks;
use crate::families::sliders::Slider;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Where the generator puts moves. Every method is called only with legal moves.
pub(crate) trait Sink {
    /// The `piece` on `from` moves to each square of `targets` (a quiet move or a capture).
    fn piece(&mut self, position: &Position, piece: Piece, from: Square, targets: Bitboard);
    /// Pawn moves that do not promote, set-wise (see [`PawnTargets`]).
    fn pawns(&mut self, position: &Position, targets: PawnTargets);
    /// Pawn moves to the last rank, set-wise (`double` is empty): four promotions each.
    fn promotions(&mut self, position: &Position, targets: PawnTargets);
    /// The pawn on `from` takes en passant, landing on `to`.
    fn en_passant(&mut self, position: &Position, from: Square, to: Square);
    /// The king castles from `from` to `to`.
    fn castling(&mut self, position: &Position, from: Square, to: Square);
}

/// The targets of a set of pawns, by kind of move. A pawn's origin is its target less the
/// offset of its kind: `push` for single pushes, `2 * push` for double pushes, `push - 1` for
/// captures towards the a-file (`west`) and `push + 1` towards the h-file (`east`).
/// `single`, `double` and `west` are disjoint (pushes land on empty squares, captures on
/// enemy pieces, and a double push needs the square behind its target empty); `east` may
/// share squares with `west` (two pawns taking the same piece).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnTargets {
    pub single: Bitboard,
    pub double: Bitboard,
    pub west: Bitboard,
    pub east: Bitboard,
    /// The signed change of square index of a single push: 8 for white, -8 for black.
    pub push: i8,
}

/// What every step of the generator reads: the sides, the occupancy, the enemy's sliders by
/// line, the checkers and pins, and the target mask.
#[derive(Clone, Copy, Debug)]
struct Frame {
    us: Colour,
    them: Colour,
    king: Square,
    own: Bitboard,
    enemy: Bitboard,
    occupied: Bitboard,
    /// Enemy rooks and queens.
    orthogonal: Bitboard,
    /// Enemy bishops and queens.
    diagonal: Bitboard,
    checkers: Bitboard,
    pinned: Bitboard,
    /// Where a piece other than the king may go: not ours, and in check, on the checker or
    /// between it and the king.
    targets: Bitboard,
}

/// The rank from which `colour`'s single pushes may push again (the third rank, relative).
#[inline(always)]
const fn double_push_rank(colour: Colour) -> u64 {
    match colour {
        Colour::White => RANK_1 << 16,
        Colour::Black => RANK_1 << 40,
    }
}

/// The rank on which `colour`'s pawns promote.
#[inline(always)]
const fn promotion_rank(colour: Colour) -> u64 {
    match colour {
        Colour::White => RANK_8,
        Colour::Black => RANK_1,
    }
}

/// The signed change of square index of a push for `colour`.
#[inline(always)]
const fn push_offset(colour: Colour) -> i8 {
    match colour {
        Colour::White => 8,
        Colour::Black => -8,
    }
}

/// `colour`'s pawn captures towards the a-file and towards the h-file, set-wise.
#[inline(always)]
const fn pawn_captures(colour: Colour, pawns: u64) -> (u64, u64) {
    match colour {
        Colour::White => ((pawns << 7) & NOT_H, (pawns << 9) & NOT_A),
        Colour::Black => ((pawns >> 9) & NOT_H, (pawns >> 7) & NOT_A),
    }
}

impl Frame {
    /// The frame of `position` with its side to move's checkers and pins, which `CAPTURES`
    /// restricts to captures (and pushes to the last rank) unless in check.
    #[inline(always)]
    fn new<C: Config, const WHITE: bool, const CAPTURES: bool>(
        config: C,
        position: &Position,
        CheckersAndPins { checkers, pinned }: CheckersAndPins,
    ) -> Frame {
        let us = if WHITE { Colour::White } else { Colour::Black };
        let them = !us;
        let (own, enemy) = (position.colour(us), position.colour(them));
        let queens = position.kind(Piece::Queen);
        let king = position.king(us);
        let targets = if checkers.is_empty() {
            if CAPTURES {
                enemy
            } else {
                !own
            }
        } else {
            let checker = Square::from_index_masked(checkers.0.trailing_zeros() as u8);
            config.between().between(king, checker) | checkers
        };
        Frame {
            us,
            them,
            king,
            own,
            enemy,
            occupied: own | enemy,
            orthogonal: (position.kind(Piece::Rook) | queens) & enemy,
            diagonal: (position.kind(Piece::Bishop) | queens) & enemy,
            checkers,
            pinned,
            targets,
        }
    }

    /// Whether an enemy slider attacks `square` when `occupied` blocks.
    #[inline(always)]
    fn slider_attacks<S: Slider>(&self, slider: S, square: Square, occupied: Bitboard) -> bool {
        !((slider.rook(square, occupied) & self.orthogonal)
            | (slider.bishop(square, occupied) & self.diagonal))
            .is_empty()
    }
}

/// Every legal move of `position`, into `sink`. `last_move`, when known, is the move that led
/// to `position` (for the `by_move` pins technique). The side to move is a compile-time
/// parameter of the generator, so that every choice that depends on it (pawn directions,
/// ranks, castling squares, which side's bitboards) is folded away.
#[inline(always)]
pub(crate) fn generate<C: Config, K: Sink>(
    config: C,
    position: &Position,
    last_move: Option<Move>,
    sink: &mut K,
) {
    let checkers_pins = config.pins().checkers_pins(position, last_move);
    generate_given::<C, K, false>(config, position, checkers_pins, sink)
}

/// [`generate`] given the side to move's checkers and pins (a search knows them before it
/// generates). With `CAPTURES`, and not in check, only captures (en passant included) and
/// pawn moves to the last rank: the moves of a quiescence search. In check, every evasion.
#[inline(always)]
pub(crate) fn generate_given<C: Config, K: Sink, const CAPTURES: bool>(
    config: C,
    position: &Position,
    checkers_pins: CheckersAndPins,
    sink: &mut K,
) {
    match position.side_to_move() {
        Colour::White => {
            generate_for::<C, K, true, CAPTURES>(config, position, checkers_pins, sink)
        }
        Colour::Black => {
            generate_for::<C, K, false, CAPTURES>(config, position, checkers_pins, sink)
        }
    }
}

#[inline(always)]
fn generate_for<C: Config, K: Sink, const WHITE: bool, const CAPTURES: bool>(
    config: C,
    position: &Position,
    checkers_pins: CheckersAndPins,
    sink: &mut K,
) {
    let frame = Frame::new::<C, WHITE, CAPTURES>(config, position, checkers_pins);
    // Only captures: the king's too, and no castling (not in check, an evasion may be quiet).
    let scope = CAPTURES && frame.checkers.is_empty();
    king_and_castling(config, &frame, position, scope, sink);
    if more_than_one(frame.checkers) {
        return;
    }
    piece_moves(config, &frame, position, sink);
    let pawns = position.pieces(frame.us, Piece::Pawn);
    pawn_moves(
        &frame,
        position,
        pawns & !frame.pinned,
        frame.targets,
        scope,
        sink,
    );
    if frame.checkers.is_empty() && !(frame.pinned & !position.kind(Piece::Knight)).is_empty() {
        pinned_moves(config, &frame, position, scope, sink);
    }
    en_passant(config, &frame, position, sink);
}

/// The king's moves to squares no enemy piece attacks, and castling (not in check).
///
/// The squares that need an answer ("is it attacked?") are gathered first: the king's
/// neighbours that are not ours and not attacked by a pawn, knight or king, and, for each
/// castling whose right holds and whose path is empty, the two squares the king crosses and
/// lands on. If there are any, every enemy slider is looked up once, on the board with the
/// king lifted (so that it cannot hide behind itself), and their union answers all of them.
/// Looking up every slider rather than only those whose lines meet a needed square spends a
/// lookup to save a branch the processor cannot predict. Lifting the king cannot wrongly
/// forbid castling: not in check, no enemy line runs through the king's square to the squares
/// beside it on its rank.
#[inline(always)]
fn king_and_castling<C: Config, K: Sink>(
    config: C,
    frame: &Frame,
    position: &Position,
    captures: bool,
    sink: &mut K,
) {
    let them = frame.them;
    let pawns = position.pieces(them, Piece::Pawn);
    let danger = Bitboard(leapers::pawn_attacks_set(them, pawns.0))
        | config
            .knights()
            .attacks(position.pieces(them, Piece::Knight))
        | leapers::king(position.king(them));
    let mut candidates = leapers::king(frame.king) & !frame.own & !danger;
    let (mut kingside, mut queenside) = castling_paths(frame, position);
    if captures {
        candidates &= frame.enemy;
        (kingside, queenside) = (Bitboard::EMPTY, Bitboard::EMPTY);
    }
    let need = candidates | kingside | queenside;
    if need.is_empty() {
        return;
    }
    let lifted = frame.occupied ^ Bitboard::from_square(frame.king);
    let slider = config.slider();
    let mut seen = Bitboard::EMPTY;
    for from in frame.orthogonal {
        seen |= slider.rook(from, lifted);
    }
    for from in frame.diagonal {
        seen |= slider.bishop(from, lifted);
    }
    sink.piece(position, Piece::King, frame.king, candidates & !seen);
    let attacked = seen | danger;
    if !kingside.is_empty() && (kingside & attacked).is_empty() {
        let to = Square::from_index_masked(frame.king as u8 + 2);
        sink.castling(position, frame.king, to);
    }
    if !queenside.is_empty() && (queenside & attacked).is_empty() {
        let to = Square::from_index_masked(frame.king as u8 - 2);
        sink.castling(position, frame.king, to);
    }
}

/// For each castling that may happen (not in check, the right held, the squares between king
/// and rook empty), the two squares the king crosses and lands on, which must not be
/// attacked; empty otherwise.
#[inline(always)]
fn castling_paths(frame: &Frame, position: &Position) -> (Bitboard, Bitboard) {
    let rights = position.castling();
    let us = frame.us;
    let (has_kingside, has_queenside) = (
        rights.contains(Castling::kingside(us)),
        rights.contains(Castling::queenside(us)),
    );
    if !frame.checkers.is_empty() || (!has_kingside && !has_queenside) {
        return (Bitboard::EMPTY, Bitboard::EMPTY);
    }
    let rank = us.back_rank() * 8;
    let empty = |files: u64| (frame.occupied.0 >> rank) & files == 0;
    let kingside = if has_kingside && empty(0b0110_0000) {
        Bitboard(0b0110_0000 << rank)
    } else {
        Bitboard::EMPTY
    };
    let queenside = if has_queenside && empty(0b0000_1110) {
        Bitboard(0b0000_1100 << rank)
    } else {
        Bitboard::EMPTY
    };
    (kingside, queenside)
}

/// The unpinned knights, bishops, rooks and queens.
#[inline(always)]
fn piece_moves<C: Config, K: Sink>(config: C, frame: &Frame, position: &Position, sink: &mut K) {
    let (us, occupied, targets) = (frame.us, frame.occupied, frame.targets);
    let free = frame.own & !frame.pinned;
    let slider = config.slider();
    for from in position.kind(Piece::Knight) & free {
        let attacks = config.knights().attacks(Bitboard::from_square(from));
        sink.piece(position, Piece::Knight, from, attacks & targets);
    }
    for from in position.pieces(us, Piece::Bishop) & free {
        sink.piece(
            position,
            Piece::Bishop,
            from,
            slider.bishop(from, occupied) & targets,
        );
    }
    for from in position.pieces(us, Piece::Rook) & free {
        sink.piece(
            position,
            Piece::Rook,
            from,
            slider.rook(from, occupied) & targets,
        );
    }
    for from in position.pieces(us, Piece::Queen) & free {
        sink.piece(
            position,
            Piece::Queen,
            from,
            slider.queen(from, occupied) & targets,
        );
    }
}

/// The moves of `pawns` (all of the side to move's) to squares of `mask`, set-wise; with
/// `captures`, pushes only to the last rank.
#[inline(always)]
fn pawn_moves<K: Sink>(
    frame: &Frame,
    position: &Position,
    pawns: Bitboard,
    mask: Bitboard,
    captures: bool,
    sink: &mut K,
) {
    let us = frame.us;
    let empty = !frame.occupied.0;
    let offset = push_offset(us);
    let last = promotion_rank(us);
    let single = forward(us, pawns.0) & empty;
    let double = forward(us, single & double_push_rank(us)) & empty & mask.0;
    let single = single & mask.0;
    // A push lands on an empty square, which a captures-only mask (the enemy) never holds.
    let (single, double) = if captures {
        (forward(us, pawns.0) & empty & last, 0)
    } else {
        (single, double)
    };
    let (west, east) = pawn_captures(us, pawns.0);
    let (west, east) = (west & frame.enemy.0 & mask.0, east & frame.enemy.0 & mask.0);
    let targets = |set: u64| PawnTargets {
        single: Bitboard(single & set),
        double: Bitboard(double & set),
        west: Bitboard(west & set),
        east: Bitboard(east & set),
        push: offset,
    };
    sink.pawns(position, targets(!last));
    if (single | west | east) & last != 0 {
        sink.promotions(position, targets(last));
    }
}

/// The moves of pinned pieces along their pins (not in check). Pinned knights never move.
///
/// A rook or queen pinned on the king's rank or file moves within `ROOK_LINES[king]`: its rook
/// attacks meet those lines only on the pin line (its other line is parallel to the king's),
/// and on that line they stop at the king and at the pinner. Likewise for a bishop or queen
/// pinned on a diagonal, with `BISHOP_LINES[king]`. A bishop pinned on a rank or file, or a
/// rook pinned on a diagonal, has no move. Pinned pawns: [`pinned_pawn_moves`].
#[inline(never)]
fn pinned_moves<C: Config, K: Sink>(
    config: C,
    frame: &Frame,
    position: &Position,
    captures: bool,
    sink: &mut K,
) {
    let (occupied, slider, king) = (frame.occupied, config.slider(), frame.king);
    let (rook_lines, bishop_lines) = (
        lines::ROOK_LINES.0[king as usize],
        lines::BISHOP_LINES.0[king as usize],
    );
    let (orthogonal, diagonal) = (frame.pinned & rook_lines, frame.pinned & bishop_lines);
    let queens = position.kind(Piece::Queen);
    let on_line = rook_lines & frame.targets;
    for from in orthogonal & position.kind(Piece::Rook) {
        sink.piece(
            position,
            Piece::Rook,
            from,
            slider.rook(from, occupied) & on_line,
        );
    }
    for from in orthogonal & queens {
        sink.piece(
            position,
            Piece::Queen,
            from,
            slider.rook(from, occupied) & on_line,
        );
    }
    let on_line = bishop_lines & frame.targets;
    for from in diagonal & position.kind(Piece::Bishop) {
        sink.piece(
            position,
            Piece::Bishop,
            from,
            slider.bishop(from, occupied) & on_line,
        );
    }
    for from in diagonal & queens {
        sink.piece(
            position,
            Piece::Queen,
            from,
            slider.bishop(from, occupied) & on_line,
        );
    }
    let pawns = frame.pinned & position.kind(Piece::Pawn);
    if !pawns.is_empty() {
        pinned_pawn_moves(frame, position, pawns, bishop_lines, captures, sink);
    }
}

/// The moves of pinned pawns, set-wise (not in check). A pawn pinned on the king's file may
/// push along it and never capture; one pinned on a diagonal may only capture along it (the
/// pinner), and never push; one pinned on the rank has no move (en passant is tested apart).
/// A capture square off the pin diagonal lies on the pawn's other diagonal, parallel to the
/// king's other one, so `bishop_lines` (the king's diagonals) keeps exactly the captures
/// along the pin; a push is never kept for those pawns.
#[inline(always)]
fn pinned_pawn_moves<K: Sink>(
    frame: &Frame,
    position: &Position,
    pawns: Bitboard,
    bishop_lines: Bitboard,
    captures: bool,
    sink: &mut K,
) {
    let file = Bitboard(FILE_A << frame.king.file()) & !Bitboard::from_square(frame.king);
    let on_file = pawns & file;
    if !on_file.is_empty() {
        // A pawn pinned on a file pushes along it: promoting there, or not at all with
        // `captures` (its pushes land on an empty square, not in the captures-only targets).
        let mask = if captures { file } else { file & frame.targets };
        pawn_moves(frame, position, on_file, mask, captures, sink);
    }
    let diagonal = (pawns & bishop_lines).0;
    if diagonal != 0 {
        let us = frame.us;
        let mask = (bishop_lines & frame.targets & frame.enemy).0;
        let (west, east) = pawn_captures(us, diagonal);
        let (west, east) = (west & mask, east & mask);
        let last = promotion_rank(us);
        let targets = |set: u64| PawnTargets {
            single: Bitboard::EMPTY,
            double: Bitboard::EMPTY,
            west: Bitboard(west & set),
            east: Bitboard(east & set),
            push: push_offset(us),
        };
        if (west | east) & !last != 0 {
            sink.pawns(position, targets(!last));
        }
        if (west | east) & last != 0 {
            sink.promotions(position, targets(last));
        }
    }
}

/// Captures en passant, each tested in full: both pawns lifted, the capturer on the target,
/// no enemy slider on the king's lines, and no other checker than the pawn taken.
#[inline(always)]
fn en_passant<C: Config, K: Sink>(config: C, frame: &Frame, position: &Position, sink: &mut K) {
    let Some(to) = position.en_passant() else {
        return;
    };
    let capturers = leapers::pawn(frame.them, to) & position.pieces(frame.us, Piece::Pawn);
    if capturers.is_empty() {
        return;
    }
    let taken = Square::from_index_masked((to as i8 - push_offset(frame.us)) as u8);
    let taken_set = Bitboard::from_square(taken);
    let sliders = frame.orthogonal | frame.diagonal;
    if !(frame.checkers & !taken_set & !sliders).is_empty() {
        return;
    }
    for from in capturers {
        let occupied =
            frame.occupied ^ Bitboard::from_square(from) ^ taken_set ^ Bitboard::from_square(to);
        if !frame.slider_attacks(config.slider(), frame.king, occupied) {
            sink.en_passant(position, from, to);
        }
    }
}
