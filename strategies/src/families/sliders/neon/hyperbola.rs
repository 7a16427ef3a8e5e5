//! Hyperbola quintessence on every line, ranks included, with the bit reversal done by NEON:
//! a piece's two lines side by side in one 128-bit vector.
//!
//! Source: new, after the public description of the slider Stockfish adopted on ARM in 2026
//! (hyperbola quintessence with the bit-reverse instruction, `rbit`, in place of magic
//! bitboards), and [`crate::families::sliders::gfni::hyperbola`], the same idea on x86-64.
//! Reversing all 64 bits reverses the order of the squares on any line, so `o ^ (o - 2r)`
//! works on ranks too and no rank table is needed. NEON's `rbit` reverses the bits of each
//! byte (`vrbitq_u8`) and `rev64` the bytes of each 64-bit lane (`vrev64q_u8`): together, a
//! full reversal of both lanes. Footprint: the line masks of
//! [`hyperbola`](crate::families::sliders::hyperbola), 1 KiB per piece. CPU features: NEON.

use crate::families::sliders::hyperbola::{BISHOP_LINES, ROOK_LINES};
use crate::framework::cpu::Neon;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::arch::aarch64::*;

/// Both lanes with all 64 bits in reverse order.
#[target_feature(enable = "neon")]
#[inline]
fn reverse(lanes: uint64x2_t) -> uint64x2_t {
    vreinterpretq_u64_u8(vrev64q_u8(vrbitq_u8(vreinterpretq_u8_u64(lanes))))
}

/// The attacks of a slider on `square` along the two lines `lines` (the square left out).
#[target_feature(enable = "neon")]
#[inline]
fn attacks(square: Square, occupied: Bitboard, lines: &[u64; 2]) -> Bitboard {
    // SAFETY: `lines` is a reference to two initialised `u64`s, which `vld1q_u64` reads.
    let lines = unsafe { vld1q_u64(lines.as_ptr()) };
    let r = Bitboard::from_square(square).0;
    // `o - r` borrows as `o - 2r` does, since `o` lacks the slider's bit; the mask clears the
    // bit it sets (see `hyperbola::line_attacks`). Likewise on the reversed lines.
    let o = vandq_u64(vdupq_n_u64(occupied.0), lines);
    let forward = vsubq_u64(o, vdupq_n_u64(r));
    let backward = reverse(vsubq_u64(reverse(o), vdupq_n_u64(r.reverse_bits())));
    let both = vandq_u64(veorq_u64(forward, backward), lines);
    Bitboard(vgetq_lane_u64::<0>(both) | vgetq_lane_u64::<1>(both))
}

#[target_feature(enable = "neon")]
#[inline]
fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    let lines = &ROOK_LINES.0[square as usize];
    attacks(square, occupied, &[lines.file, lines.rank])
}

#[target_feature(enable = "neon")]
#[inline]
fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    let lines = &BISHOP_LINES.0[square as usize];
    attacks(square, occupied, &[lines.diagonal, lines.anti_diagonal])
}

super::super::support::held::feature_slider! {
    /// Hyperbola quintessence with NEON bit reversal. Holds the NEON token.
    pub struct HyperbolaNeon(Neon): "neon";
}
