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

/// Holds what every accepted FEN must give, or panics naming the seed and the input: the
/// FEN read back is the same position; the position keeps the invariants the parser documents
/// ([the module](crate::board::position)); and perft to depth 2 by the move generator's default
/// configuration equals the reference generator's.
fn check_accepted(position: &Position, text: &str, seed: u64) {
    let fail = |what: String| -> ! { panic!("seed {seed:#x}, FEN {text:?}: {what}") };
    let fen = position.to_fen();
    if Position::from_fen(&fen).as_ref() != Ok(position) {
        fail(format!(
            "written back as {fen:?}, which does not read back to it"
        ));
    }
    if let Err(differs) = as_written(position, text) {
        fail(format!("accepted, but {differs}"));
    }
    if let Err(broken) = legal_by_the_documented_rules(position) {
        fail(format!("accepted, but {broken}"));
    }
    let ours = crate::families::movegen::perft_default(position, 2);
    let reference = crate::bench::reference::perft(position, 2);
    if ours != reference {
        fail(format!(
            "perft 2: the default configuration counts {ours}, the reference {reference}"
        ));
    }
}

/// Whether `position` is what `text` says, read by the simplest decoder that could be: eight
/// ranks of eight squares (digits for empty ones), the side to move, the castling letters, the
/// en-passant square and the counters where given. Independent of the parser, so an input it
/// should have refused (a ninth rank, a short one) is caught here.
fn as_written(position: &Position, text: &str) -> Result<(), String> {
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("the placement has {} ranks", ranks.len()));
    }
    for (rank_text, rank) in ranks.iter().zip((0..8).rev()) {
        let mut cells: Vec<Option<char>> = Vec::new();
        for c in rank_text.chars() {
            match c.to_digit(10) {
                Some(n) => cells.extend(std::iter::repeat_n(None, n as usize)),
                None => cells.push(Some(c)),
            }
        }
        if cells.len() != 8 {
            return Err(format!("rank {} has {} squares", rank + 1, cells.len()));
        }
        for (file, cell) in cells.into_iter().enumerate() {
            let square = Square::ALL[rank * 8 + file];
            let got = position
                .piece_on(square)
                .map(|(colour, piece)| match colour {
                    Colour::White => piece.letter().to_ascii_uppercase(),
                    Colour::Black => piece.letter(),
                });
            if got != cell {
                return Err(format!("{square} holds {got:?}, the FEN says {cell:?}"));
            }
        }
    }
    let side = if position.side_to_move() == Colour::White {
        "w"
    } else {
        "b"
    };
    if fields[1] != side {
        return Err(format!("the side to move is {side}"));
    }
    let written = position.to_fen();
    let written: Vec<&str> = written.split(' ').collect();
    let mut castling: Vec<char> = fields[2].chars().collect();
    let mut ours: Vec<char> = written[2].chars().collect();
    castling.sort_unstable();
    ours.sort_unstable();
    if castling != ours {
        return Err(format!("the castling rights are {}", written[2]));
    }
    if fields[3] != written[3] {
        return Err(format!("the en-passant square is {}", written[3]));
    }
    for (i, counter) in fields.iter().enumerate().skip(4) {
        if counter.parse::<u16>().ok() != written[i].parse::<u16>().ok() {
            return Err(format!("a counter is {}", written[i]));
        }
    }
    Ok(())
}

