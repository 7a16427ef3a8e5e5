//! One agreement test per family (the shared `testing::all_variants_agree`): every variant
//! against the reference on every verification input, one query at a time, in one batch and
//! in batches of every length 0..=17; SIMD variants also with their feature masked.

use super::families::SliderFamily;
use super::{reference, Bishop, Rook, Slider};
use crate::bench::inputs;
use crate::bench::testing::all_variants_agree;
use crate::framework::cpu::Feature;
use crate::framework::family::pieces::LinePiece;

/// Whether this CPU has `feature` (so the variants needing it must have run).
fn has(feature: Feature) -> bool {
    feature.arch() == std::env::consts::ARCH && feature.is_detected()
}

fn every_variant_agrees<P: LinePiece>() {
    let ran = all_variants_agree::<SliderFamily<P>>();
    assert!(
        ran.len() >= 12 + 2,
        "twelve portable techniques and two peers: {ran:?}"
    );
    for bmi2 in ["pext", "split_pext", "slide_arithmetic"] {
        assert_eq!(ran.contains(&bmi2), has(Feature::Bmi2), "{bmi2}");
    }
    for avx2 in ["kogge_stone_avx2", "dual_hyperbola_avx2"] {
        assert_eq!(ran.contains(&avx2), has(Feature::Avx2), "{avx2}");
    }
    for avx512 in ["kogge_stone_avx512", "kogge_stone_avx512_batch"] {
        assert_eq!(ran.contains(&avx512), has(Feature::Avx512f), "{avx512}");
    }
    assert_eq!(ran.contains(&"hyperbola_gfni"), has(Feature::Gfni));
    assert_eq!(ran.contains(&"hyperbola_neon"), has(Feature::Neon));
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
        #[cfg(target_arch = "x86_64")]
        if let Ok(avx512) = crate::framework::cpu::Cpu::detect().avx512() {
            let kernel = super::avx512::kogge_stone::KoggeStoneAvx512::new(avx512);
            assert_eq!(kernel.queen(square, occupied), expected);
        }
    }
}
