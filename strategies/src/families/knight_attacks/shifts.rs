//! The eight direction shifts, one per knight direction, with the masks that stop a shift
//! from wrapping between the a- and h-files, applied after the shift or before it.
//!
//! Source: seed `001_91a62a26c9dc1468.txt`, § by Calculation (both listings). Footprint: none.
//! CPU features: none. Naming follows the seed's compass rose: `no_no_ea` is north-north-east
//! (+17), `so_we_we` south-west-west (-10), and so on.

use super::KnightAttacks;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{NOT_A, NOT_AB, NOT_GH, NOT_H};

/// The seed's first listing: shift, then clear the files the shift wrapped into.
pub const fn postmask(b: u64) -> u64 {
    let no_no_ea = (b << 17) & NOT_A;
    let no_ea_ea = (b << 10) & NOT_AB;
    let so_ea_ea = (b >> 6) & NOT_AB;
    let so_so_ea = (b >> 15) & NOT_A;
    let no_no_we = (b << 15) & NOT_H;
    let no_we_we = (b << 6) & NOT_GH;
    let so_we_we = (b >> 10) & NOT_GH;
    let so_so_we = (b >> 17) & NOT_H;
    no_no_ea | no_ea_ea | so_ea_ea | so_so_ea | no_no_we | no_we_we | so_we_we | so_so_we
}

/// The seed's second listing: clear the knights that would wrap, then shift.
pub const fn premask(b: u64) -> u64 {
    let no_no_ea = (b & NOT_H) << 17;
    let no_ea_ea = (b & NOT_GH) << 10;
    let so_ea_ea = (b & NOT_GH) >> 6;
    let so_so_ea = (b & NOT_H) >> 15;
    let no_no_we = (b & NOT_A) << 15;
    let no_we_we = (b & NOT_AB) << 6;
    let so_we_we = (b & NOT_AB) >> 10;
    let so_so_we = (b & NOT_A) >> 17;
    no_no_ea | no_ea_ea | so_ea_ea | so_so_ea | no_no_we | no_we_we | so_we_we | so_so_we
}

/// Eight shifts, masks before. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShiftsPremask;

impl KnightAttacks for ShiftsPremask {
    #[inline(always)]
    fn attacks(self, knights: Bitboard) -> Bitboard {
        Bitboard(premask(knights.0))
    }
}

/// Eight shifts, masks after. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShiftsPostmask;

impl KnightAttacks for ShiftsPostmask {
    #[inline(always)]
    fn attacks(self, knights: Bitboard) -> Bitboard {
        Bitboard(postmask(knights.0))
    }
}