/// The invariants of every `Position` (the module documentation's list), or the first broken.
fn legal_by_the_documented_rules(p: &Position) -> Result<(), String> {
    let (white, black) = (p.colour(Colour::White), p.colour(Colour::Black));
    if !(white & black).is_empty() {
        return Err("a square holds both colours".into());
    }
    let mut kinds = Bitboard::EMPTY;
    for piece in Piece::ALL {
        if !(kinds & p.kind(piece)).is_empty() {
            return Err(format!("a square holds two kinds, {piece:?} among them"));
        }
        kinds |= p.kind(piece);
    }
    if kinds != (white | black) {
        return Err("the colours and the kinds cover different squares".into());
    }
    let edge_ranks = Bitboard(0xFF00_0000_0000_00FF);
    for colour in [Colour::White, Colour::Black] {
        if p.pieces(colour, Piece::King).len() != 1 {
            return Err(format!(
                "{} has {} kings",
                colour.name(),
                p.pieces(colour, Piece::King).len()
            ));
        }
        if p.colour(colour).len() > 16 || p.pieces(colour, Piece::Pawn).len() > 8 {
            return Err(format!("{} has too many pieces or pawns", colour.name()));
        }
        if !(p.pieces(colour, Piece::Pawn) & edge_ranks).is_empty() {
            return Err(format!(
                "a {} pawn stands on the first or last rank",
                colour.name()
            ));
        }
        let (king_home, rook_h, rook_a) = match colour {
            Colour::White => (Square::E1, Square::H1, Square::A1),
            Colour::Black => (Square::E8, Square::H8, Square::A8),
        };
        let on = |square: Square, piece: Piece| p.piece_on(square) == Some((colour, piece));
        let rights = p.castling();
        if rights.contains(Castling::kingside(colour))
            && !(on(king_home, Piece::King) && on(rook_h, Piece::Rook))
        {
            return Err(format!(
                "{} may castle king side without king and rook at home",
                colour.name()
            ));
        }
        if rights.contains(Castling::queenside(colour))
            && !(on(king_home, Piece::King) && on(rook_a, Piece::Rook))
        {
            return Err(format!(
                "{} may castle queen side without king and rook at home",
                colour.name()
            ));
        }
    }
    let mover = p.side_to_move();
    let waiting = !mover;
    if crate::bench::reference::is_attacked(p, p.king(waiting), mover) {
        return Err(format!("{}, not to move, is in check", waiting.name()));
    }
    if let Some(square) = p.en_passant() {
        // The pawn that just moved (the waiting side's) stands in front of the square.
        let sixth = if mover == Colour::White { 5 } else { 2 };
        let pawn = square.offset(0, -mover.forward());
        let origin = square.offset(0, mover.forward());
        let fits = square.rank() == sixth
            && pawn.is_some_and(|s| p.piece_on(s) == Some((waiting, Piece::Pawn)))
            && !p.occupied().contains(square)
            && origin.is_some_and(|s| !p.occupied().contains(s));
        if !fits {
            return Err(format!(
                "the en-passant square {square} does not follow a double push"
            ));
        }
    }
    Ok(())
}

/// 100,000 corrupted FENs: none may panic; each either is accepted, and then reads back, keeps
/// the documented invariants and counts perft 2 as the reference does ([`check_accepted`]), or
/// is refused with a message that names its field. A failure names the seed and the input.
#[test]
fn mutated_fens_never_panic() {
    let bases: Vec<String> = PERFT_POSITIONS
        .iter()
        .map(|p| p.fen.to_string())
        .chain(CANONICAL.iter().map(|s| s.to_string()))
        .chain(default_corpus().iter().step_by(29).map(Position::to_fen))
        .collect();
    let seed = inputs::DEFAULT_SEED;
    let mut rng = inputs::rng(seed, "test/fen-mutations");
    let mut accepted = 0;
    let mut refused_by_field = [0usize; 7];
    for _ in 0..100_000 {
        let mut text = bases[rng.random_range(0..bases.len())].clone();
        for _ in 0..rng.random_range(1..=3) {
            text = mutate(&text, &mut rng);
        }
        match read(&text, seed) {
            Ok(position) => {
                accepted += 1;
                check_accepted(&position, &text, seed);
            }
            Err(field) => {
                refused_by_field[FenField::ALL.iter().position(|&f| f == field).unwrap()] += 1
            }
        }
    }
    // Not vacuous: some mutations survive, and every field's checks are reached.
    assert!(accepted > 1_000, "{accepted} accepted");
    for (field, refused) in FenField::ALL.iter().zip(refused_by_field) {
        assert!(refused > 100, "{field}: {refused} refusals");
    }
}

