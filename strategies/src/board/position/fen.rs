//! FEN: reading ([`Position::from_fen`]) and writing ([`Position::to_fen`], `Display`).
//!
//! Reading is strict, because a benchmark input must mean one thing: a FEN is accepted only if
//! it describes a position that keeps every invariant of [`Position`] (see the
//! [module documentation](super)). Every refusal is a [`FenError`] naming the field at fault
//! and quoting its text; no input makes the reader panic.
//!
//! Leniency, only where real-world FENs commonly need it:
//! - the halfmove clock and fullmove number may be left out (4 fields: they default to 0 and
//!   1; 5 fields: the fullmove number defaults to 1);
//! - fields may be separated by any run of ASCII whitespace, and leading or trailing
//!   whitespace (a line ending, say) is ignored;
//! - the counters may carry leading zeros.
//!
//! Refused, among others: castling letters of Chess960 (Shredder-FEN, X-FEN), uppercase
//! en-passant squares, two digits in a row within a rank, a halfmove clock above 65,535, a
//! fullmove number of 0 or above 65,535.

use super::{walk, Castling, Colour, Piece, Position};
use crate::board::geometry::lines::between;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::fmt;

/// A field of a FEN record, as the errors name it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FenField {
    /// The number of whitespace-separated fields (4 to 6).
    FieldCount,
    /// The piece placement, rank 8 first (`rnbqkbnr/pppppppp/8/...`).
    Placement,
    /// `w` or `b`.
    SideToMove,
    /// `-` or a subset of `KQkq`.
    Castling,
    /// `-` or the square a pawn just passed over.
    EnPassant,
    /// Plies since the last capture or pawn move.
    HalfmoveClock,
    /// The number of the full move, starting at 1.
    FullmoveNumber,
}

impl FenField {
    /// Every field, in the order of the record (the field count first).
    pub const ALL: [FenField; 7] = [
        FenField::FieldCount,
        FenField::Placement,
        FenField::SideToMove,
        FenField::Castling,
        FenField::EnPassant,
        FenField::HalfmoveClock,
        FenField::FullmoveNumber,
    ];

    /// The name that error messages use: `"placement"`, `"side to move"`, …
    pub const fn name(self) -> &'static str {
        match self {
            FenField::FieldCount => "field count",
            FenField::Placement => "placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
        }
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a FEN was refused: the field at fault, its text, and what is wrong with it.
///
/// `Display` reads like `FEN placement "rnbqkbnr/ppppppp/8": rank 7 has 7 squares, expected
/// 8`. For [`FenField::FieldCount`] the text is the whole record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FenError {
    field: FenField,
    text: String,
    reason: String,
}

/// Texts longer than this are cut (at a character boundary) in error messages.
const QUOTED_CHARS: usize = 100;

impl FenError {
    fn new(field: FenField, text: &str, reason: impl Into<String>) -> FenError {
        let mut quoted: String = text.chars().take(QUOTED_CHARS).collect();
        if quoted.len() < text.len() {
            quoted.push('…');
        }
        FenError {
            field,
            text: quoted,
            reason: reason.into(),
        }
    }

    /// The field at fault.
    pub fn field(&self) -> FenField {
        self.field
    }

    /// The text of that field (the whole record for a wrong field count), cut after 100
    /// characters.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What is wrong with it.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FEN {} {:?}: {}", self.field, self.text, self.reason)
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Reads a FEN record; see the [module documentation](self) for what is accepted.
    ///
    /// ```
    /// use strategies::position::{Colour, FenField, Position};
    ///
    /// let position = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - -").unwrap();
    /// assert_eq!(position.to_fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    /// assert_eq!(position.side_to_move(), Colour::White);
    ///
    /// let error = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 x - - 0 1").unwrap_err();
    /// assert_eq!(error.field(), FenField::SideToMove);
    /// assert_eq!(error.to_string(), r#"FEN side to move "x": expected "w" or "b""#);
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            let reason = format!(
                "{} fields, expected 6 (or 4 without the halfmove clock and fullmove number)",
                fields.len()
            );
            return Err(FenError::new(FenField::FieldCount, fen, reason));
        }
        let mut position = parse_placement(fields[0])?;
        position.side_to_move = parse_side_to_move(fields[1])?;
        position.castling = parse_castling(fields[2], &position)?;
        position.en_passant = parse_en_passant(fields[3], &position)?;
        if let Some(&text) = fields.get(4) {
            position.halfmove_clock = parse_counter(FenField::HalfmoveClock, text, 0)?;
        }
        if let Some(&text) = fields.get(5) {
            position.fullmove_number = parse_counter(FenField::FullmoveNumber, text, 1)?;
        }
        let waiting = !position.side_to_move;
        if walk::is_attacked(&position, position.king(waiting), position.side_to_move) {
            let reason = format!(
                "{} is in check with {} to move; the side not to move may not be in check",
                waiting.name(),
                position.side_to_move.name()
            );
            return Err(FenError::new(FenField::SideToMove, fields[1], reason));
        }
        Ok(position)
    }

    /// The FEN record, all six fields, as [`Position::from_fen`] reads it back.
    pub fn to_fen(&self) -> String {
        self.to_string()
    }
}

