//! The two slider families as the harness sees them: `rook_attacks` and `bishop_attacks`.
//!
//! One generic type, [`SliderFamily<P>`](SliderFamily), is both families: the piece `P`
//! ([`Rook`] or [`Bishop`]) names the family and picks which [`Slider`] method a query calls.
//! The variant list, the descriptors (built from one table of techniques by a `const fn`) and
//! the dispatch in [`Family::visit`] are written once for both.

use super::{
    black_magic, classical, dumb7fill, hyperbola, kindergarten, kogge_stone, magic,
    obstruction_difference, peers, reference, Slider, SliderQuery,
};
use crate::cpu::{Cpu, Feature, Unsupported};
use crate::family::{Descriptor, Family, Kernel, Source, Visitor};
use crate::geometry::Direction;
use crate::geometry::Footprint;
use crate::on_arch;
use crate::{Bitboard, Square};
use core::fmt::Debug;
use core::marker::PhantomData;

/// The piece whose attacks a family asks for: [`Rook`] or [`Bishop`].
pub trait SliderPiece: Copy + Debug + Send + Sync + 'static {
    /// The family's name.
    const FAMILY: &'static str;
    /// The family's one-line summary.
    const SUMMARY: &'static str;
    /// The piece's four directions.
    const DIRECTIONS: [Direction; 4];

    /// The family's descriptors, in [`SliderVariant`] order.
    fn descriptors() -> &'static [Descriptor; VARIANTS];

    /// The piece's attacks by `slider`.
    fn attacks<S: Slider>(slider: S, square: Square, occupied: Bitboard) -> Bitboard;

    /// The piece's batch method of `slider`.
    fn attacks_batch<S: Slider>(slider: S, queries: &[SliderQuery], out: &mut [Bitboard]);

    /// The reference's answer.
    fn reference(square: Square, occupied: Bitboard) -> Bitboard;
}

/// The rook: `rook_attacks`.
#[derive(Clone, Copy, Debug)]
pub struct Rook;

/// The bishop: `bishop_attacks`.
#[derive(Clone, Copy, Debug)]
pub struct Bishop;

impl SliderPiece for Rook {
    const FAMILY: &'static str = "rook_attacks";
    const SUMMARY: &'static str =
        "the squares a rook attacks given the occupancy, first blocker in each direction included";
    const DIRECTIONS: [Direction; 4] = Direction::ROOK;

    fn descriptors() -> &'static [Descriptor; VARIANTS] {
        &ROOK_DESCRIPTORS
    }

    #[inline(always)]
    fn attacks<S: Slider>(slider: S, square: Square, occupied: Bitboard) -> Bitboard {
        slider.rook(square, occupied)
    }

    #[inline(always)]
    fn attacks_batch<S: Slider>(slider: S, queries: &[SliderQuery], out: &mut [Bitboard]) {
        slider.rook_batch(queries, out)
    }

    fn reference(square: Square, occupied: Bitboard) -> Bitboard {
        reference::rook(square, occupied)
    }
}

impl SliderPiece for Bishop {
    const FAMILY: &'static str = "bishop_attacks";
    const SUMMARY: &'static str =
        "the squares a bishop attacks given the occupancy, first blocker in each direction included";
    const DIRECTIONS: [Direction; 4] = Direction::BISHOP;

    fn descriptors() -> &'static [Descriptor; VARIANTS] {
        &BISHOP_DESCRIPTORS
    }

    #[inline(always)]
    fn attacks<S: Slider>(slider: S, square: Square, occupied: Bitboard) -> Bitboard {
        slider.bishop(square, occupied)
    }

    #[inline(always)]
    fn attacks_batch<S: Slider>(slider: S, queries: &[SliderQuery], out: &mut [Bitboard]) {
        slider.bishop_batch(queries, out)
    }

    fn reference(square: Square, occupied: Bitboard) -> Bitboard {
        reference::bishop(square, occupied)
    }
}

/// A slider family: the attacks of piece `P`. See [`RookAttacksFamily`] and
/// [`BishopAttacksFamily`].
#[derive(Clone, Copy, Debug)]
pub struct SliderFamily<P>(PhantomData<P>);

/// `rook_attacks`: every [`Slider`] technique's `rook`.
pub type RookAttacksFamily = SliderFamily<Rook>;

/// `bishop_attacks`: every [`Slider`] technique's `bishop`.
pub type BishopAttacksFamily = SliderFamily<Bishop>;

impl<S: Slider, P: SliderPiece> Kernel<SliderFamily<P>> for S {
    #[inline(always)]
    fn query(self, query: SliderQuery) -> Bitboard {
        P::attacks(self, query.square, query.occupied)
    }

    #[inline(always)]
    fn batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        P::attacks_batch(self, queries, out)
    }
}

/// The registry of both families: every technique, ours first, peers last.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SliderVariant {
    Classical,
    Dumb7Fill,
    KoggeStone,
    Hyperbola,
    ObstructionDifference,
    Kindergarten,
    Magic,
    BlackMagic,
    Pext,
    KoggeStoneAvx2,
    KoggeStoneAvx512,
    KoggeStoneAvx512Batch,
    HyperbolaGfni,
    MagicGatherAvx512,
    Chess,
    CozyChess,
}

