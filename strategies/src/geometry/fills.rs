//! One-step shifts east and west and the north and south fills of a set: the seeds' `eastOne`,
//! `westOne`, `nortFill` and `soutFill` (seed `004_11d864785c92de7d.txt` § Attack Spans).
//! Footprint: none. CPU features: none. Their lane-wise forms, for SIMD bodies, are in the
//! `simd` module's `board`.

use super::masks::{NOT_A, NOT_H};

/// `eastOne`: every member one file east (towards h); the h-file drops off.
#[inline(always)]
pub const fn east_one(set: u64) -> u64 {
    (set << 1) & NOT_A
}

/// `westOne`: every member one file west (towards a); the a-file drops off.
#[inline(always)]
pub const fn west_one(set: u64) -> u64 {
    (set >> 1) & NOT_H
}

/// `nortFill`: every square on a member's file, on its rank or north of it.
#[inline(always)]
pub const fn north_fill(set: u64) -> u64 {
    let set = set | set << 8;
    let set = set | set << 16;
    set | set << 32
}

/// `soutFill`: every square on a member's file, on its rank or south of it.
#[inline(always)]
pub const fn south_fill(set: u64) -> u64 {
    let set = set | set >> 8;
    let set = set | set >> 16;
    set | set >> 32
}
