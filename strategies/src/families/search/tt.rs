//! The transposition table: buckets of four 16-byte entries, one 64-byte cache line each; its
//! size in MiB is the search's cache-pressure axis.
//!
//! # Every search starts empty, in effect
//! Clearing a large table before each search would cost more than many searches, so each
//! search takes a new generation number ([`TranspositionTable::new_search`]) and an entry of
//! another generation is never read, and is the first replaced. Which entries a search finds
//! therefore depends on that search alone.
//!
//! # Every search reaches other lines
//! A position's bucket is its hash's, shifted by an offset that each search draws from its
//! generation: the buckets are rotated, so two positions share a bucket in every search or in
//! none, and the tree does not depend on the offset. But each search touches other cache lines
//! than the one before it, which a table rebuilt at the same place would not: a benchmark that
//! searches the same position twice, as a warm-up and then timed, would otherwise time a table
//! that the warm-up had brought into the cache, whatever its size. So the timed search reads
//! the table in the state the searches before it left the caches in, which depends on its
//! size: that is the axis.
//!
//! Within a bucket the entry replaced is chosen by content alone (an entry of an older
//! generation first, else the shallowest, ties by key), never by its place, so the rotation
//! cannot change which entries survive.

use crate::board::position::{Move, Piece};
use crate::board::square::Square;

/// What an entry's score is: exact, at least (a fail high) or at most (a fail low).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One entry: 16 bytes, so four to a cache line.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
#[repr(C)]
struct Entry {
    /// The low 32 bits of the position's hash (the bucket came from its high bits).
    key: u32,
    /// The search that wrote it; 0 for never.
    generation: u32,
    /// The best move found, packed by [`pack`]; 0 for none.
    mv: u16,
    score: i16,
    depth: i8,
    /// 1 exact, 2 lower, 3 upper.
    bound: u8,
    _pad: u16,
}

/// Four entries, one cache line.
#[derive(Clone, Copy, Default, Debug)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub mv: Option<Move>,
    /// As stored: [`TranspositionTable::store`]'s score, mates counted from the node.
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// The table: see [the module](self).
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u32,
    offset: usize,
}

/// `from | to << 6 | promotion << 12` (promotion 0 for none, else knight 1 to queen 4); 0 is
/// a1a1, never a move, so it means "no move".
pub(crate) const fn pack(mv: Move) -> u16 {
    let promotion = match mv.promotion {
        None => 0,
        Some(piece) => piece as u16,
    };
    mv.from as u16 | (mv.to as u16) << 6 | promotion << 12
}

/// [`pack`]'s inverse; `None` for 0.
pub(crate) fn unpack(packed: u16) -> Option<Move> {
    if packed == 0 {
        return None;
    }
    let from = Square::from_index_masked((packed & 63) as u8);
    let to = Square::from_index_masked((packed >> 6 & 63) as u8);
    Some(match packed >> 12 {
        0 => Move::new(from, to),
        p => Move::promoting(from, to, Piece::ALL[p as usize & 7]),
    })
}

impl TranspositionTable {
    /// The smallest table: 1 MiB.
    pub const MIN_MIB: usize = 1;
    /// The largest table `bitbench search --hash` accepts: 64 GiB.
    pub const MAX_MIB: usize = 64 << 10;

    /// A table of `mib` MiB (at least [`Self::MIN_MIB`]), every page written once now so that
    /// no search pays for the first touch of a page.
    pub fn new(mib: usize) -> TranspositionTable {
        let count = (mib.max(Self::MIN_MIB) << 20) / core::mem::size_of::<Bucket>();
        TranspositionTable {
            buckets: vec![Bucket::default(); count],
            generation: 0,
            offset: 0,
        }
    }

    /// Its size in MiB.
    pub fn mib(&self) -> usize {
        (self.buckets.len() * core::mem::size_of::<Bucket>()) >> 20
    }

    /// Starts a search: every entry written before is forgotten, and the buckets are rotated
    /// (see [the module](self)).
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 searches: clear once, so that no stale entry can look current.
            self.buckets.fill(Bucket::default());
            self.generation = 1;
        }
        let spread = u64::from(self.generation).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 16;
        self.offset = (spread % self.buckets.len() as u64) as usize;
    }

    #[inline(always)]
    fn bucket(&self, hash: u64) -> usize {
        let n = self.buckets.len();
        let index = ((u128::from(hash) * n as u128) >> 64) as usize + self.offset;
        if index >= n {
            index - n
        } else {
            index
        }
    }

    /// The entry of this search for `hash`, if any.
    #[inline(always)]
    pub fn probe(&self, hash: u64) -> Option<Hit> {
        let bucket = &self.buckets[self.bucket(hash)];
        let key = hash as u32;
        let entry = bucket
            .0
            .iter()
            .find(|e| e.key == key && e.generation == self.generation)?;
        Some(Hit {
            mv: unpack(entry.mv),
            score: i32::from(entry.score),
            depth: i32::from(entry.depth),
            bound: match entry.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Stores what a search of `depth` found for `hash`. The entry of the same position is
    /// overwritten (keeping its move if this has none); else an entry of an older search;
    /// else the shallowest, ties broken by key.
    #[inline(always)]
    pub fn store(&mut self, hash: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let index = self.bucket(hash);
        let bucket = &mut self.buckets[index].0;
        let key = hash as u32;
        let slot = match bucket
            .iter()
            .position(|e| e.key == key && e.generation == generation)
        {
            Some(same) => same,
            None => match bucket.iter().position(|e| e.generation != generation) {
                Some(stale) => stale,
                None => (0..4)
                    .min_by_key(|&i| (bucket[i].depth, bucket[i].key))
                    .unwrap_or(0),
            },
        };
        let old = bucket[slot];
        let mv = match mv {
            Some(mv) => pack(mv),
            None if old.key == key && old.generation == generation => old.mv,
            None => 0,
        };
        bucket[slot] = Entry {
            key,
            generation,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(i8::MIN as i32, i8::MAX as i32) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            _pad: 0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<Entry>(), 16);
        assert_eq!(core::mem::size_of::<Bucket>(), 64);
        assert_eq!(TranspositionTable::new(1).mib(), 1);
        assert_eq!(TranspositionTable::new(0).mib(), 1);
    }

    #[test]
    fn an_entry_is_read_in_its_search_only() {
        let mut table = TranspositionTable::new(1);
        table.new_search();
        let mv = Move::promoting(Square::E7, Square::E8, Piece::Knight);
        table.store(42, Some(mv), -7, 3, Bound::Lower);
        let hit = table.probe(42).expect("stored");
        assert_eq!((hit.mv, hit.score, hit.depth), (Some(mv), -7, 3));
        assert_eq!(hit.bound, Bound::Lower);
        table.new_search();
        assert_eq!(table.probe(42), None);
    }

    #[test]
    fn moves_pack_and_unpack() {
        for from in [Square::A2, Square::H7] {
            for promotion in [None, Some(Piece::Queen), Some(Piece::Knight)] {
                let mv = Move {
                    from,
                    to: Square::B8,
                    promotion,
                };
                assert_eq!(unpack(pack(mv)), Some(mv));
            }
        }
        assert_eq!(unpack(0), None);
    }
}