/// How many variants each slider family has.
pub const VARIANTS: usize = 16;

impl SliderVariant {
    /// Every variant, in registry order.
    pub const ALL: [SliderVariant; VARIANTS] = {
        use SliderVariant::*;
        [
            Classical,
            Dumb7Fill,
            KoggeStone,
            Hyperbola,
            ObstructionDifference,
            Kindergarten,
            Magic,
            BlackMagic,
            Pext,
            KoggeStoneAvx2,
            KoggeStoneAvx512,
            KoggeStoneAvx512Batch,
            HyperbolaGfni,
            MagicGatherAvx512,
            Chess,
            CozyChess,
        ]
    };
}

/// What the two families' descriptors of one technique share.
struct Technique {
    name: &'static str,
    summary: &'static str,
    source: Source,
    table_bytes: Footprint,
    requires: &'static [Feature],
}

const SEED: &str = "002_6293cd1af08cea25.txt";

/// Every technique, in [`SliderVariant`] order.
const TECHNIQUES: [Technique; VARIANTS] = [
    Technique {
        name: "classical",
        summary: "ray table, bit scan to the first blocker, its ray XORed off (chessprogramming: Classical Approach)",
        source: Source::New,
        table_bytes: classical::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "dumb7fill",
        summary: "six shift-and-mask steps of an occluded fill per direction (chessprogramming: Dumb7Fill)",
        source: Source::New,
        table_bytes: Footprint::NONE,
        requires: &[],
    },
    Technique {
        name: "kogge_stone",
        summary: "Kogge-Stone occluded fill per direction: three doubling steps",
        source: Source::Seed {
            file: SEED,
            section: "Multiple Sliders (Kogge-Stone fill)",
        },
        table_bytes: Footprint::NONE,
        requires: &[],
    },
    Technique {
        name: "hyperbola",
        summary: "hyperbola quintessence o^(o-2r) with byte swap on files and diagonals, rank table (chessprogramming: Hyperbola Quintessence)",
        source: Source::New,
        table_bytes: hyperbola::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "obstruction_difference",
        summary: "per line, upper ^ (upper - ms1b(lower)) (chessprogramming: Obstruction Difference)",
        source: Source::New,
        table_bytes: obstruction_difference::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "kindergarten",
        summary: "line occupancy multiplied onto six bits, one line-table load per line (chessprogramming: Kindergarten Bitboards)",
        source: Source::New,
        table_bytes: kindergarten::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "magic",
        summary: "fancy magic bitboards from a seeded search: mask, multiply, shift, one load (chessprogramming: Magic Bitboards)",
        source: Source::New,
        table_bytes: magic::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "black_magic",
        summary: "fixed-shift black magic, published constants, one shared overlapping table (chessprogramming: Magic Bitboards)",
        source: Source::New,
        table_bytes: black_magic::TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "pext",
        summary: "BMI2 pext of the relevant occupancy indexes a per-square table",
        source: Source::New,
        table_bytes: super::tables::PEXT_TABLE_BYTES,
        requires: &[Feature::Bmi2],
    },
    Technique {
        name: "kogge_stone_avx2",
        summary: "one query, the Kogge-Stone fill of four directions in one __m256i (sllv/srlv)",
        source: Source::New,
        table_bytes: Footprint::NONE,
        requires: &[Feature::Avx2],
    },
    Technique {
        name: "kogge_stone_avx512",
        summary: "the Kogge-Stone fill of eight directions in one __m512i (rolv): one query's eight, or two queries' four",
        source: Source::New,
        table_bytes: Footprint::NONE,
        requires: &[Feature::Avx512f],
    },
    Technique {
        name: "kogge_stone_avx512_batch",
        summary: "eight queries per __m512i, the Kogge-Stone fill a direction at a time",
        source: Source::New,
        table_bytes: Footprint::NONE,
        requires: &[Feature::Avx512f],
    },
    Technique {
        name: "hyperbola_gfni",
        summary: "hyperbola quintessence on every line, bit reversal by gf2p8affine and a byte swap",
        source: Source::New,
        table_bytes: hyperbola::GFNI_TABLE_BYTES,
        requires: &[Feature::Gfni],
    },
    Technique {
        name: "magic_gather_avx512",
        summary: "the magic lookup of eight queries at once by AVX-512 gathers",
        source: Source::New,
        table_bytes: magic::TABLE_BYTES,
        requires: &[Feature::Avx512f],
    },
    Technique {
        name: "chess",
        summary: "chess::get_rook_moves / get_bishop_moves: fixed-shift magics, shared table",
        source: Source::External {
            krate: "chess 3.2",
            item: "chess::get_rook_moves, chess::get_bishop_moves",
            tables: "computed by a build script",
        },
        table_bytes: peers::CHESS_TABLE_BYTES,
        requires: &[],
    },
    Technique {
        name: "cozy_chess",
        summary: "cozy_chess::get_rook_moves / get_bishop_moves: black magics, shared table",
        source: Source::External {
            krate: "cozy-chess 0.3",
            item: "cozy_chess::get_rook_moves, cozy_chess::get_bishop_moves",
            tables: "computed by a build script",
        },
        table_bytes: peers::COZY_CHESS_TABLE_BYTES,
        requires: &[],
    },
];

