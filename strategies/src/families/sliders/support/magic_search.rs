//! The seeded search for fancy magic numbers: for each square, random sparse candidates until
//! one maps every subset of the square's relevant mask to an index of `bits` bits without a
//! destructive collision.
//!
//! Reproducible: the candidates come from ChaCha8 through [`crate::bench::inputs::rng`], one stream
//! per piece, squares in order, so a seed gives the same magics on every platform. With
//! [`MAGIC_SEED`] the whole search (both pieces, 128 squares) is short enough, optimised, to
//! run in a test (docs/notebook.md, "Measurements behind the code"): [`super::super::magic`]
//! holds its output as data, and a test runs the search again and compares.
//!
//! The candidate is the AND of three random words (about 8 bits set, as magics tend to be),
//! and one whose product with the mask puts fewer than 6 bits into the top byte is skipped
//! untested: it cannot spread the relevant squares over the index. Each candidate is tested
//! with an epoch-stamped table, so nothing is cleared between candidates.

use crate::bench::inputs;
use crate::board::geometry::{ray_attacks, relevant, Direction};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The seed of the committed magics.
pub const MAGIC_SEED: u64 = 0x6d61_6769_6373; // "magics"

/// One magic per square for a slider moving in `directions`, from `seed`. `stream` names the
/// piece, so the two pieces draw independent candidates.
pub fn find_magics(seed: u64, stream: &str, directions: [Direction; 4]) -> [u64; 64] {
    find_magics_of_bits(seed, stream, directions, None)
}

/// As [`find_magics`], but every index `bits` wide (a fixed shift, as plain magic bitboards
/// use) where `bits` is given, rather than as wide as each square's relevant mask.
pub fn find_magics_of_bits(
    seed: u64,
    stream: &str,
    directions: [Direction; 4],
    bits: Option<u32>,
) -> [u64; 64] {
    let mut rng = inputs::rng(seed, stream);
    let mut magics = [0; 64];
    for (square, magic) in magics.iter_mut().enumerate() {
        *magic = find_magic(&mut rng, square as u32, directions, bits);
    }
    magics
}

/// The rook's magics from `seed` (stream `magic/rook`).
pub fn rook_magics(seed: u64) -> [u64; 64] {
    find_magics(seed, "magic/rook", Direction::ROOK)
}

/// The bishop's magics from `seed` (stream `magic/bishop`).
pub fn bishop_magics(seed: u64) -> [u64; 64] {
    find_magics(seed, "magic/bishop", Direction::BISHOP)
}

/// The attacks of a slider on `square` for `occupied`, along `directions`.
fn attacks(square: u32, occupied: u64, directions: [Direction; 4]) -> u64 {
    directions
        .iter()
        .fold(0, |set, &d| set | ray_attacks(square, d, occupied))
}

fn find_magic(
    rng: &mut ChaCha8Rng,
    square: u32,
    directions: [Direction; 4],
    bits: Option<u32>,
) -> u64 {
    let mask = relevant(square, directions);
    let bits = bits.unwrap_or(mask.count_ones());
    let shift = 64 - bits;
    let mut subsets = Vec::with_capacity(1 << bits);
    let mut subset = 0u64;
    loop {
        subsets.push((subset, attacks(square, subset, directions)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    // `stamp[i] == epoch` marks index `i` as used by the current candidate, with `stored[i]`.
    let mut stamp = vec![0u32; 1 << bits];
    let mut stored = vec![0u64; 1 << bits];
    let mut epoch = 0u32;
    loop {
        let magic = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        epoch += 1;
        let fits = subsets.iter().all(|&(occupied, attacks)| {
            let index = (occupied.wrapping_mul(magic) >> shift) as usize;
            if stamp[index] != epoch {
                stamp[index] = epoch;
                stored[index] = attacks;
                true
            } else {
                stored[index] == attacks
            }
        });
        if fits {
            return magic;
        }
    }
}
