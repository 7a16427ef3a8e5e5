//! The reference against the `cozy-chess` move generator, an independent implementation: move
//! by move, check and pin sets, and the position after each move. Built with the feature
//! `peers` only, which brings in the crate.

use super::*;
use crate::bench::corpus::default_corpus;

/// Our square as a `cozy_chess::Square`.
fn to_cozy(square: Square) -> cozy_chess::Square {
    cozy_chess::Square::index(square.index())
}

/// cozy-chess's legal moves in our notation: it writes castling as the king taking its rook.
fn cozy_moves(board: &cozy_chess::Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(|piece_moves| {
        for mv in piece_moves {
            let from = Square::from_index_masked(mv.from as u8);
            let mut to = Square::from_index_masked(mv.to as u8);
            let castles = board.colors(board.side_to_move()).has(mv.to);
            if castles {
                let file = if to.file() > from.file() { 6 } else { 2 };
                to = Square::from_index_masked((from.rank() * 8 + file) as u8);
            }
            let promotion = mv.promotion.map(|p| Piece::ALL[p as usize]);
            moves.push(Move {
                from,
                to,
                promotion,
            });
        }
        false
    });
    moves.sort();
    moves
}

/// Move by move, and check and pin sets, against an independent generator (cozy-chess, with
/// magic bitboards and a legal-only generator) over the whole default corpus.
#[test]
fn agrees_with_cozy_chess_on_the_corpus() {
    for board in default_corpus() {
        let fen = board.to_fen();
        let theirs: cozy_chess::Board = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e:?}"));
        let mut ours = legal_moves(board);
        ours.sort();
        assert_eq!(ours, cozy_moves(&theirs), "{fen}");
        let bits = |set: Bitboard| set.squares().map(to_cozy).collect::<Vec<_>>();
        assert_eq!(
            bits(checkers(board)),
            theirs.checkers().iter().collect::<Vec<_>>(),
            "{fen}"
        );
        let cozy_own = theirs.colors(theirs.side_to_move());
        let cozy_pinned = (theirs.pinned() & cozy_own).iter().collect::<Vec<_>>();
        assert_eq!(bits(pinned(board)), cozy_pinned, "{fen}");
    }
}

/// Our move in cozy-chess's notation, where castling is the king taking its own rook.
fn to_cozy_move(board: &Position, mv: Move) -> cozy_chess::Move {
    let king = board.piece_on(mv.from) == Some((board.side_to_move(), Piece::King));
    let to = match (king, mv.to.file() as i32 - mv.from.file() as i32) {
        (true, 2) => mv.to.offset(1, 0).expect("h-file rook"),
        (true, -2) => mv.to.offset(-2, 0).expect("a-file rook"),
        _ => mv.to,
    };
    cozy_chess::Move {
        from: to_cozy(mv.from),
        to: to_cozy(to),
        promotion: mv.promotion.map(|p| cozy_chess::Piece::index(p.index())),
    }
}

/// The position after each legal move, against cozy-chess's, through FEN. En-passant squares
/// are left out of the comparison: cozy-chess keeps one only when a capture is possible.
#[test]
fn make_agrees_with_cozy_chess_on_a_corpus_sample() {
    let without_en_passant = |fen: String| {
        let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
        fields[3] = "-".to_string();
        fields.join(" ")
    };
    for board in default_corpus().iter().step_by(5) {
        let theirs: cozy_chess::Board = board.to_fen().parse().expect("cozy-chess reads it");
        for mv in legal_moves(board) {
            let mut their_after = theirs.clone();
            their_after
                .try_play(to_cozy_move(board, mv))
                .unwrap_or_else(|e| panic!("{board} then {mv}: {e:?}"));
            assert_eq!(
                without_en_passant(make(board, mv).to_fen()),
                without_en_passant(their_after.to_string()),
                "{board} then {mv}"
            );
        }
    }
}
