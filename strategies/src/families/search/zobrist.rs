//! Zobrist hash keys: a 64-bit key per piece of each colour on each square, per set of castling
//! rights, per en-passant file and for the side to move, drawn at compile time from a fixed
//! seed (SplitMix64), so every build and every run hashes a position alike.
//!
//! A child's key is its parent's with the difference of the two positions folded in
//! ([`child`]): the squares whose piece changed, the rights, the en-passant square and the side.
//! This is the incremental update engines make, derived from the two positions rather than
//! from the kind of move, so it holds for every move the generator makes.

use crate::board::position::{Colour, Piece, Position};

/// SplitMix64's step: the state advanced and its output.
const fn split_mix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Every key, in one table: 768 piece keys (`colour * 384 + piece * 64 + square`), then 16
/// castling keys, 8 en-passant files and the side to move.
const KEY_COUNT: usize = 768 + 16 + 8 + 1;

static KEYS: [u64; KEY_COUNT] = keys();

const fn keys() -> [u64; KEY_COUNT] {
    let mut keys = [0; KEY_COUNT];
    let mut state = 0x6269_7462_656e_6368; // "bitbench"
    let mut i = 0;
    while i < KEY_COUNT {
        let (next, key) = split_mix(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
}

/// The bytes of the key table.
pub const TABLE_BYTES: usize = KEY_COUNT * 8;

const CASTLING: usize = 768;
const EN_PASSANT: usize = CASTLING + 16;
const SIDE: usize = EN_PASSANT + 8;

#[inline(always)]
fn piece(colour: usize, piece: usize, square: u32) -> u64 {
    KEYS[colour * 384 + piece * 64 + square as usize]
}

/// The key of everything but the pieces: rights, en-passant file, side to move.
#[inline(always)]
fn state(position: &Position) -> u64 {
    let mut key = KEYS[CASTLING + position.castling.bits() as usize];
    if let Some(square) = position.en_passant {
        key ^= KEYS[EN_PASSANT + square.file() as usize];
    }
    if position.side_to_move == Colour::Black {
        key ^= KEYS[SIDE];
    }
    key
}

/// The key of `position`, from scratch.
pub fn key(position: &Position) -> u64 {
    let mut key = state(position);
    for colour in Colour::ALL {
        for kind in Piece::ALL {
            for square in position.pieces(colour, kind) {
                key ^= piece(colour.index(), kind.index(), square as u32);
            }
        }
    }
    key
}

/// The key of `child`, a position one move (or a null move) from `parent`, whose key is
/// `parent_key`: the difference of the two folded in.
#[inline(always)]
pub fn child(parent_key: u64, parent: &Position, child: &Position) -> u64 {
    let mut key = parent_key ^ state(parent) ^ state(child);
    let changed = (parent.colours[0] ^ child.colours[0]) | (parent.colours[1] ^ child.colours[1]);
    if changed.is_empty() {
        return key;
    }
    for colour in 0..2 {
        for kind in 0..6 {
            let before = parent.colours[colour] & parent.pieces[kind];
            let after = child.colours[colour] & child.pieces[kind];
            for square in before ^ after {
                key ^= piece(colour, kind, square as u32);
            }
        }
    }
    key
}

#[cfg(all(test, feature = "bench"))]
mod tests {
    use super::*;
    use crate::bench::corpus::default_corpus;
    use crate::bench::reference;

    #[test]
    fn a_childs_key_is_its_key_from_scratch() {
        for parent in default_corpus().iter().take(200) {
            let parent_key = key(parent);
            for mv in reference::legal_moves(parent) {
                let next = reference::make(parent, mv);
                assert_eq!(
                    child(parent_key, parent, &next),
                    key(&next),
                    "{parent} {mv}"
                );
            }
        }
    }

    #[test]
    fn keys_differ() {
        let mut sorted = KEYS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), KEY_COUNT);
    }
}