/// Writes the six FEN fields of `position`.
pub(super) fn write_fen(position: &Position, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let square = Square::from_index_masked((rank * 8 + file) as u8);
            match position.piece_on(square) {
                None => empty += 1,
                Some((colour, piece)) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write!(f, "{}", letter(colour, piece))?;
                }
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_str("/")?;
        }
    }
    let side = match position.side_to_move() {
        Colour::White => 'w',
        Colour::Black => 'b',
    };
    write!(f, " {side} {} ", position.castling())?;
    match position.en_passant() {
        Some(square) => write!(f, "{square}")?,
        None => f.write_str("-")?,
    }
    write!(
        f,
        " {} {}",
        position.halfmove_clock(),
        position.fullmove_number()
    )
}

/// The FEN letter of a piece: uppercase for white.
fn letter(colour: Colour, piece: Piece) -> char {
    match colour {
        Colour::White => piece.letter().to_ascii_uppercase(),
        Colour::Black => piece.letter(),
    }
}

/// The placement field, and the material rules that need no other field.
fn parse_placement(text: &str) -> Result<Position, FenError> {
    let error = |reason: String| FenError::new(FenField::Placement, text, reason);
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(error(format!("{} ranks, expected 8", ranks.len())));
    }
    let mut position = Position::empty();
    for (rank_text, rank) in ranks.iter().zip((0..8u32).rev()) {
        let rank_name = rank + 1;
        let mut file = 0u32;
        let mut previous_was_digit = false;
        for character in rank_text.chars() {
            if let Some(digit) = character.to_digit(10) {
                if !(1..=8).contains(&digit) {
                    return Err(error(format!("rank {rank_name}: {digit} empty squares")));
                }
                if previous_was_digit {
                    return Err(error(format!("rank {rank_name}: two digits in a row")));
                }
                file += digit;
                previous_was_digit = true;
            } else {
                let Some(piece) = Piece::from_letter(character.to_ascii_lowercase()) else {
                    let reason = format!("rank {rank_name}: {character:?} is not a piece letter");
                    return Err(error(reason));
                };
                let colour = match character.is_ascii_uppercase() {
                    true => Colour::White,
                    false => Colour::Black,
                };
                if file < 8 {
                    position.put(
                        Square::from_index_masked((rank * 8 + file) as u8),
                        colour,
                        piece,
                    );
                }
                file += 1;
                previous_was_digit = false;
            }
            if file > 8 {
                return Err(error(format!("rank {rank_name} has more than 8 squares")));
            }
        }
        if file != 8 {
            return Err(error(format!(
                "rank {rank_name} has {file} squares, expected 8"
            )));
        }
    }
    check_material(&position).map_err(error)?;
    Ok(position)
}

/// One king per colour, at most 16 pieces and 8 pawns each, no pawn on the first or eighth
/// rank.
fn check_material(position: &Position) -> Result<(), String> {
    for colour in Colour::ALL {
        let kings = position.pieces(colour, Piece::King).len();
        if kings != 1 {
            return Err(format!("{} has {kings} kings, expected 1", colour.name()));
        }
        let pieces = position.colour(colour).len();
        if pieces > 16 {
            return Err(format!("{} has {pieces} pieces, at most 16", colour.name()));
        }
        let pawns = position.pieces(colour, Piece::Pawn).len();
        if pawns > 8 {
            return Err(format!("{} has {pawns} pawns, at most 8", colour.name()));
        }
    }
    const FIRST_AND_EIGHTH_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);
    if let Some(square) = (position.kind(Piece::Pawn) & FIRST_AND_EIGHTH_RANKS)
        .squares()
        .next()
    {
        return Err(format!("a pawn on {square}, on the first or eighth rank"));
    }
    Ok(())
}

