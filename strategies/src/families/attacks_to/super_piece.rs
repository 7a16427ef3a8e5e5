//! The super-piece: put every kind of piece on the square, look up its attacks from there, and
//! intersect each with the pieces of that kind (both colours), because attacks are symmetric.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt` (Square Attacked By), § By all Pieces: white pawn
//! attacks from the square intersect the black pawns and vice versa; knights, kings and
//! sliders are the union of both sides; a queen is found by both slider lookups. The slider
//! technique is the type parameter `S` (one registered variant per technique,
//! `super_piece_<technique>`), so the family compares the techniques inside the same routine.
//!
//! Footprint: the leaper tables ([`crate::board::geometry::leapers`], 2 KiB) plus the slider technique's rook and
//! bishop tables. CPU features: those of `S`; the whole query (and a batch's whole loop) runs
//! inside [`Slider::with_features`], so a feature-gated technique's lookups are inlined.

use super::{AttacksTo, SquareQuery};
use crate::board::position::leapers;
use crate::board::position::{Colour, Piece, Position};
use crate::families::sliders::Slider;
use crate::framework::level::Job;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Every attacker of `square`, by the super-piece with slider technique `slider`.
#[inline(always)]
pub fn attackers<S: Slider>(slider: S, position: &Position, square: Square) -> Bitboard {
    let occupied = position.occupied();
    let queens = position.kind(Piece::Queen);
    let rooks_queens = position.kind(Piece::Rook) | queens;
    let bishops_queens = position.kind(Piece::Bishop) | queens;
    let leaping = (leapers::pawn(Colour::White, square)
        & position.pieces(Colour::Black, Piece::Pawn))
        | (leapers::pawn(Colour::Black, square) & position.pieces(Colour::White, Piece::Pawn))
        | (leapers::knight(square) & position.kind(Piece::Knight))
        | (leapers::king(square) & position.kind(Piece::King));
    let (rook, bishop) = slider.rook_and_bishop(square, occupied);
    leaping | (bishop & bishops_queens) | (rook & rooks_queens)
}

/// The super-piece with slider technique `S`. As zero-sized as `S` (a token at most).
#[derive(Clone, Copy, Debug)]
pub struct SuperPiece<S>(pub S);

impl<S: Slider> AttacksTo for SuperPiece<S> {
    #[inline(always)]
    fn attackers(self, position: &Position, square: Square) -> Bitboard {
        let slider = self.0;
        slider.with_features(One {
            slider,
            position,
            square,
        })
    }

    #[inline(always)]
    fn attackers_batch(self, queries: &[SquareQuery], out: &mut [Bitboard]) {
        assert_eq!(queries.len(), out.len(), "batch slices differ in length");
        let slider = self.0;
        slider.with_features(Many {
            slider,
            queries,
            out,
        })
    }
}

/// One query as a [`Job`], for [`Slider::with_features`].
struct One<'a, S> {
    slider: S,
    position: &'a Position,
    square: Square,
}

impl<S: Slider> Job for One<'_, S> {
    type Output = Bitboard;
    #[inline(always)]
    fn run(self) -> Bitboard {
        attackers(self.slider, self.position, self.square)
    }
}

/// A batch as a [`Job`], for [`Slider::with_features`].
struct Many<'a, S> {
    slider: S,
    queries: &'a [SquareQuery],
    out: &'a mut [Bitboard],
}

impl<S: Slider> Job for Many<'_, S> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        for (out, query) in self.out.iter_mut().zip(self.queries) {
            *out = attackers(self.slider, &query.position, query.square);
        }
    }
}
