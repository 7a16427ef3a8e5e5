//! A slider chosen at run time, once, for an engine shipped as one binary to unknown CPUs:
//! PEXT bitboards where the CPU has BMI2, fancy magic bitboards elsewhere.
//!
//! ```sh
//! cargo run -p strategies --release --example slider_run_time --no-default-features
//! ```
//!
//! The choice is cached the way the `memchr` crate caches its choice of `memchr`: a static
//! atomic pointer starts at a `detect` function; the first call detects the CPU's features,
//! stores the chosen function in the pointer and calls it; every later call is one load and
//! an indirect call. What sits behind the pointer is a whole batch of work (here, the
//! mobility of a batch of positions), monomorphized for the technique, so the dispatch is
//! paid once per batch, never per lookup. An engine would put its search, or its move
//! generator, behind the pointer in the same way.
//!
//! PEXT's lookups are `#[target_feature(enable = "bmi2")]` functions, reachable only through
//! a `Pext`, which holds the `Bmi2` token that only detection makes (see
//! `strategies::cpu`). The batch runs inside [`Slider::with_features`], so those lookups are
//! inlined into it although this program is built without BMI2.
//!
//! BMI2 does not mean a fast `pext`: AMD's Zen 1 and Zen 2 run it in microcode, much slower
//! than a magic lookup. `bitbench advise`, run on the CPU, says which technique measured
//! fastest there; an engine that meets such CPUs can add their test to `choose`.

use std::sync::atomic::{AtomicPtr, Ordering};
use strategies::position::{Piece, Position};
use strategies::sliders::magic::Magic;
use strategies::sliders::Slider;

/// The dispatched work: the total slider mobility of a batch of positions.
type MobilityFn = fn(&[Position]) -> u64;

/// The chosen implementation, as a data pointer (the only kind an atomic holds): `detect`
/// until the first call, then what `choose` picked.
static MOBILITY: AtomicPtr<()> = AtomicPtr::new(detect as MobilityFn as *mut ());

/// The total slider mobility of `positions`, by the technique chosen for this CPU.
fn mobility(positions: &[Position]) -> u64 {
    let pointer = MOBILITY.load(Ordering::Relaxed);
    // SAFETY: `MOBILITY` only ever holds a `MobilityFn` cast to `*mut ()` (`detect`, or the
    // function `detect` stored), so casting it back gives a valid function of that type;
    // `transmute` checks at compile time that the two have the same size. Relaxed ordering
    // suffices: the pointer is the only shared datum, and it points to code, which no store
    // initializes.
    let function = unsafe { core::mem::transmute::<*mut (), MobilityFn>(pointer) };
    function(positions)
}

/// The first call: choose, cache the choice, and run it. Two threads calling at once may
/// both detect, and both store the same function.
fn detect(positions: &[Position]) -> u64 {
    let (_, chosen) = choose();
    MOBILITY.store(chosen as *mut (), Ordering::Relaxed);
    chosen(positions)
}

/// The technique for this CPU, by name and as the batch function.
fn choose() -> (&'static str, MobilityFn) {
    #[cfg(target_arch = "x86_64")]
    if strategies::cpu::Bmi2::detect().is_some() {
        return ("pext (BMI2 detected)", mobility_pext);
    }
    ("magic (portable)", mobility_magic)
}

/// The batch with magic bitboards, which run on every CPU.
fn mobility_magic(positions: &[Position]) -> u64 {
    batch_mobility(Magic, positions)
}

/// The batch with PEXT. Stored in `MOBILITY` only once BMI2 was detected; the `Bmi2` token a
/// `Pext` needs is made again here from std's cached detection (a load and a test per batch),
/// since a plain function pointer cannot carry it.
#[cfg(target_arch = "x86_64")]
fn mobility_pext(positions: &[Position]) -> u64 {
    use strategies::cpu::Bmi2;
    use strategies::sliders::pext::Pext;
    let bmi2 = Bmi2::detect().expect("chosen only where BMI2 was detected");
    batch_mobility(Pext::new(bmi2), positions)
}

/// The batch, monomorphized per technique, run inside a function compiled with the
/// technique's CPU features so that its lookups are inlined.
fn batch_mobility<S: Slider>(slider: S, positions: &[Position]) -> u64 {
    slider.with_features(|| {
        positions
            .iter()
            .map(|position| u64::from(slider_mobility(slider, position)))
            .sum()
    })
}

/// The squares the side to move's rooks, bishops and queens attack, counted per piece.
#[inline(always)]
fn slider_mobility<S: Slider>(slider: S, position: &Position) -> u32 {
    let us = position.side_to_move();
    let occupied = position.occupied();
    let targets = !position.colour(us);
    let queens = position.pieces(us, Piece::Queen);
    let mut squares = 0;
    for square in position.pieces(us, Piece::Rook) | queens {
        squares += (slider.rook(square, occupied) & targets).len();
    }
    for square in position.pieces(us, Piece::Bishop) | queens {
        squares += (slider.bishop(square, occupied) & targets).len();
    }
    squares
}

fn main() {
    let fens = [
        strategies::position::STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    ];
    let positions: Vec<Position> = fens
        .iter()
        .map(|fen| Position::from_fen(fen).expect("a valid FEN"))
        .collect();
    println!("slider: {}", choose().0);
    // The first call detects and caches; the rest are a load and an indirect call each.
    let first = mobility(&positions);
    let again = mobility(&positions);
    assert_eq!(first, again);
    // The cached choice agrees with the portable technique on every position.
    assert_eq!(first, batch_mobility(Magic, &positions));
    println!(
        "{} positions: the side to move's sliders reach {first} squares in all",
        positions.len()
    );
}
