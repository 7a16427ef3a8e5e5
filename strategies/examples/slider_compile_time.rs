//! A slider chosen at compile time, for an engine built for a known CPU: PEXT bitboards when
//! the build targets BMI2, fancy magic bitboards otherwise.
//!
//! ```sh
//! cargo run -p strategies --release --example slider_compile_time --no-default-features
//! RUSTFLAGS="-C target-cpu=native" cargo run -p strategies --release \
//!     --example slider_compile_time --no-default-features
//! ```
//!
//! Built for a CPU with BMI2 (`-C target-cpu=native` on one, `-C target-cpu=x86-64-v3`, or
//! `-C target-feature=+bmi2`), the whole program is compiled with BMI2, so each `pext`
//! lookup is inlined where it is used. With run-time detection (the `slider_run_time`
//! example) the lookup stays a call unless the caller's loop runs inside
//! [`Slider::with_features`]. The program then runs only on CPUs with BMI2.
//!
//! BMI2 does not mean a fast `pext`: AMD's Zen 1 and Zen 2 have the instruction but run it
//! in microcode, much slower than a magic lookup. `bitbench advise` (the harness, run on the
//! target CPU) says which technique measured fastest there; for Zen 1 and 2, build without
//! BMI2 or change `EngineSlider` to `Magic` below.

use strategies::position::{Piece, Position};
use strategies::sliders::Slider;

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
mod chosen {
    use strategies::cpu::Bmi2;
    use strategies::sliders::pext::Pext;

    /// The engine's slider technique.
    pub type EngineSlider = Pext;
    pub const NAME: &str = "pext (the build targets BMI2)";

    /// The technique's value. A `Pext` holds a `Bmi2` token, which only detection makes; in
    /// a build with BMI2 enabled, std's detection macro answers `true` at compile time, so
    /// this is a constant and cannot fail.
    pub fn engine_slider() -> EngineSlider {
        Pext::new(Bmi2::detect().expect("this build enables BMI2"))
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
mod chosen {
    use strategies::sliders::magic::Magic;

    /// The engine's slider technique: portable, and the default of our move generator.
    pub type EngineSlider = Magic;
    pub const NAME: &str = "magic (the build does not target BMI2)";

    pub fn engine_slider() -> EngineSlider {
        Magic
    }
}

use chosen::{engine_slider, EngineSlider, NAME};

/// The squares the side to move's rooks, bishops and queens attack, counted per piece
/// (an engine's mobility term): the code an engine writes once, generic over the technique.
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
    let slider: EngineSlider = engine_slider();
    println!("slider: {NAME}");
    let positions = [
        ("start", strategies::position::STARTPOS_FEN),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
    ];
    for (name, fen) in positions {
        let position = Position::from_fen(fen).expect("a valid FEN");
        let mobility = slider_mobility(slider, &position);
        println!("{name}: the side to move's sliders reach {mobility} squares");
    }
    let d4 = "d4".parse().expect("a square");
    let kiwipete = Position::from_fen(positions[1].1).expect("a valid FEN");
    println!(
        "a queen on d4 in kiwipete attacks:\n{}",
        slider.queen(d4, kiwipete.occupied())
    );
}