/// One family's descriptors: the techniques with the family's name and the piece's footprint.
const fn descriptors(family: &'static str, rook: bool) -> [Descriptor; VARIANTS] {
    let mut out = [Descriptor {
        family: "",
        name: "",
        summary: "",
        source: Source::New,
        table_bytes: 0,
        requires: &[],
    }; VARIANTS];
    let mut i = 0;
    while i < VARIANTS {
        let technique = &TECHNIQUES[i];
        out[i] = Descriptor {
            family,
            name: technique.name,
            summary: technique.summary,
            source: technique.source,
            table_bytes: if rook {
                technique.table_bytes.rook
            } else {
                technique.table_bytes.bishop
            },
            requires: technique.requires,
        };
        i += 1;
    }
    out
}

static ROOK_DESCRIPTORS: [Descriptor; VARIANTS] = descriptors(Rook::FAMILY, true);
static BISHOP_DESCRIPTORS: [Descriptor; VARIANTS] = descriptors(Bishop::FAMILY, false);

impl<P: SliderPiece> Family for SliderFamily<P> {
    const NAME: &'static str = P::FAMILY;
    const SUMMARY: &'static str = P::SUMMARY;
    type Input = SliderQuery;
    type Output = Bitboard;
    type Variant = SliderVariant;

    fn variants() -> &'static [SliderVariant] {
        &SliderVariant::ALL
    }

    fn descriptor(variant: SliderVariant) -> &'static Descriptor {
        &P::descriptors()[variant as usize]
    }

    fn visit<V: Visitor<Self>>(
        variant: SliderVariant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported> {
        use SliderVariant::*;
        Self::runnable(variant, cpu)?;
        Ok(match variant {
            Classical => visitor.visit(classical::Classical),
            Dumb7Fill => visitor.visit(dumb7fill::Dumb7Fill),
            KoggeStone => visitor.visit(kogge_stone::KoggeStone),
            Hyperbola => visitor.visit(hyperbola::Hyperbola),
            ObstructionDifference => visitor.visit(obstruction_difference::ObstructionDifference),
            Kindergarten => visitor.visit(kindergarten::Kindergarten),
            Magic => visitor.visit(magic::Magic),
            BlackMagic => visitor.visit(black_magic::BlackMagic),
            Pext => on_arch!(
                "x86_64",
                Feature::Bmi2,
                visitor.visit(super::pext::Pext::new(cpu.bmi2()?))
            ),
            KoggeStoneAvx2 => on_arch!(
                "x86_64",
                Feature::Avx2,
                visitor.visit(super::avx2::kogge_stone::KoggeStoneAvx2::new(cpu.avx2()?))
            ),
            KoggeStoneAvx512 => on_arch!(
                "x86_64",
                Feature::Avx512f,
                visitor.visit(super::avx512::kogge_stone::KoggeStoneAvx512::new(
                    cpu.avx512()?
                ))
            ),
            KoggeStoneAvx512Batch => on_arch!(
                "x86_64",
                Feature::Avx512f,
                visitor.visit(
                    super::avx512::kogge_stone_batch::KoggeStoneAvx512Batch::new(cpu.avx512()?)
                )
            ),
            HyperbolaGfni => on_arch!(
                "x86_64",
                Feature::Gfni,
                visitor.visit(super::gfni::hyperbola::HyperbolaGfni::new(cpu.gfni()?))
            ),
            MagicGatherAvx512 => on_arch!(
                "x86_64",
                Feature::Avx512f,
                visitor.visit(super::avx512::magic_gather::MagicGatherAvx512::new(
                    cpu.avx512()?
                ))
            ),
            Chess => visitor.visit(peers::Chess),
            CozyChess => visitor.visit(peers::CozyChess),
        })
    }

    fn reference(query: SliderQuery) -> Bitboard {
        P::reference(query.square, query.occupied)
    }

    #[inline(always)]
    fn echo(query: SliderQuery) -> Bitboard {
        Bitboard(query.occupied.0 ^ query.square as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry_is_consistent_for<P: SliderPiece>() {
        let variants = SliderFamily::<P>::variants();
        assert_eq!(variants.len(), TECHNIQUES.len());
        for (i, &variant) in variants.iter().enumerate() {
            assert_eq!(variant as usize, i, "registry order matches the enum");
            let descriptor = SliderFamily::<P>::descriptor(variant);
            assert_eq!(descriptor.family, P::FAMILY);
            assert_eq!(SliderFamily::<P>::find(descriptor.name), Some(variant));
        }
    }

    #[test]
    fn registry_is_consistent() {
        registry_is_consistent_for::<Rook>();
        registry_is_consistent_for::<Bishop>();
        assert_eq!(RookAttacksFamily::NAME, "rook_attacks");
        assert_eq!(BishopAttacksFamily::NAME, "bishop_attacks");
    }
}
