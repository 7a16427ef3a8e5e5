//! One agreement test per family (the shared `testing::all_variants_agree`): every variant
//! against the reference on every verification input, one query at a time, in one batch and
//! in batches of every length 0..=17; SIMD variants also with their feature masked.

use super::families::{SliderFamily, SliderPiece};
use super::{reference, Bishop, Rook, Slider};
use crate::inputs;
use crate::testing::all_variants_agree;

fn every_variant_agrees<P: SliderPiece>() {
    let ran = all_variants_agree::<SliderFamily<P>>();
    assert!(ran.len() >= 10, "every portable variant runs: {ran:?}");
}

#[test]
fn rook_attacks_every_variant_agrees_with_the_reference() {
    every_variant_agrees::<Rook>();
}

#[test]
fn bishop_attacks_every_variant_agrees_with_the_reference() {
    every_variant_agrees::<Bishop>();
}

#[test]
fn queen_is_rook_and_bishop() {
    let mut rng = inputs::rng(3, "queen");
    for _ in 0..10_000 {
        let square = inputs::square(&mut rng);
        let occupied = inputs::occupancy(&mut rng);
        let expected = reference::rook(square, occupied) | reference::bishop(square, occupied);
        assert_eq!(super::magic::Magic.queen(square, occupied), expected);
    }
}
