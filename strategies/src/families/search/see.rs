//! Static exchange evaluation: what a capture wins or loses if both sides then take back on
//! the square with their least valuable attacker each, as long as it pays.
//!
//! The attackers of the square, both colours, come from the configuration's attacks-to
//! technique, once; as each attacker leaves the square's lines, the slider behind it (a rook
//! or queen on a rank or file, a bishop or queen on a diagonal) joins them, found by the
//! configuration's x-ray technique: the x-ray attacks from the square through the attacker
//! that left. The swap list is then folded back from its end (a side may stop taking), as in
//! chessprogramming's "SEE - The Swap Algorithm". Pins and checks are not considered, as
//! usual; the king takes last, and is worth more than anything.

use super::moves::{Entry, Kind};
use super::SearchConfig;
use crate::board::bitboard::Bitboard;
use crate::board::position::{Piece, Position};
use crate::families::attacks_to::AttacksTo;
use crate::families::xray_attacks::XrayAttacks;

/// What each piece is worth to the exchange: pawn, knight, bishop, rook, queen, king.
pub const VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// The material `entry` wins (positive), or loses, in `position` after the best sequence of
/// recaptures on its target square.
#[inline(always)]
pub(crate) fn see<C: SearchConfig>(config: C, position: &Position, entry: &Entry) -> i32 {
    let to = entry.to;
    let us = position.side_to_move;
    let mut occupied = position.occupied();
    let mut gain = [0i32; 32];
    // What stands on the target (a pawn taken en passant stands beside it).
    gain[0] = match entry.kind {
        Kind::EnPassant => {
            let taken = Bitboard::from_square(crate::board::square::Square::from_index_masked(
                (entry.from.rank() * 8 + to.file()) as u8,
            ));
            occupied ^= taken;
            VALUES[0]
        }
        _ => victim(position, to).map_or(0, |p| VALUES[p as usize]),
    };
    // The piece standing on the square after the move: a promotion's piece.
    let mut on_square = match entry.kind {
        Kind::Promotion(piece) => {
            gain[0] += VALUES[piece as usize] - VALUES[0];
            VALUES[piece as usize]
        }
        _ => VALUES[entry.piece as usize],
    };
    let rooks = position.kind(Piece::Rook) | position.kind(Piece::Queen);
    let bishops = position.kind(Piece::Bishop) | position.kind(Piece::Queen);
    let xrays = config.xrays();
    let mut attackers = config.attackers().attackers(position, to) & occupied;
    let mut from = Bitboard::from_square(entry.from);
    let mut piece = entry.piece;
    let mut side = !us;
    let mut depth = 0;
    loop {
        // The attacker leaves: the slider behind it, if any, now attacks the square.
        if !matches!(piece, Piece::Knight | Piece::King) {
            attackers |= (xrays.rook_xray(to, occupied, from) & rooks)
                | (xrays.bishop_xray(to, occupied, from) & bishops);
        }
        occupied ^= from;
        attackers &= occupied;
        depth += 1;
        gain[depth] = on_square - gain[depth - 1];
        if (-gain[depth - 1]).max(gain[depth]) < 0 || depth == gain.len() - 1 {
            break;
        }
        let mine = attackers & position.colour(side);
        let Some(next) = Piece::ALL
            .into_iter()
            .find(|&p| !(mine & position.kind(p)).is_empty())
        else {
            break;
        };
        let set = (mine & position.kind(next)).0;
        from = Bitboard(set & set.wrapping_neg());
        piece = next;
        on_square = VALUES[next as usize];
        side = !side;
    }
    while depth > 1 {
        depth -= 1;
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
    }
    gain[0]
}

/// The kind of piece on `square`, if any.
#[inline(always)]
pub(crate) fn victim(position: &Position, square: crate::board::square::Square) -> Option<Piece> {
    if !position.occupied().contains(square) {
        return None;
    }
    Piece::ALL
        .into_iter()
        .find(|&p| position.kind(p).contains(square))
}
