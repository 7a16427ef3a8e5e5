//! The board geometry on every lane of a vector ([`crate::board::geometry`]'s masks, as lane
//! operations of [`Vector`]): one-file steps east and west, the north and south fills, and the
//! squares a set of knights attacks. Written once; the SIMD kernel bodies of several families
//! (knight attacks, forks and fills; attack spans; pawn structure) build on them.
//!
//! Every function is an `unsafe fn`, `#[inline(always)]`: it may be called only where
//! [`Vector`]'s methods may, and compiles into the body that calls it.

use super::Vector;
use crate::board::geometry::{NOT_A, NOT_AB, NOT_GH, NOT_H};

/// `eastOne`: every square one file east, none wrapping onto the a-file.
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
pub unsafe fn east_one<V: Vector<N>, const N: usize>(set: V) -> V {
    set.shl::<1>().and(V::splat(NOT_A))
}

/// `westOne`: every square one file west, none wrapping onto the h-file.
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
pub unsafe fn west_one<V: Vector<N>, const N: usize>(set: V) -> V {
    set.shr::<1>().and(V::splat(NOT_H))
}

/// `nortFill`: every square and all squares north of it.
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
pub unsafe fn north_fill<V: Vector<N>, const N: usize>(set: V) -> V {
    let set = set.or(set.shl::<8>());
    let set = set.or(set.shl::<16>());
    set.or(set.shl::<32>())
}

/// `soutFill`: every square and all squares south of it.
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
pub unsafe fn south_fill<V: Vector<N>, const N: usize>(set: V) -> V {
    let set = set.or(set.shr::<8>());
    let set = set.or(set.shr::<16>());
    set.or(set.shr::<32>())
}

/// The squares attacked by any knight of the set: the seed's one- and two-file steps
/// (`l1`, `l2`, `r1`, `r2`), moved two ranks and one rank up and down (seed
/// `001_91a62a26c9dc1468.txt` § Multiple Knight Attacks).
///
/// # Safety
/// As for [`Vector`]'s methods.
#[inline(always)]
pub unsafe fn knight_attacks<V: Vector<N>, const N: usize>(knights: V) -> V {
    let l1 = knights.shr::<1>().and(V::splat(NOT_H));
    let l2 = knights.shr::<2>().and(V::splat(NOT_GH));
    let r1 = knights.shl::<1>().and(V::splat(NOT_A));
    let r2 = knights.shl::<2>().and(V::splat(NOT_AB));
    let h1 = l1.or(r1);
    let h2 = l2.or(r2);
    let ranks2 = h1.shl::<16>().or(h1.shr::<16>());
    let ranks1 = h2.shl::<8>().or(h2.shr::<8>());
    ranks2.or(ranks1)
}
