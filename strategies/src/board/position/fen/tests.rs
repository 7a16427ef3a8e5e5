use super::*;
use crate::bench::corpus::default_corpus;
use crate::bench::inputs;
use crate::bench::reference::PERFT_POSITIONS;
use crate::board::position::STARTPOS_FEN;
use rand::Rng;

/// Canonical FENs (as `to_fen` writes them) beyond the perft positions: en-passant squares,
/// partial castling rights, large counters, promoted pieces, bare kings.
const CANONICAL: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    "rnbqkbnr/ppppp1pp/8/4Pp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 0 3",
    "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 12 40",
    "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "3Q4/1Q4Q1/4Q3/2Q4R/Q4Q2/3Q4/1Q4Rp/1K1BBNNk w - - 0 1",
    "8/8/8/8/8/8/8/K6k b - - 99 200",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
];

#[test]
fn canonical_strings_round_trip_as_text() {
    let perft = PERFT_POSITIONS.iter().map(|p| p.fen);
    for fen in perft.chain(CANONICAL).chain([STARTPOS_FEN]) {
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(position.to_fen(), fen);
        assert_eq!(position.to_string(), fen);
    }
}

#[test]
fn corpus_positions_round_trip() {
    for &position in default_corpus() {
        let fen = position.to_fen();
        let back = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(back, position);
        assert_eq!(back.to_fen(), fen);
    }
}

#[test]
fn counters_may_be_left_out_and_whitespace_is_forgiven() {
    let four = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - -").unwrap();
    assert_eq!(four.to_fen(), "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    let five = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 7").unwrap();
    assert_eq!(five.to_fen(), "4k3/8/8/8/8/8/4P3/4K3 b - - 7 1");
    let spaced = Position::from_fen("  4k3/8/8/8/8/8/4P3/4K3   b\t- -  007 0012\r\n").unwrap();
    assert_eq!(spaced.to_fen(), "4k3/8/8/8/8/8/4P3/4K3 b - - 7 12");
}

/// One refusal per rule, each naming its field.
#[test]
fn every_rule_has_its_error() {
    use FenField::*;
    let cases: &[(&str, FenField)] = &[
        ("", FieldCount),
        ("8/8/8/8/8/8/8/8 w", FieldCount),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", FieldCount),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/7/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/9/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/ppppppppp/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/44/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/80/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/3x4/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/3é4/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", Placement),
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/QQQQQQQQ/PPPPPPPP/4K3 w - - 0 1", Placement),
        ("4k3/8/8/8/8/8/8/4K3 W - - 0 1", SideToMove),
        ("4k3/8/8/8/8/8/8/4K3 white - - 0 1", SideToMove),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", SideToMove),
        ("8/8/8/3kK3/8/8/8/8 b - - 0 1", SideToMove),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", Castling),
        ("r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1", Castling),
        ("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", Castling),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", Castling),
        ("r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1", Castling),
        ("r3k2r/8/8/8/8/8/8/R4K1R w Q - 0 1", Castling),
        ("4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", EnPassant),
        ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", EnPassant),
        ("4k3/8/8/8/4P3/8/8/4K3 b - E3 0 1", EnPassant),
        ("4k3/8/8/8/4P3/8/8/4K3 b - e9 0 1", EnPassant),
        ("4k3/8/8/8/4P3/8/8/4K3 b - e3e 0 1", EnPassant),
        ("4k3/8/8/8/3P4/8/8/4K3 b - e3 0 1", EnPassant),
        ("4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1", EnPassant),
        ("4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1", EnPassant),
        ("4k3/8/8/8/Q3P3/8/8/4K3 b - e3 0 1", EnPassant),
        ("5B2/8/7k/8/4P3/8/8/4K3 b - e3 0 1", EnPassant),
        ("4k3/8/8/8/4P3/8/8/4K3 b - - -1 1", HalfmoveClock),
        ("4k3/8/8/8/4P3/8/8/4K3 b - - +1 1", HalfmoveClock),
        ("4k3/8/8/8/4P3/8/8/4K3 b - - 1.5 1", HalfmoveClock),
        ("4k3/8/8/8/4P3/8/8/4K3 b - - 65536 1", HalfmoveClock),
        ("4k3/8/8/8/4P3/8/8/4K3 b - - x 1", HalfmoveClock),
        ("4k3/8/8/8/4P3/8/8/4K3 b - - 0 0", FullmoveNumber),
        (
            "4k3/8/8/8/4P3/8/8/4K3 b - - 0 99999999999999999999999",
            FullmoveNumber,
        ),
        ("4k3/8/8/8/4P3/8/8/4K3 b - - 0 ١", FullmoveNumber),
    ];
    for &(fen, field) in cases {
        let error = Position::from_fen(fen).expect_err(fen);
        assert_eq!(error.field(), field, "{fen}: {error}");
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("FEN {} ", field.name())),
            "{message}"
        );
        assert!(!error.reason().is_empty());
    }
    // A check the double push can give is fine: by the pawn itself, or uncovered (here the
    // d1 bishop's diagonal through e2).
    assert!(Position::from_fen("8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1").is_ok());
    assert!(Position::from_fen("8/8/8/7k/4P3/8/8/3BK3 b - e3 0 1").is_ok());
}

#[test]
fn long_texts_are_cut_in_messages() {
    let long = "x".repeat(10_000);
    let error = Position::from_fen(&long).unwrap_err();
    assert_eq!(error.field(), FenField::FieldCount);
    assert!(error.text().chars().count() <= 101);
    assert!(error.to_string().len() < 300);
}

