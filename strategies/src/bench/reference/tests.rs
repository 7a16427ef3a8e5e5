//! The reference against published perft counts, hand-made edge cases and its own helpers'
//! definitions (`cozy_tests` holds the comparison with the `cozy-chess` move generator).

use super::*;
use crate::bench::corpus::default_corpus;
use Square::*;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

use crate::bench::testing::set;

fn uci(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// Perft at depths 1 to 4 of the `index`-th wiki position against the published counts.
fn check_perft_position(index: usize) {
    let expected = PERFT_POSITIONS[index];
    let root = position(expected.fen);
    for (depth, &count) in (1..).zip(&expected.counts) {
        assert_eq!(
            perft(&root, depth),
            count,
            "{} at depth {depth}",
            expected.name
        );
    }
}

#[test]
fn perft_initial_position() {
    check_perft_position(0);
}

#[test]
fn perft_kiwipete() {
    check_perft_position(1);
}

#[test]
fn perft_position_3() {
    check_perft_position(2);
}

#[test]
fn perft_position_4_and_its_mirror() {
    check_perft_position(3);
    // The wiki's mirrored form of position 4: colours swapped, board flipped, black to move.
    let mirrored = position("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1");
    assert_eq!(perft(&mirrored, 4), PERFT_POSITIONS[3].counts[3]);
}

#[test]
fn perft_position_5() {
    check_perft_position(4);
}

#[test]
fn perft_position_6() {
    check_perft_position(5);
}

/// Martin Sedlak's edge-case positions (posted to TalkChess, collected on chessprogramming.net
/// "Perfect Perft" and in many engines' suites), at their published depths.
#[test]
fn perft_edge_cases_of_martin_sedlak() {
    let cases: [(&str, &str, u32, u64); 14] = [
        (
            "illegal en passant 1",
            "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
            6,
            1_134_888,
        ),
        (
            "illegal en passant 2",
            "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
            6,
            1_015_133,
        ),
        (
            "en passant gives check",
            "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
            6,
            1_440_467,
        ),
        (
            "short castling gives check",
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            6,
            661_072,
        ),
        (
            "long castling gives check",
            "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
            6,
            803_711,
        ),
        (
            "castling rights",
            "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
            4,
            1_274_206,
        ),
        (
            "castling prevented",
            "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
            4,
            1_720_476,
        ),
        (
            "promote out of check",
            "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
            6,
            3_821_001,
        ),
        (
            "discovered check",
            "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
            5,
            1_004_658,
        ),
        (
            "promote to give check",
            "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
            6,
            217_342,
        ),
        (
            "underpromote to give check",
            "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
            6,
            92_683,
        ),
        ("self stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2_217),
        (
            "stalemate and checkmate",
            "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
            7,
            567_584,
        ),
        (
            "stalemate and checkmate 2",
            "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
            4,
            23_527,
        ),
    ];
    for (name, fen, depth, count) in cases {
        assert_eq!(perft(&position(fen), depth), count, "{name}: {fen}");
    }
}

#[test]
fn divide_sums_to_perft() {
    let kiwipete = position(PERFT_POSITIONS[1].fen);
    let split = divide(&kiwipete, 3);
    assert_eq!(split.len(), 48);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 97_862);
    assert_eq!(
        split.iter().map(|&(mv, _)| mv).collect::<Vec<_>>(),
        legal_moves(&kiwipete)
    );
    assert!(divide(&kiwipete, 0).is_empty());
    assert_eq!(perft(&kiwipete, 0), 1);
}

#[test]
fn en_passant_that_uncovers_a_rank_check_is_illegal() {
    // b5xc6 e.p. would take both pawns off the fifth rank, between the a5 king and the h5 rook.
    let pinned_on_rank = position("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2");
    assert!(!uci(&legal_moves(&pinned_on_rank)).contains(&"b5c6".to_string()));
    assert!(pinned(&pinned_on_rank).is_empty(), "not a pin of one piece");
    // Without the rook it is legal, and takes the c5 pawn.
    let free = position("8/8/8/KPp5/8/8/8/4k3 w - c6 0 2");
    let capture = Move::new(B5, C6);
    assert!(legal_moves(&free).contains(&capture));
    let after = make(&free, capture);
    assert_eq!(after.piece_on(C5), None);
    assert_eq!(after.piece_on(C6), Some((Colour::White, Piece::Pawn)));
    assert_eq!(after.halfmove_clock(), 0);
}

#[test]
fn en_passant_square_after_every_double_push() {
    let after = make(&Position::startpos(), Move::new(E2, E4));
    assert_eq!(
        after.en_passant(),
        Some(E3),
        "set although no black pawn can take"
    );
    assert_eq!(
        after.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    let after = make(&after, Move::new(G8, F6));
    assert_eq!(after.en_passant(), None);
    assert_eq!((after.halfmove_clock(), after.fullmove_number()), (1, 2));
}

#[test]
fn castling_through_into_or_out_of_check() {
    // The g2 bishop attacks f1 (and h1's rook, which does not matter): no O-O. O-O-O is fine.
    let through = position("4k3/8/8/8/8/8/6b1/R3K2R w KQ - 0 1");
    let moves = uci(&legal_moves(&through));
    assert!(!moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    // A knight attacking b1 only (the rook's path, not the king's) does not stop O-O-O.
    let b1_attacked = position("4k3/8/8/8/8/n7/8/R3K2R w KQ - 0 1");
    assert!(uci(&legal_moves(&b1_attacked)).contains(&"e1c1".to_string()));
    // Landing on an attacked square (g1 by the g8 rook), or castling out of check.
    let into = position("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!uci(&legal_moves(&into)).contains(&"e1g1".to_string()));
    let out_of = position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let in_check = position("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(uci(&legal_moves(&out_of)).contains(&"e1g1".to_string()));
    let in_check_moves = uci(&legal_moves(&in_check));
    assert!(!in_check_moves.contains(&"e1g1".to_string()));
    assert!(!in_check_moves.contains(&"e1c1".to_string()));
    // A piece between king and rook blocks; castling moves the rook too.
    let blocked = position("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert!(!uci(&legal_moves(&blocked)).contains(&"e1c1".to_string()));
    let castled = make(&out_of, Move::new(E1, C1));
    assert_eq!(castled.to_fen(), "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
}

#[test]
fn promotion_with_capture() {
    let promotion = position("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let pawn_moves: Vec<String> = uci(&legal_moves(&promotion))
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(
        pawn_moves,
        ["a7a8n", "a7a8b", "a7a8r", "a7a8q", "a7b8n", "a7b8b", "a7b8r", "a7b8q"]
    );
    let after = make(&promotion, Move::promoting(A7, B8, Piece::Knight));
    assert_eq!(after.to_fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn capturing_a_rook_takes_its_castling_right() {
    let rooks = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let after = make(&rooks, Move::new(A1, A8));
    assert_eq!(after.castling().to_string(), "Kk");
    let after = make(&rooks, Move::new(H1, H2));
    assert_eq!(after.castling().to_string(), "Qkq");
}

#[test]
fn helpers_on_a_hand_made_position() {
    // The e8 rook checks the e1 king; the a5 queen pins the d2 knight (a5 b4 c3 d2 e1) and
    // the h4 bishop pins the f2 pawn (h4 g3 f2 e1).
    let board = position("4r1k1/8/8/q7/7b/8/3N1P2/4K3 w - - 0 1");
    assert_eq!(checkers(&board), set(&[E8]));
    assert_eq!(pinned(&board), set(&[D2, F2]));
    assert!(is_attacked(&board, E2, Colour::Black));
    assert!(!is_attacked(&board, D1, Colour::Black));
    assert_eq!(attackers_to(&board, D2), set(&[A5, E1]));
    assert_eq!(
        attacks_from(Colour::White, Piece::Pawn, A2, Bitboard::EMPTY),
        set(&[B3])
    );
    assert_eq!(
        attacks_from(Colour::Black, Piece::Pawn, E7, Bitboard::EMPTY),
        set(&[D6, F6])
    );
    assert_eq!(
        attacks_from(Colour::White, Piece::Rook, A1, set(&[A3, C1])),
        set(&[A2, A3, B1, C1])
    );
}

/// `attackers_to` walks outwards from the target; this is the definition it must meet: every
/// piece whose own attacks, walked from its square, contain the target.
#[test]
fn attackers_to_matches_every_pieces_attacks_on_the_corpus() {
    for board in default_corpus().iter().step_by(7) {
        let occupied = board.occupied();
        for target in Square::ALL {
            let expected: Bitboard = occupied
                .squares()
                .filter(|&square| {
                    let (colour, piece) = board.piece_on(square).expect("occupied");
                    attacks_from(colour, piece, square, occupied).contains(target)
                })
                .collect();
            assert_eq!(attackers_to(board, target), expected, "{board} {target}");
        }
    }
}

/// A piece is pinned exactly when lifting it off the board lets an enemy slider attack the
/// king.
#[test]
fn pinned_matches_lifting_each_piece_on_the_corpus() {
    for board in default_corpus() {
        let us = board.side_to_move();
        let king = board.king(us);
        let slider_checkers = |b: &Position| {
            let sliders = b.kind(Piece::Bishop) | b.kind(Piece::Rook) | b.kind(Piece::Queen);
            attackers_to(b, king) & b.colour(!us) & sliders
        };
        let before = slider_checkers(board);
        let mut expected = Bitboard::EMPTY;
        for square in board.colour(us) {
            if square != king {
                let mut lifted = *board;
                lifted.remove(square);
                if slider_checkers(&lifted) != before {
                    expected |= Bitboard::from_square(square);
                }
            }
        }
        assert_eq!(pinned(board), expected, "{board}");
    }
}
