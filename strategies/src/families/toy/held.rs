//! Held: a technique that holds a capability token, as a SIMD kernel does, so that its row
//! needs a feature (it counts without using it).

use super::Count;
use crate::board::bitboard::Bitboard;

/// Holds the AVX2 token (x86-64), or nothing where AVX2 cannot exist.
#[derive(Clone, Copy, Debug)]
pub struct Held<T>(T);

impl<T: Copy> Held<T> {
    /// Built only from a token, which only detection gives.
    pub fn new(token: T) -> Self {
        Held(token)
    }
}

impl<T: Copy> Count for Held<T> {
    #[inline(always)]
    fn count(self, set: Bitboard) -> u32 {
        set.len()
    }
}
