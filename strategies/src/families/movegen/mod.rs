//! A legal move generator whose techniques are type parameters: sliding attacks, in-between
//! sets, checkers and pins, and knight attacks. Each configuration ([`Config`]) is compiled
//! into its own generator, with every technique inlined where the technique allows it (a
//! kernel behind a CPU feature is a call into its `#[target_feature]` function); there is no
//! dispatch per node. A configuration chosen at run time is matched once ([`configs`]).
//!
//! It lives in `strategies` rather than in a crate of its own because the `perft` family, which
//! is registered in this crate's registry, measures it, and it is built on this crate's
//! technique traits: a separate crate would have to depend on `strategies` and be depended on
//! by it.
//!
//! # How it generates (after Stockfish's and cozy-chess's legal generators)
//! 1. The checkers and the pinned pieces of the side to move, by the configuration's
//!    [`CheckersPins`] technique (given the last move, which `by_move` reads).
//! 2. King moves and castling: the squares that need an answer are gathered first (the
//!    king's neighbours not ours and not attacked by an enemy pawn, knight or king; for each
//!    castling whose right holds and whose path is empty, the two squares the king crosses and
//!    lands on); if there are any, every enemy slider is looked up once, with the king lifted
//!    off the board (so it cannot hide behind itself). In double check, nothing else.
//! 3. The target mask: the squares not ours; in check, only the checker and the squares
//!    between it and the king (the [`InBetween`] technique).
//! 4. Unpinned knights, bishops, rooks and queens: their attacks (knight and slider techniques)
//!    within the target mask; pawns set-wise: pushes, double pushes, captures, promotions.
//! 5. Pinned pieces other than knights, when not in check (a pinned piece never answers a
//!    check): their moves on the line through the king and the piece, read from the
//!    empty-board line tables, with no lookup of the pinner.
//! 6. En passant, each capture tested in full: both pawns lifted, the capturer put on the
//!    target, the enemy sliders on the king's lines looked up again (this is where the capture
//!    that would expose the king along the rank is refused), and any checker other than the
//!    pawn taken must be a slider the move blocks.
//!
//! Moves are made by copy: [`Position`] is `Copy` (72 bytes), and [`make()`] writes a new one.
//! Perft counts in bulk at the last ply: the size of each target set, never a made move. The
//! side to move is a compile-time parameter (each node picks one of two copies), and an
//! optimized x86-64 build compiles the recursion for the baseline and with POPCNT, BMI1, BMI2
//! and AVX2, picked once per call (see [`perft()`]).
//!
//! Source: new; the seeds' techniques plugged into a generator shaped like Stockfish's
//! `generate<LEGAL>` and cozy-chess's `generate_moves`. Footprint: the four techniques' tables,
//! the king and pawn tables of [`crate::board::position::leapers`], the empty-board line
//! tables of [`crate::board::geometry::lines`] (1 KiB), and a 64-byte table of castling
//! rights. CPU features: those of the four techniques; POPCNT, BMI1, BMI2 and AVX2 where detected.

pub mod configs;
mod generate;
pub mod make;
mod perft;
#[cfg(test)]
mod tests;

pub use configs::{Choice, ConfigError, ConfigVisitor, Dimension};
pub(crate) use generate::{generate_given, PawnTargets, Sink};
pub use make::make;
pub use perft::{divide, legal_moves, perft};

use crate::board::position::Position;
use crate::families::checkers_pins::CheckersPins;
use crate::families::in_between::InBetween;
use crate::families::knight_attacks::KnightAttacks;
use crate::families::sliders::Slider;

/// The four techniques of a generator, as types. Implemented by [`Techniques`]; the generator
/// takes `C: Config` and is monomorphized for each.
pub trait Config: Copy {
    type Slider: Slider;
    type Between: InBetween;
    type Pins: CheckersPins;
    type Knights: KnightAttacks;

    fn slider(self) -> Self::Slider;
    fn between(self) -> Self::Between;
    fn pins(self) -> Self::Pins;
    fn knights(self) -> Self::Knights;
}

/// A configuration: one value of each technique (zero-sized, or holding a capability token).
/// The pins technique is usually built on the same slider and in-between techniques
/// (`Snipers<S, B>`), see [`configs`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Techniques<S, B, P, K> {
    pub slider: S,
    pub between: B,
    pub pins: P,
    pub knights: K,
}

impl<S: Slider, B: InBetween, P: CheckersPins, K: KnightAttacks> Config for Techniques<S, B, P, K> {
    type Slider = S;
    type Between = B;
    type Pins = P;
    type Knights = K;

    #[inline(always)]
    fn slider(self) -> S {
        self.slider
    }

    #[inline(always)]
    fn between(self) -> B {
        self.between
    }

    #[inline(always)]
    fn pins(self) -> P {
        self.pins
    }

    #[inline(always)]
    fn knights(self) -> K {
        self.knights
    }
}

/// Perft with the default configuration ([`configs::DefaultConfig`]): what a caller that does
/// not care about techniques uses.
pub fn perft_default(position: &Position, depth: u32) -> u64 {
    perft(configs::default_config(), position, depth)
}
