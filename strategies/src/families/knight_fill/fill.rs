//! The seed's fill cycle over any knight-attack technique: `Fill<K>` applies
//! `knightFill(k) = knightAttacks(k) | k` with `K` computing the attacks, so every variant of
//! [`crate::families::knight_attacks`] gives a knight fill, SIMD batch kernels included.
//!
//! Source: seed `001_91a62a26c9dc1468.txt` § Knight Fill. Footprint and CPU features: those of
//! `K`.
//!
//! A single query loops `steps` times. A batch goes in blocks of [`BLOCK`] queries, sorted by
//! step count (a counting sort, most steps first): round `r` runs `K`'s batch kernel on the
//! queries with more than `r` steps, a prefix of the block, and ORs the attacks in. So a SIMD
//! `K` works on whole vectors, no query waits on a branch over its own step count, and no
//! query takes more rounds than its steps.

use super::{FillQuery, KnightFill, MAX_DISTANCE};
use crate::board::bitboard::Bitboard;
use crate::families::knight_attacks::KnightAttacks;

/// Queries per block of a batch: the block's sets and attacks stay in L1, and a query's index
/// in its block fits a byte. A power of two and a multiple of eight.
pub const BLOCK: usize = 128;

/// `ONE_IN_BYTE[s]` = 1 in byte `s`: the count of one query with `s` steps.
const ONE_IN_BYTE: [u64; 8] = [
    1,
    1 << 8,
    1 << 16,
    1 << 24,
    1 << 32,
    1 << 40,
    1 << 48,
    1 << 56,
];

/// The fill cycle over the knight-attack technique `K`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fill<K>(pub K);

impl<K: KnightAttacks> Fill<K> {
    /// One fill cycle: `set` and every square a knight there attacks.
    #[inline(always)]
    pub fn step(self, set: Bitboard) -> Bitboard {
        set | self.0.attacks(set)
    }
}

impl<K: KnightAttacks> KnightFill for Fill<K> {
    #[inline(always)]
    fn fill(self, query: FillQuery) -> Bitboard {
        let mut set = query.knights;
        for _ in 0..query.steps.min(MAX_DISTANCE) {
            set = self.step(set);
        }
        set
    }

    #[inline(always)]
    fn fill_batch(self, queries: &[FillQuery], out: &mut [Bitboard]) {
        assert_eq!(queries.len(), out.len(), "batch slices differ in length");
        let mut sets = [Bitboard::EMPTY; BLOCK];
        let mut attacks = [Bitboard::EMPTY; BLOCK];
        let mut order = [0u8; BLOCK];
        for (queries, out) in queries.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
            let with_more = sort_by_steps(queries, &mut sets, &mut order);
            for &live in with_more.iter().take_while(|&&live| live > 0) {
                // Whole multiples of eight sets: a SIMD `K` then never pads a tail. The sets
                // past `live` are finished queries (or stale ones past the block's end), whose
                // attacks are computed and not used.
                let whole = live.next_multiple_of(8);
                self.0.attacks_batch(&sets[..whole], &mut attacks[..whole]);
                for (set, &attacked) in sets[..live].iter_mut().zip(&attacks[..live]) {
                    *set |= attacked;
                }
            }
            for (&set, &index) in sets.iter().zip(&order[..queries.len()]) {
                out[index as usize] = set;
            }
        }
    }
}

/// Sorts a block's knights into `sets` by step count, most steps first (a counting sort), and
/// notes in `order` where each came from. Returns `with_more`: `with_more[r]` queries have
/// more than `r` steps, and they are the first `with_more[r]` sets.
///
/// The counts and the next free slots are kept a byte per step count in one register, so that
/// queries with the same count do not wait on each other through memory.
#[inline(always)]
fn sort_by_steps(
    queries: &[FillQuery],
    sets: &mut [Bitboard; BLOCK],
    order: &mut [u8; BLOCK],
) -> [usize; MAX_DISTANCE as usize] {
    let mut shifts = [0u8; BLOCK];
    let mut counts = 0u64;
    for (shift, query) in shifts.iter_mut().zip(queries) {
        let steps = query.steps.min(MAX_DISTANCE);
        *shift = 8 * steps;
        counts += ONE_IN_BYTE[steps as usize];
    }
    let mut with_more = [0usize; MAX_DISTANCE as usize];
    let mut next = 0u64;
    let mut placed = 0u64;
    for steps in (0..=MAX_DISTANCE as u32).rev() {
        next |= placed << (8 * steps);
        placed += counts >> (8 * steps) & 0xff;
        if steps > 0 {
            with_more[steps as usize - 1] = placed as usize;
        }
    }
    for (index, (query, &shift)) in queries.iter().zip(&shifts).enumerate() {
        // A slot is below the block's length; the mask only spares a bounds check.
        let slot = (next >> shift) as usize & (BLOCK - 1);
        next += ONE_IN_BYTE[shift as usize / 8];
        sets[slot] = query.knights;
        order[slot] = index as u8;
    }
    with_more
}
