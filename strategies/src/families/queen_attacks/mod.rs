//! `queen_attacks`: the squares a queen attacks, `rook | bishop` from one square, for every
//! slider technique of [`crate::families::sliders`]. The family the community's slider benchmark
//! (Gigantua's Chess_Movegen) measures, in its unit, million queens per second; its headline
//! distribution `community` reproduces that benchmark's workload (`workloads`).
//!
//! Its variants are not a table of their own: each is a row of the slider table
//! ([`SliderVariant`]), run through the generic [`Queen`] kernel, so a technique added to the
//! slider families is a queen variant too. `scripts/community-sliders.sh` sets these figures
//! beside the community benchmark's on the same CPU.

#[cfg(feature = "bench")]
pub mod workloads;

use crate::board::bitboard::Bitboard;
use crate::families::sliders::{
    BishopAttacksFamily, RookAttacksFamily, Slider, SliderQuery, SliderUser, SliderVariant,
};
use crate::framework::cpu::{Cpu, Unsupported};
use crate::framework::family::{Descriptor, Family, Kernel, Visitor};
use crate::framework::level::{CompiledFor, ForBaseline, Job};
use core::marker::PhantomData;
use std::sync::OnceLock;

/// Marker type for the queen family, as the harness sees it.
#[derive(Clone, Copy, Debug)]
pub struct QueenAttacksFamily;

/// A slider technique as a queen kernel: `rook | bishop` per query, the batch through
/// [`Slider::queen_batch`] inside [`Slider::with_features`] (so that a token-holding
/// technique's lookups are inlined into one feature-enabled loop).
#[derive(Clone, Copy, Debug)]
pub struct Queen<S>(pub S);

impl<S: Slider> Kernel<QueenAttacksFamily> for Queen<S> {
    #[inline(always)]
    fn query(self, query: SliderQuery) -> Bitboard {
        self.0.queen(query.square, query.occupied)
    }

    #[inline(always)]
    fn batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        self.batch_in::<ForBaseline>(queries, out)
    }

    #[inline(always)]
    fn batch_in<C: CompiledFor>(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        let slider = self.0;
        slider.with_features(QueenBatch::<S, C> {
            slider,
            queries,
            out,
            level: PhantomData,
        })
    }
}

/// [`Slider::queen_batch_in`] at level `C`, as a [`Job`], for [`Slider::with_features`].
struct QueenBatch<'a, S, C> {
    slider: S,
    queries: &'a [SliderQuery],
    out: &'a mut [Bitboard],
    level: PhantomData<C>,
}

impl<S: Slider, C: CompiledFor> Job for QueenBatch<'_, S, C> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        self.slider.queen_batch_in::<C>(self.queries, self.out)
    }
}

/// Hands the technique to the harness's visitor as a [`Queen`] kernel.
struct AsQueen<V>(V);

impl<V: Visitor<QueenAttacksFamily>> SliderUser for AsQueen<V> {
    type Output = V::Output;
    #[inline(always)]
    fn with<S: Slider>(self, slider: S) -> V::Output {
        self.0.visit(Queen(slider))
    }
}

/// A technique's queen descriptor: the rook's, with the rook's and the bishop's footprints
/// summed (a table the two pieces share counts twice).
fn descriptor_of(variant: SliderVariant) -> Descriptor {
    let rook = RookAttacksFamily::descriptor(variant);
    let bishop = BishopAttacksFamily::descriptor(variant);
    Descriptor {
        family: QueenAttacksFamily::NAME,
        table_bytes: rook.table_bytes + bishop.table_bytes,
        ..*rook
    }
}

fn descriptors() -> &'static [Descriptor] {
    static DESCRIPTORS: OnceLock<Vec<Descriptor>> = OnceLock::new();
    DESCRIPTORS.get_or_init(|| {
        SliderVariant::ALL
            .iter()
            .map(|&v| descriptor_of(v))
            .collect()
    })
}

/// Declared by hand, like perft: the variants are the slider table's rows, and `visit` goes
/// through [`SliderVariant::with`].
impl Family for QueenAttacksFamily {
    const NAME: &'static str = "queen_attacks";
    const SUMMARY: &'static str =
        "the squares a queen attacks given the occupancy (rook | bishop from one square), every slider technique";
    type Input = SliderQuery;
    type Output = Bitboard;
    type Variant = SliderVariant;

    fn variants() -> &'static [SliderVariant] {
        SliderVariant::ALL
    }

    fn descriptor(variant: SliderVariant) -> &'static Descriptor {
        &descriptors()[variant as usize]
    }

    fn visit<V: Visitor<Self>>(
        variant: SliderVariant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported> {
        variant.with(cpu, AsQueen(visitor))
    }

    /// The position module's ray walk for a queen (the colour matters only for pawns).
    #[cfg(feature = "bench")]
    fn reference(query: SliderQuery) -> Bitboard {
        use crate::board::position::{Colour, Piece};
        crate::bench::reference::attacks_from(
            Colour::White,
            Piece::Queen,
            query.square,
            query.occupied,
        )
    }

    #[inline(always)]
    fn echo(query: SliderQuery) -> Bitboard {
        Bitboard(query.occupied.0 ^ query.square as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::testing::all_variants_agree;

    #[test]
    fn every_variant_agrees() {
        let ran = all_variants_agree::<QueenAttacksFamily>();
        assert!(ran.len() >= 12 + 2, "{ran:?}");
    }

    #[test]
    fn descriptors_follow_the_slider_table() {
        for (i, &variant) in SliderVariant::ALL.iter().enumerate() {
            assert_eq!(variant as usize, i);
            let queen = QueenAttacksFamily::descriptor(variant);
            assert_eq!(queen.name, RookAttacksFamily::descriptor(variant).name);
            assert_eq!(queen.family, "queen_attacks");
        }
    }
}