fn parse_side_to_move(text: &str) -> Result<Colour, FenError> {
    match text {
        "w" => Ok(Colour::White),
        "b" => Ok(Colour::Black),
        _ => Err(FenError::new(
            FenField::SideToMove,
            text,
            "expected \"w\" or \"b\"",
        )),
    }
}

/// `-` or a subset of `KQkq` (any order, no repeats), each right backed by its king and rook
/// on their original squares.
fn parse_castling(text: &str, position: &Position) -> Result<Castling, FenError> {
    let error = |reason: String| FenError::new(FenField::Castling, text, reason);
    if text == "-" {
        return Ok(Castling::NONE);
    }
    let mut rights = Castling::NONE;
    for character in text.chars() {
        let Some(&(right, _)) = Castling::LETTERS.iter().find(|(_, l)| *l == character) else {
            let hint = match character.to_ascii_lowercase() {
                'a'..='h' => " (Chess960 castling letters are not supported)",
                _ => "",
            };
            return Err(error(format!(
                "{character:?} is not one of K, Q, k, q{hint}; \"-\" stands alone for none"
            )));
        };
        if rights.contains(right) {
            return Err(error(format!("{character} appears twice")));
        }
        rights = rights.union(right);
    }
    for colour in Colour::ALL {
        let rank = colour.back_rank();
        let at = |file| Square::from_index_masked((rank * 8 + file) as u8);
        for (right, rook_file) in [
            (Castling::kingside(colour), 7),
            (Castling::queenside(colour), 0),
        ] {
            let king_home = position.pieces(colour, Piece::King).contains(at(4));
            let rook_home = position.pieces(colour, Piece::Rook).contains(at(rook_file));
            if rights.contains(right) && !(king_home && rook_home) {
                return Err(error(format!(
                    "{right} needs the {colour} king on {} and a {colour} rook on {}",
                    at(4),
                    at(rook_file),
                    colour = colour.name()
                )));
            }
        }
    }
    Ok(rights)
}

/// `-`, or the square the opponent's pawn passed over on its double push: on the sixth rank
/// with white to move (the third with black), empty, with the square it came from empty and
/// the pawn standing in front of it.
fn parse_en_passant(text: &str, position: &Position) -> Result<Option<Square>, FenError> {
    let error = |reason: String| FenError::new(FenField::EnPassant, text, reason);
    if text == "-" {
        return Ok(None);
    }
    let is_lowercase_square = matches!(text.as_bytes(), [b'a'..=b'h', b'1'..=b'8']);
    let square = match text.parse::<Square>() {
        Ok(square) if is_lowercase_square => square,
        _ => return Err(error("expected \"-\" or a square like \"e3\"".to_string())),
    };
    let mover = position.side_to_move();
    let pusher = !mover;
    let expected_rank = match mover {
        Colour::White => 5,
        Colour::Black => 2,
    };
    if square.rank() != expected_rank {
        return Err(error(format!(
            "with {} to move the en-passant square must be on rank {}",
            mover.name(),
            expected_rank + 1
        )));
    }
    let pawn = square
        .offset(0, pusher.forward())
        .expect("ranks 4 and 5 exist");
    let origin = square
        .offset(0, -pusher.forward())
        .expect("ranks 2 and 7 exist");
    if !position.pieces(pusher, Piece::Pawn).contains(pawn) {
        return Err(error(format!(
            "no {} pawn on {pawn} that could just have moved {origin}-{pawn}",
            pusher.name()
        )));
    }
    let occupied = position.occupied();
    if occupied.contains(square) || occupied.contains(origin) {
        return Err(error(format!(
            "{square} and {origin} must be empty after the pawn's double push"
        )));
    }
    // A check on the side to move must come from the double push: the pawn itself, or a
    // slider whose line to the king runs over the square the pawn left.
    let king = position.king(mover);
    for checker in walk::checkers(position) {
        let uncovered = between(checker, king).contains(origin);
        if checker != pawn && !uncovered {
            return Err(error(format!(
                "{} is in check from {checker}, which {origin}-{pawn} cannot have given",
                mover.name()
            )));
        }
    }
    Ok(Some(square))
}

/// A counter: ASCII digits only, at least `minimum`, at most 65,535.
fn parse_counter(field: FenField, text: &str, minimum: u16) -> Result<u16, FenError> {
    let error = |reason: String| FenError::new(field, text, reason);
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error("not a number (expected decimal digits)".to_string()));
    }
    match text.parse::<u16>() {
        Ok(value) if value >= minimum => Ok(value),
        _ => Err(error(format!("out of range {minimum}..=65535"))),
    }
}

#[cfg(test)]
mod tests;
