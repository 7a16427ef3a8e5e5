//! Hand-made positions for the edge cases the corpus may hold too rarely: double checks, a
//! pin along each of the eight directions (for both sides), pinned pieces that may still move
//! along their pin, captures en passant that expose the king or remove a checker, kings
//! without attackers, every castling rule, and promotions. The four position families
//! (`attacks_to`, `attacked`, `legality_test` and, through their occupancies,
//! `attacked_by_piece`) verify on every one of them besides the corpus.
//!
//! Each is a FEN that [`Position::from_fen`] accepts (so it keeps every invariant of
//! [`Position`]); the tests below check that each shows the property its name claims, with the
//! reference move generator.

use crate::board::position::Position;

/// Every edge-case position: `(what it shows, FEN)`.
pub const EDGE_FENS: [(&str, &str); 34] = [
    // Double checks.
    (
        "double check: rook and bishop",
        "4r2k/8/8/8/1b6/8/8/4K3 w - - 0 1",
    ),
    (
        "double check: knight and rook",
        "4k3/8/8/8/8/3n4/8/4K2r w - - 0 1",
    ),
    (
        "double check: pawn and queen, black to move",
        "4k3/3P4/8/8/8/8/8/4Q1K1 b - - 0 1",
    ),
    // One pin per direction from the white king on d4.
    (
        "pin north: rook by rook",
        "7k/3r4/8/3R4/3K4/8/8/8 w - - 0 1",
    ),
    (
        "pin south: queen by rook",
        "7k/8/8/8/3K4/3Q4/8/3r4 w - - 0 1",
    ),
    (
        "pin east: knight by rook",
        "7k/8/8/8/3KN1r1/8/8/8 w - - 0 1",
    ),
    ("pin west: pawn by rook", "7k/8/8/8/r1PK4/8/8/8 w - - 0 1"),
    (
        "pin north-east: bishop by bishop",
        "7k/6b1/8/4B3/3K4/8/8/8 w - - 0 1",
    ),
    (
        "pin north-west: pawn by bishop",
        "7k/b7/8/2P5/3K4/8/8/8 w - - 0 1",
    ),
    (
        "pin south-east: queen by bishop",
        "7k/8/8/8/3K4/4Q3/8/6b1 w - - 0 1",
    ),
    (
        "pin south-west: knight by queen",
        "7k/8/8/8/3K4/2N5/8/q7 w - - 0 1",
    ),
    (
        "pins in all eight directions, white",
        "7k/b2r2b1/8/2PRB3/r1PKN1r1/2NQQ3/8/q2r2b1 w - - 0 1",
    ),
    (
        "pins in all eight directions, black",
        "Q2R2B1/8/2nqq3/R1pkn1R1/2prb3/8/B2R2B1/7K b - - 0 1",
    ),
    // Pinned pieces that may still move along the pin.
    (
        "pinned pawn pushes along its file",
        "4r1k1/8/8/8/8/8/4P3/4K3 w - - 0 1",
    ),
    (
        "pinned pawn captures its pinner",
        "4k3/8/8/8/8/6b1/5P2/4K3 w - - 0 1",
    ),
    (
        "pinned rook captures its pinner",
        "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",
    ),
    // En passant.
    (
        "en passant exposes the king on the rank",
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
    ),
    (
        "en passant exposes the king on the rank, black",
        "7K/8/8/8/R2pP2k/8/8/8 b - e3 0 1",
    ),
    (
        "en passant captures the checking pawn",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    ),
    (
        "en passant possible and legal",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ),
    (
        "en passant square without a capturer",
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
    ),
    // Kings without attackers.
    (
        "bare kings: no attackers at all",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ),
    (
        "start position: no enemy attacker of either king",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    // Castling.
    (
        "castling: all four allowed",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ),
    (
        "castling: all four allowed, black",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    ),
    (
        "castling: king side crosses an attacked f1",
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
    ),
    (
        "castling: king side lands on an attacked g1",
        "r3k2r/8/8/8/8/8/7p/R3K2R w KQkq - 0 1",
    ),
    (
        "castling: none out of check",
        "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",
    ),
    (
        "castling: queen side with b1 attacked is allowed",
        "r3k2r/8/8/8/8/n7/8/R3K2R w KQkq - 0 1",
    ),
    (
        "castling: rook attacked is allowed",
        "b3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
    ),
    (
        "castling: blocked by knights",
        "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1",
    ),
    ("castling: rights lost", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"),
    // Promotions, with captures.
    ("promotions, white", "r1n1k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"),
    ("promotions, black", "4k3/6P1/8/8/8/8/1p6/R1N1K3 b - - 0 1"),
];

/// The edge-case positions, parsed, in [`EDGE_FENS`] order.
pub fn edge_positions() -> Vec<Position> {
    EDGE_FENS
        .iter()
        .map(|(what, fen)| {
            Position::from_fen(fen).unwrap_or_else(|e| panic!("edge position {what}: {e}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::reference::{attackers_to, checkers, legal_moves, pinned};
    use crate::board::position::Move;
    use crate::board::square::Square;
    use Square::*;

    fn position(name: &str) -> Position {
        let (_, fen) = EDGE_FENS.iter().find(|(what, _)| *what == name).unwrap();
        Position::from_fen(fen).unwrap()
    }

    use crate::bench::testing::set;

    #[test]
    fn every_edge_position_parses() {
        assert_eq!(edge_positions().len(), EDGE_FENS.len());
    }

    #[test]
    fn double_checks_have_two_checkers() {
        for (name, _) in EDGE_FENS
            .iter()
            .filter(|(n, _)| n.starts_with("double check"))
        {
            assert_eq!(checkers(&position(name)).len(), 2, "{name}");
        }
    }

    #[test]
    fn pins_lie_where_named() {
        let single = [
            ("pin north: rook by rook", D5),
            ("pin south: queen by rook", D3),
            ("pin east: knight by rook", E4),
            ("pin west: pawn by rook", C4),
            ("pin north-east: bishop by bishop", E5),
            ("pin north-west: pawn by bishop", C5),
            ("pin south-east: queen by bishop", E3),
            ("pin south-west: knight by queen", C3),
        ];
        for (name, square) in single {
            let position = position(name);
            assert_eq!(pinned(&position), set(&[square]), "{name}");
            assert!(checkers(&position).is_empty(), "{name}");
        }
        let white = position("pins in all eight directions, white");
        let all = set(&[D5, D3, E4, C4, E5, C5, E3, C3]);
        assert_eq!(pinned(&white), all);
        let black = position("pins in all eight directions, black");
        let mirrored = all.into_iter().map(|s| Square::ALL[s.index() ^ 56]);
        assert_eq!(pinned(&black), mirrored.collect());
    }

    fn legal(position: &Position, from: Square, to: Square) -> bool {
        legal_moves(position).contains(&Move::new(from, to))
    }

    #[test]
    fn pinned_pieces_move_along_their_pins() {
        let push = position("pinned pawn pushes along its file");
        assert!(legal(&push, E2, E3) && legal(&push, E2, E4));
        let capture = position("pinned pawn captures its pinner");
        assert!(legal(&capture, F2, G3) && !legal(&capture, F2, F3));
        let rook = position("pinned rook captures its pinner");
        assert!(legal(&rook, E2, E7) && legal(&rook, E2, E5) && !legal(&rook, E2, D2));
        let all = position("pins in all eight directions, white");
        assert!(legal(&all, D5, D7) && legal(&all, E5, G7) && legal(&all, E3, G1));
        assert!(!legal(&all, E4, F6) && !legal(&all, C4, C5));
    }

    #[test]
    fn en_passant_cases() {
        let exposes = position("en passant exposes the king on the rank");
        assert!(!legal(&exposes, E5, D6));
        let black = position("en passant exposes the king on the rank, black");
        assert!(!legal(&black, D4, E3));
        let removes = position("en passant captures the checking pawn");
        assert_eq!(checkers(&removes), set(&[D4]));
        assert!(legal(&removes, E4, D3));
        assert!(legal(&position("en passant possible and legal"), E5, F6));
    }

    #[test]
    fn kings_without_attackers() {
        let bare = position("bare kings: no attackers at all");
        let start = position("start position: no enemy attacker of either king");
        for colour in crate::board::position::Colour::ALL {
            assert!(attackers_to(&bare, bare.king(colour)).is_empty());
            let attackers = attackers_to(&start, start.king(colour));
            assert!(!attackers.is_empty(), "defended by its own pieces");
            assert!((attackers & start.colour(!colour)).is_empty());
        }
    }

    #[test]
    fn castling_cases() {
        let castles = |name: &str| {
            let position = position(name);
            let rank = if name.ends_with("black") { 56 } else { 0 };
            let king = Square::ALL[rank + 4];
            [Square::ALL[rank + 6], Square::ALL[rank + 2]].map(|to| legal(&position, king, to))
        };
        assert_eq!(castles("castling: all four allowed"), [true, true]);
        assert_eq!(castles("castling: all four allowed, black"), [true, true]);
        assert_eq!(
            castles("castling: king side crosses an attacked f1"),
            [false, true]
        );
        assert_eq!(
            castles("castling: king side lands on an attacked g1"),
            [false, true]
        );
        assert_eq!(castles("castling: none out of check"), [false, false]);
        assert_eq!(
            castles("castling: queen side with b1 attacked is allowed"),
            [true, true]
        );
        assert_eq!(castles("castling: rook attacked is allowed"), [true, true]);
        assert_eq!(castles("castling: blocked by knights"), [false, false]);
        assert_eq!(castles("castling: rights lost"), [false, false]);
    }
}
