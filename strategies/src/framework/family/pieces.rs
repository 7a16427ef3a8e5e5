//! One question asked of a rook and of a bishop alike, as two families: `rook_attacks` and
//! `bishop_attacks` (the `sliders` family folder), `rook_xray_attacks` and `bishop_xray_attacks`
//! (`xray_attacks`). A [`PieceFamilies`] type (`Attacks`, `Xray`) holds what the two
//! share: one table of techniques (declared with [`family!`](crate::framework::family::table::family!)), the input, the
//! reference; [`PieceFamily<K, P>`](PieceFamily) is the family of piece `P` ([`Rook`] or
//! [`Bishop`]), written once here for every such pair.
//!
//! A technique answers both pieces (the `Slider` trait's `rook` and `bishop`), so a technique
//! added to the table is a variant of both families. The piece is a type, never a field of the
//! query: a query that branched on its piece would rank the branch, not the techniques.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Direction;
use crate::framework::cpu::{Cpu, Unsupported};
use crate::framework::family::{Descriptor, Family, Visitor};
use core::fmt::{Debug, Display};
use core::marker::PhantomData;

/// Which piece of a pair: the index of its family in [`PieceFamilies::NAMES`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Line {
    Rook,
    Bishop,
}

/// A piece that moves along lines, as a type: [`Rook`] or [`Bishop`].
pub trait LinePiece: Copy + Debug + Send + Sync + 'static {
    /// Which one.
    const LINE: Line;
    /// Its four directions.
    const DIRECTIONS: [Direction; 4];
}

/// The rook: ranks and files.
#[derive(Clone, Copy, Debug)]
pub struct Rook;

/// The bishop: diagonals.
#[derive(Clone, Copy, Debug)]
pub struct Bishop;

impl LinePiece for Rook {
    const LINE: Line = Line::Rook;
    const DIRECTIONS: [Direction; 4] = Direction::ROOK;
}

impl LinePiece for Bishop {
    const LINE: Line = Line::Bishop;
    const DIRECTIONS: [Direction; 4] = Direction::BISHOP;
}

/// What a pair of piece families shares. Declared with
/// `family! { impl PieceFamilies for K { ... } enum V: User(Technique) { rows } }`, which
/// writes the variant items; the rest is the `impl` block's.
pub trait PieceFamilies: Copy + Debug + 'static {
    /// The rook family's name and the bishop family's.
    const NAMES: [&'static str; 2];
    /// Their one-line summaries.
    const SUMMARIES: [&'static str; 2];
    /// A query.
    type Input: Copy + PartialEq + Debug + Display + Send + Sync + 'static;
    /// The techniques, one table for both families.
    type Variant: Copy + PartialEq + Debug + 'static;

    /// Every technique.
    fn variants() -> &'static [Self::Variant];

    /// A technique's descriptor in `piece`'s family.
    fn descriptor(piece: Line, variant: Self::Variant) -> &'static Descriptor;

    /// [`Family::visit`] of piece `P`'s family.
    fn visit<P, V>(variant: Self::Variant, cpu: &Cpu, visitor: V) -> Result<V::Output, Unsupported>
    where
        P: LinePiece,
        V: Visitor<PieceFamily<Self, P>>;

    /// The reference's answer for `piece`.
    #[cfg(feature = "bench")]
    fn reference(piece: Line, input: Self::Input) -> Bitboard;

    /// [`Family::echo`].
    fn echo(input: Self::Input) -> Bitboard;
}

/// The family of piece `P` of the pair `K`.
#[derive(Clone, Copy, Debug)]
pub struct PieceFamily<K, P>(PhantomData<(K, P)>);

impl<K: PieceFamilies, P: LinePiece> Family for PieceFamily<K, P> {
    const NAME: &'static str = K::NAMES[P::LINE as usize];
    const SUMMARY: &'static str = K::SUMMARIES[P::LINE as usize];
    type Input = K::Input;
    type Output = Bitboard;
    type Variant = K::Variant;

    fn variants() -> &'static [K::Variant] {
        K::variants()
    }

    fn descriptor(variant: K::Variant) -> &'static Descriptor {
        K::descriptor(P::LINE, variant)
    }

    fn visit<V: Visitor<Self>>(
        variant: K::Variant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported> {
        K::visit::<P, V>(variant, cpu, visitor)
    }

    #[cfg(feature = "bench")]
    fn reference(input: K::Input) -> Bitboard {
        K::reference(P::LINE, input)
    }

    #[inline(always)]
    fn echo(input: K::Input) -> Bitboard {
        K::echo(input)
    }
}
