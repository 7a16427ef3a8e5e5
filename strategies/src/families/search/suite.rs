//! Test suites for the search (feature `bench`): EPD positions with their best moves, written
//! in standard algebraic notation (SAN), and the positions with a known mate that the tests
//! hold the search to.
//!
//! [`WIN_AT_CHESS`] is Fred Reinfeld's "Win at Chess" (1958), the 300 positions as the chess
//! programming community circulates them in EPD (`bm` the best moves, `id "WAC.001"`).

use crate::board::position::{Move, Piece, Position};
use crate::families::checkers_pins::CheckersPins;
use crate::families::movegen::{self, configs, make, Config};
use core::fmt;

/// Win at Chess, in EPD: see [the module](self).
pub const WIN_AT_CHESS: &str = include_str!("wac.epd");

/// Positions with a forced mate, as `(FEN, moves to mate, the mating move in UCI)`: two
/// mates in two and four in three, the first mating move of each being the only one.
pub const MATES: [(&str, u32, &str); 7] = [
    // Legal's pattern: 1. Nf6+ gxf6 2. Bxf7#.
    (
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        2,
        "d5f6",
    ),
    (
        "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1",
        2,
        "g2g1",
    ),
    // WAC.001: 1. Qg6 and mate next.
    (
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        2,
        "g3g6",
    ),
    (
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        3,
        "f8c5",
    ),
    ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, "f6a6"),
    (
        "1k5r/pP3ppp/3p2b1/1BN1n3/1Q2P3/P1B5/KP3P1P/7q w - - 1 1",
        3,
        "c5a6",
    ),
    (
        "3r1r1k/1p3p1p/p2p4/4n1NN/6bQ/1BPq4/P3p1PP/1R5K w - - 0 1",
        3,
        "g5f7",
    ),
];

/// One EPD line: a position, its best moves (SAN) and its id.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub position: Position,
    pub id: String,
    /// `bm`: a move among these is the answer.
    pub best: Vec<String>,
    /// `am`: a move among these is not.
    pub avoid: Vec<String>,
}

/// Why a line of EPD was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    pub line: usize,
    pub why: String,
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for EpdError {}

/// The cases of `text`, one a line (blank lines and lines starting with `#` skipped). Each
/// needs the four fields of a FEN, then operations separated by `;`, among them `bm` or
/// `am`.
pub fn parse_epd(text: &str) -> Result<Vec<Case>, EpdError> {
    let mut cases = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let refuse = |why: String| EpdError {
            line: number + 1,
            why,
        };
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        if fields.len() < 5 {
            return Err(refuse(
                "expected the four fields of a FEN and then operations".into(),
            ));
        }
        let position = Position::from_fen(&fields[..4].join(" "))
            .map_err(|e| refuse(format!("bad FEN: {e}")))?;
        let mut case = Case {
            position,
            id: format!("line {}", number + 1),
            best: Vec::new(),
            avoid: Vec::new(),
        };
        for operation in fields[4].split(';').map(str::trim) {
            let (opcode, operands) = operation.split_once(' ').unwrap_or((operation, ""));
            let moves = || {
                operands
                    .split_whitespace()
                    .map(String::from)
                    .collect::<Vec<_>>()
            };
            match opcode {
                "bm" => case.best = moves(),
                "am" => case.avoid = moves(),
                "id" => case.id = operands.trim().trim_matches('"').to_string(),
                _ => {}
            }
        }
        if case.best.is_empty() && case.avoid.is_empty() {
            return Err(refuse("no `bm` or `am` operation".into()));
        }
        for san_move in case.best.iter().chain(&case.avoid) {
            if from_san(&case.position, san_move).is_none() {
                return Err(refuse(format!(
                    "{san_move:?} is not a legal move of {}",
                    case.position
                )));
            }
        }
        cases.push(case);
    }
    Ok(cases)
}

impl Case {
    /// Whether `mv` answers the case: among the best moves, and not among those to avoid.
    pub fn solved_by(&self, mv: Move) -> bool {
        let text = san(&self.position, mv);
        let same = |s: &String| strip(s) == strip(&text);
        (self.best.is_empty() || self.best.iter().any(same)) && !self.avoid.iter().any(same)
    }
}

/// A SAN move without its check or mate mark and annotations.
fn strip(san: &str) -> &str {
    san.trim_end_matches(['+', '#', '!', '?'])
}

/// The legal move of `position` that `text` (SAN) names, if exactly one.
pub fn from_san(position: &Position, text: &str) -> Option<Move> {
    let moves = movegen::legal_moves(configs::default_config(), position);
    let mut found = moves
        .into_iter()
        .filter(|&mv| strip(&san(position, mv)) == strip(text));
    let mv = found.next()?;
    found.next().is_none().then_some(mv)
}

/// `mv`, a legal move of `position`, in standard algebraic notation: `Nbd7`, `exd6`, `e8=Q`,
/// `O-O`, with `+` or `#` when it checks or mates.
pub fn san(position: &Position, mv: Move) -> String {
    let config = configs::default_config();
    let Some((_, piece)) = position.piece_on(mv.from) else {
        return mv.to_string();
    };
    let capture = position.occupied().contains(mv.to)
        || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
    let file = |sq: crate::board::square::Square| (b'a' + sq.file() as u8) as char;
    let rank = |sq: crate::board::square::Square| (b'1' + sq.rank() as u8) as char;
    let mut text = String::new();
    if piece == Piece::King && mv.from.file().abs_diff(mv.to.file()) == 2 {
        text.push_str(if mv.to.file() > mv.from.file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        if piece == Piece::Pawn {
            if capture {
                text.push(file(mv.from));
            }
        } else {
            text.push(piece.letter().to_ascii_uppercase());
            // Other pieces of its kind that could go there too.
            let rivals: Vec<Move> = movegen::legal_moves(config, position)
                .into_iter()
                .filter(|o| {
                    o.to == mv.to
                        && o.from != mv.from
                        && position.piece_on(o.from).map(|(_, p)| p) == Some(piece)
                })
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|o| o.from.file() != mv.from.file()) {
                    text.push(file(mv.from));
                } else if rivals.iter().all(|o| o.from.rank() != mv.from.rank()) {
                    text.push(rank(mv.from));
                } else {
                    text.push(file(mv.from));
                    text.push(rank(mv.from));
                }
            }
        }
        if capture {
            text.push('x');
        }
        text.push(file(mv.to));
        text.push(rank(mv.to));
        if let Some(promotion) = mv.promotion {
            text.push('=');
            text.push(promotion.letter().to_ascii_uppercase());
        }
    }
    let after = make(position, mv);
    if !config
        .pins()
        .checkers_pins(&after, Some(mv))
        .checkers
        .is_empty()
    {
        let mated = movegen::legal_moves(config, &after).is_empty();
        text.push(if mated { '#' } else { '+' });
    }
    text
}