/// Some ways to break a FEN; see [`mutate`].
const ODD_TEXT: [&str; 12] = [
    "é",
    "♔",
    "😀",
    "\u{0}",
    "\u{a0}",
    "\u{3000}",
    "99999999999999999999999",
    "18446744073709551616",
    "-1",
    "65535",
    "/",
    "  ",
];

/// Bytes worth trying in a FEN: its own alphabet, plus a few that are not.
const FEN_BYTES: &[u8] = b"pnbrqkPNBRQK0123456789/ -wbKQkqabcdefghx\t+.";

/// A random index in `0..=last`.
fn at(rng: &mut impl Rng, last: usize) -> usize {
    rng.random_range(0..=last)
}

/// One random corruption of `fen` (valid UTF-8 in, valid UTF-8 out: stray bytes become
/// U+FFFD).
fn mutate(fen: &str, rng: &mut impl Rng) -> String {
    let mut bytes = fen.as_bytes().to_vec();
    match rng.random_range(0..10) {
        0 if !bytes.is_empty() => {
            let i = at(rng, bytes.len() - 1);
            bytes[i] = match rng.random_bool(0.7) {
                true => FEN_BYTES[rng.random_range(0..FEN_BYTES.len())],
                false => rng.random(),
            };
        }
        1 if !bytes.is_empty() => {
            bytes.remove(at(rng, bytes.len() - 1));
        }
        2 => {
            let byte = FEN_BYTES[rng.random_range(0..FEN_BYTES.len())];
            bytes.insert(at(rng, bytes.len()), byte);
        }
        3 => {
            let mut fields: Vec<&str> = fen.split(' ').collect();
            let (i, j) = (at(rng, fields.len() - 1), at(rng, fields.len() - 1));
            fields.swap(i, j);
            bytes = fields.join(" ").into_bytes();
        }
        4 => bytes.truncate(at(rng, bytes.len())),
        5 => {
            let digits: Vec<usize> = (0..bytes.len())
                .filter(|&i| bytes[i].is_ascii_digit())
                .collect();
            if !digits.is_empty() {
                bytes[digits[rng.random_range(0..digits.len())]] = b'0' + rng.random_range(0..10);
            }
        }
        6 => {
            let boundaries: Vec<usize> = (0..=fen.len())
                .filter(|&i| fen.is_char_boundary(i))
                .collect();
            let i = boundaries[rng.random_range(0..boundaries.len())];
            let odd = ODD_TEXT[rng.random_range(0..ODD_TEXT.len())];
            bytes = format!("{}{odd}{}", &fen[..i], &fen[i..]).into_bytes();
        }
        7 => {
            // Replace one whole field with something odd.
            let mut fields: Vec<&str> = fen.split(' ').collect();
            let i = at(rng, fields.len() - 1);
            fields[i] = ODD_TEXT[rng.random_range(0..ODD_TEXT.len())];
            bytes = fields.join(" ").into_bytes();
        }
        8 => {
            // Drop or repeat a field.
            let mut fields: Vec<&str> = fen.split(' ').collect();
            let i = at(rng, fields.len() - 1);
            if rng.random_bool(0.5) {
                fields.remove(i);
            } else {
                fields.insert(i, fields[i]);
            }
            bytes = fields.join(" ").into_bytes();
        }
        _ if bytes.len() >= 2 => {
            let i = at(rng, bytes.len() - 2);
            bytes.swap(i, i + 1);
        }
        _ => {}
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// 100,000 corrupted FENs: none may panic; each either parses to a position whose FEN reads
/// back to it, or is refused with a message that names its field.
#[test]
fn mutated_fens_never_panic() {
    let bases: Vec<String> = PERFT_POSITIONS
        .iter()
        .map(|p| p.fen.to_string())
        .chain(CANONICAL.iter().map(|s| s.to_string()))
        .chain(default_corpus().iter().step_by(29).map(Position::to_fen))
        .collect();
    let mut rng = inputs::rng(inputs::DEFAULT_SEED, "test/fen-mutations");
    let mut accepted = 0;
    let mut refused_by_field = [0usize; 7];
    for _ in 0..100_000 {
        let mut text = bases[rng.random_range(0..bases.len())].clone();
        for _ in 0..rng.random_range(1..=3) {
            text = mutate(&text, &mut rng);
        }
        let result = std::panic::catch_unwind(|| Position::from_fen(&text))
            .unwrap_or_else(|_| panic!("from_fen panicked on {text:?}"));
        match result {
            Ok(position) => {
                accepted += 1;
                let fen = position.to_fen();
                assert_eq!(Position::from_fen(&fen), Ok(position), "{text:?} → {fen}");
            }
            Err(error) => {
                let field = error.field();
                refused_by_field[FenField::ALL.iter().position(|&f| f == field).unwrap()] += 1;
                let message = error.to_string();
                assert!(
                    message.starts_with(&format!("FEN {} ", field.name())),
                    "{message}"
                );
            }
        }
    }
    // Not vacuous: some mutations survive, and every field's checks are reached.
    assert!(accepted > 1_000, "{accepted} accepted");
    for (field, refused) in FenField::ALL.iter().zip(refused_by_field) {
        assert!(refused > 100, "{field}: {refused} refusals");
    }
}
