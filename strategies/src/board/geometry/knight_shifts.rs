//! The knight attacks of a whole set of knights by shifts: every knight stepped east and west
//! by one and two files (masking the wrap), then north and south by two ranks and one rank.
//!
//! Source: seed `001_91a62a26c9dc1468.txt`, § Multiple Knight Attacks, both listings (the
//! knight-attack family's `parallel_prefix` techniques, and the knight fill's step).
//! Footprint: none. CPU features: none.

use super::masks::{NOT_A, NOT_AB, NOT_GH, NOT_H};

/// The east/west form: `east = eastOne(knights)`, then `eastOne(east)` for two files.
pub const fn east_west(knights: u64) -> u64 {
    let east = (knights << 1) & NOT_A;
    let west = (knights >> 1) & NOT_H;
    let mut attacks = (east | west) << 16;
    attacks |= (east | west) >> 16;
    let east = (east << 1) & NOT_A;
    let west = (west >> 1) & NOT_H;
    attacks |= (east | west) << 8;
    attacks |= (east | west) >> 8;
    attacks
}

/// The l1/l2/r1/r2 form: all four horizontal steps from the knights themselves, for more
/// instruction-level parallelism.
pub const fn wide(knights: u64) -> u64 {
    let l1 = (knights >> 1) & NOT_H;
    let l2 = (knights >> 2) & NOT_GH;
    let r1 = (knights << 1) & NOT_A;
    let r2 = (knights << 2) & NOT_AB;
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8)
}
