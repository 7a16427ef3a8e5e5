//! Rays: the eight directions with their one-step shifts and wrap masks, the rays from each
//! square, and the relevant-occupancy masks of the slider table techniques. Everything is
//! `const fn`, so the tables built from it are built at compile time.
//!
//! Not used by the references (`sliders::reference` and the others), which walk the board with
//! [`crate::board::square::Square::offset`] instead, so that a mistake here cannot hide in both a variant and
//! its check.

use super::masks::{NOT_A, NOT_H, RANK_1, RANK_8};

/// A direction a slider moves in. The four positive ones (towards higher square indices) come
/// first; `Direction::ALL[i]` and `Direction::ALL[i + 4]` are opposites.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    North,
    East,
    NorthEast,
    NorthWest,
    South,
    West,
    SouthWest,
    SouthEast,
}

impl Direction {
    /// Every direction, positive ones first.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::South,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// The rook's directions.
    pub const ROOK: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The bishop's directions.
    pub const BISHOP: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// The step as (files, ranks).
    #[inline(always)]
    pub const fn step(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
            Direction::SouthWest => (-1, -1),
            Direction::SouthEast => (1, -1),
        }
    }

    /// The change of square index one step makes: +8 north, +1 east, -9 south-west, ...
    #[inline(always)]
    pub const fn offset(self) -> i32 {
        let (files, ranks) = self.step();
        files + 8 * ranks
    }

    /// Whether a step increases the square index.
    #[inline(always)]
    pub const fn is_positive(self) -> bool {
        self.offset() > 0
    }

    /// The index in [`Direction::ALL`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The squares a one-step *shift* may land on: a shift by the offset moves h-file squares
    /// onto the a-file of the next rank (or the reverse), and this mask removes them. Squares
    /// shifted off the top or the bottom of the board fall out of the `u64` by themselves.
    #[inline(always)]
    pub const fn landing(self) -> u64 {
        match self.step().0 {
            1 => NOT_A,
            -1 => NOT_H,
            _ => !0,
        }
    }

    /// The squares a one-step *rotation* (`rotate_left` by [`Direction::rotation`]) may land
    /// on: [`Direction::landing`], and also not the first rank for a step north nor the eighth
    /// for a step south, where a rotation brings back what a shift would drop.
    #[inline(always)]
    pub const fn rotate_landing(self) -> u64 {
        let vertical = match self.step().1 {
            1 => !RANK_1,
            -1 => !RANK_8,
            _ => !0,
        };
        self.landing() & vertical
    }

    /// The left rotation equal to one step: the offset modulo 64.
    #[inline(always)]
    pub const fn rotation(self) -> u32 {
        self.offset().rem_euclid(64) as u32
    }

    /// One step of every square in `set`, dropping those that would leave the board.
    #[inline(always)]
    pub const fn shift(self, set: u64) -> u64 {
        shift_by(set, self.offset()) & self.landing()
    }
}

/// `set` shifted towards higher indices by `amount`, or lower by `-amount`.
#[inline(always)]
pub const fn shift_by(set: u64, amount: i32) -> u64 {
    if amount >= 0 {
        set << amount
    } else {
        set >> -amount
    }
}

/// The squares reached from `square` (0..=63) in `direction` on an empty board, `square`
/// itself excluded.
pub const fn ray(square: u32, direction: Direction) -> u64 {
    let (files, ranks) = direction.step();
    let mut file = (square & 7) as i32 + files;
    let mut rank = (square >> 3) as i32 + ranks;
    let mut set = 0;
    while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        set |= 1 << (rank * 8 + file);
        file += files;
        rank += ranks;
    }
    set
}

/// The squares reached from `square` in `direction` when `occupied` blocks: the ray up to and
/// including its first occupied square. (The square-by-square walk of [`ray`], for tables.)
pub const fn ray_attacks(square: u32, direction: Direction, occupied: u64) -> u64 {
    let (files, ranks) = direction.step();
    let mut file = (square & 7) as i32 + files;
    let mut rank = (square >> 3) as i32 + ranks;
    let mut set = 0;
    while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        let bit = 1 << (rank * 8 + file);
        set |= bit;
        if occupied & bit != 0 {
            break;
        }
        file += files;
        rank += ranks;
    }
    set
}

/// The ray less its last square (the one on the board's edge): whether that square is
/// occupied never changes the attacks, so the table techniques leave it out of their index.
pub const fn relevant_ray(square: u32, direction: Direction) -> u64 {
    let ray = ray(square, direction);
    if ray == 0 {
        0
    } else if direction.is_positive() {
        ray & !(1 << (63 - ray.leading_zeros()))
    } else {
        ray & (ray - 1)
    }
}

/// The union of [`relevant_ray`] over `directions`.
pub const fn relevant(square: u32, directions: [Direction; 4]) -> u64 {
    let mut set = 0;
    let mut i = 0;
    while i < 4 {
        set |= relevant_ray(square, directions[i]);
        i += 1;
    }
    set
}

/// The squares a rook on `square` attacks on an empty board.
pub const fn rook_rays(square: u32) -> u64 {
    let [a, b, c, d] = Direction::ROOK;
    ray(square, a) | ray(square, b) | ray(square, c) | ray(square, d)
}

/// The squares a bishop on `square` attacks on an empty board.
pub const fn bishop_rays(square: u32) -> u64 {
    let [a, b, c, d] = Direction::BISHOP;
    ray(square, a) | ray(square, b) | ray(square, c) | ray(square, d)
}

/// Software `pext`: the bits of `value` selected by `mask`, packed towards bit 0 in order.
pub const fn extract_bits(value: u64, mask: u64) -> u64 {
    let mut packed = 0;
    let mut rest = mask;
    let mut bit = 0;
    while rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        if value & lowest != 0 {
            packed |= 1 << bit;
        }
        bit += 1;
        rest &= rest - 1;
    }
    packed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::masks::FILE_A;

    #[test]
    fn opposites_and_offsets() {
        for i in 0..4 {
            let (a, b) = (Direction::ALL[i], Direction::ALL[i + 4]);
            assert_eq!(a.offset(), -b.offset());
            assert!(a.is_positive() && !b.is_positive());
            assert_eq!(a.index(), i);
        }
        assert_eq!(Direction::SouthWest.offset(), -9);
        assert_eq!(Direction::SouthWest.rotation(), 55);
    }

    #[test]
    fn rays_and_relevant_masks() {
        assert_eq!(ray(0, Direction::North), FILE_A & !1);
        assert_eq!(ray(0, Direction::East), RANK_1 & !1);
        assert_eq!(ray(63, Direction::North), 0);
        // The rook on a1 indexes 12 squares, on e4 10; the bishop on e4 9, on a1 6.
        assert_eq!(relevant(0, Direction::ROOK).count_ones(), 12);
        assert_eq!(relevant(28, Direction::ROOK).count_ones(), 10);
        assert_eq!(relevant(28, Direction::BISHOP).count_ones(), 9);
        assert_eq!(relevant(0, Direction::BISHOP).count_ones(), 6);
        assert_eq!(extract_bits(0b1010_0110, 0b1111_0000), 0b1010);
    }

    #[test]
    fn shifts_and_rotations_never_wrap() {
        for direction in Direction::ALL {
            for square in 0..64u32 {
                let one = 1u64 << square;
                let expected = ray(square, direction) & ray_attacks(square, direction, !0);
                assert_eq!(direction.shift(one), expected, "{direction:?} {square}");
                let rotated = one.rotate_left(direction.rotation()) & direction.rotate_landing();
                assert_eq!(rotated, expected, "{direction:?} {square}");
            }
        }
    }
}
