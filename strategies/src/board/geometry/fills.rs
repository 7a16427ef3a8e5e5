//! One-step shifts east and west and the north and south fills of a set: the seeds' `eastOne`,
//! `westOne`, `nortFill` and `soutFill` (seed `004_11d864785c92de7d.txt` § Attack Spans), and
//! the Kogge-Stone occluded fill in any direction, the sliding attacks it gives, and the x-rays
//! of a set of sliders in one direction by two such fills (seed `002_6293cd1af08cea25.txt`
//! § Multiple Sliders, `xrayAttacks`). Footprint: none. CPU features: none. Their lane-wise
//! forms, for SIMD bodies, are in the `simd` module's `board`.

use super::masks::{NOT_A, NOT_H};
use super::rays::{shift_by, Direction};

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

/// The occluded fill of `generator` in `direction` through the `empty` squares: the
/// generator and every square reached through empty squares, the first blocker excluded.
#[inline(always)]
pub const fn occluded_fill(generator: u64, empty: u64, direction: Direction) -> u64 {
    let offset = direction.offset();
    let mut generator = generator;
    let mut propagate = empty & direction.landing();
    generator |= propagate & shift_by(generator, offset);
    propagate &= shift_by(propagate, offset);
    generator |= propagate & shift_by(generator, 2 * offset);
    propagate &= shift_by(propagate, 2 * offset);
    generator | (propagate & shift_by(generator, 4 * offset))
}

/// The attacks in `direction` of the sliders in `sliders`: the occluded fill, one step on.
#[inline(always)]
pub const fn attacks(sliders: u64, empty: u64, direction: Direction) -> u64 {
    direction.shift(occluded_fill(sliders, empty, direction))
}

/// The x-rays in `direction` of the `sliders` through the `blockers` (which must stand on
/// occupied squares), `empty` being the empty squares.
#[inline(always)]
pub const fn xray_in(sliders: u64, empty: u64, blockers: u64, direction: Direction) -> u64 {
    let attacks = self::attacks(sliders, empty, direction);
    self::attacks(attacks & blockers, empty, direction)
}