/// Reads `text` as a FEN; panics, naming the seed and the input, if the parser panics or
/// refuses it without naming the field at fault at the head of its message.
fn read(text: &str, seed: u64) -> Result<Position, FenField> {
    let result = std::panic::catch_unwind(|| Position::from_fen(text))
        .unwrap_or_else(|_| panic!("seed {seed:#x}: from_fen panicked on {text:?}"));
    result.map_err(|error| {
        let field = error.field();
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("FEN {} ", field.name())),
            "seed {seed:#x}, FEN {text:?}: the message does not name the field first: {message}"
        );
        field
    })
}

/// 40,000 boards made up square by square: kings, then up to 30 random pieces anywhere, a
/// random side to move, random castling rights and a random en-passant square. Most are
/// refused (a pawn on the last rank, the side not to move in check, a castling right without
/// its rook); each accepted one passes [`check_accepted`], each refusal names its field.
#[test]
fn generated_boards_are_read_or_refused_by_the_rules() {
    let seed = inputs::DEFAULT_SEED;
    let mut rng = inputs::rng(seed, "test/fen-boards");
    let letters = b"PNBRQpnbrq";
    let mut accepted = 0;
    for _ in 0..40_000 {
        let mut board = [b'.'; 64];
        for king in [b'K', b'k'] {
            loop {
                let square = rng.random_range(0..64);
                if board[square] == b'.' {
                    board[square] = king;
                    break;
                }
            }
        }
        for _ in 0..rng.random_range(0..=30) {
            let square = rng.random_range(0..64);
            if board[square] == b'.' {
                board[square] = letters[rng.random_range(0..letters.len())];
            }
        }
        let mut placement = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    b'.' => empty += 1,
                    piece => {
                        if empty > 0 {
                            placement.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        placement.push(char::from(piece));
                    }
                }
            }
            if empty > 0 {
                placement.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                placement.push('/');
            }
        }
        let side = if rng.random_bool(0.5) { "w" } else { "b" };
        let castling: String = "KQkq".chars().filter(|_| rng.random_bool(0.3)).collect();
        let castling = if castling.is_empty() {
            "-".to_string()
        } else {
            castling
        };
        let en_passant = if rng.random_bool(0.2) {
            let file = char::from(b'a' + rng.random_range(0..8u8));
            let rank = if rng.random_bool(0.5) { '3' } else { '6' };
            format!("{file}{rank}")
        } else {
            "-".to_string()
        };
        let text = format!(
            "{placement} {side} {castling} {en_passant} {} {}",
            rng.random_range(0..200),
            rng.random_range(1..300)
        );
        if let Ok(position) = read(&text, seed) {
            accepted += 1;
            check_accepted(&position, &text, seed);
        }
    }
    assert!(
        accepted > 1_000,
        "{accepted} of 40,000 generated boards accepted"
    );
}

/// The fuzzing corpus of `scripts/fuzz.sh` (`fuzz/corpus/fen/`) and every input it ever found
/// to crash (`fuzz/regressions/fen/`): each is read as every other input is, and holds the
/// same promises.
#[test]
fn the_fuzzing_corpus_and_its_regressions_replay() {
    let fuzz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut replayed = 0;
    for folder in ["corpus/fen", "regressions/fen"] {
        let Ok(entries) = std::fs::read_dir(fuzz.join(folder)) else {
            assert_ne!(folder, "corpus/fen", "the corpus is missing");
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            let Ok(text) = std::str::from_utf8(&bytes) else {
                continue; // the target reads UTF-8 only
            };
            if let Ok(position) = read(text, 0) {
                check_accepted(&position, text, 0);
            }
            replayed += 1;
        }
    }
    assert!(replayed >= 6, "{replayed} inputs replayed");
}
