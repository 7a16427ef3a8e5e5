//! # bitbench strategies
//!
//! The chess-bitboard techniques that bitbench measures: one folder per family, one file per
//! technique, each family behind one trait whose documentation states its semantics at every
//! edge case. [`registry::Families`] lists the families.
//!
//! - [`in_between`]: the squares strictly between two squares ([`InBetween`]);
//! - [`knight_attacks`]: the squares attacked by a set of knights ([`KnightAttacks`]);
//! - [`sliders`]: the squares a rook or a bishop attacks given the occupancy ([`Slider`]), as
//!   two families, `rook_attacks` and `bishop_attacks`;
//! - [`attack_spans`]: pawn front and rear attack spans and attack file fills
//!   ([`attack_spans::AttackSpans`]);
//! - [`pawn_structure`]: the isolated, half-isolated and passed pawns of both sides
//!   ([`pawn_structure::PawnStructure`]);
//! - [`knight_fill`]: the squares knights reach within a number of moves
//!   ([`knight_fill::KnightFill`]), and whether a knight catches a passed pawn;
//! - [`knight_forks`]: the squares from which a knight attacks two or more targets
//!   ([`knight_forks::KnightForks`]);
//! - [`xray_attacks`]: the squares a rook or a bishop attacks through given blockers
//!   ([`xray_attacks::XrayAttacks`]), as two families, `rook_xray_attacks` and
//!   `bishop_xray_attacks`;
//! - [`xray_attacks_multi`]: the squares sets of rooks, bishops and queens attack through
//!   given blockers ([`xray_attacks_multi::XrayAttacksMulti`]);
//! - [`blockers_by_targets`]: the squares between sliders and targets where one piece, or
//!   nothing, stands in the way ([`blockers_by_targets::BlockersByTargets`]);
//! - [`attacks_to`]: every attacker of a square of a position, both colours
//!   ([`attacks_to::AttacksTo`]), the seed's super-piece once per slider technique;
//! - [`attacked`]: whether a side attacks a square of a position ([`attacked::Attacked`]);
//! - [`attacked_by_piece`]: whether one piece on one square attacks another, given the
//!   occupancy ([`attacked_by_piece::AttackedByPiece`]), the seed's 0x88 × piece table;
//! - [`legality_test`]: whether a hash or killer move is pseudo-legal in a position
//!   ([`legality_test::LegalityTest`]), against generating every move and searching;
//! - [`checkers_pins`]: the checkers and pinned pieces of the side to move
//!   ([`checkers_pins::CheckersPins`]);
//! - [`perft`]: the legal move generator of [`movegen`], whose four techniques are type
//!   parameters, counting the leaves of move trees; one variant per technique it varies;
//!
//! [`position`] holds what position-based families build on: [`Position`] and FEN, the
//! reference move generator (the oracle, never measured), and the seeded position corpus.
//!
//! Every family has a registry of its variants (an enum with a [`Descriptor`] each), a
//! reference implementation, and its workloads ([`Bench`]). A SIMD body is written once, in a
//! family's `lane_*.rs`, over the lane types of the `simd` module (AVX2, AVX-512 and NEON, each
//! compiled only for its architecture); a body one instruction set has to itself sits in the
//! family's `avx2/`, `avx512/` or `gfni/` folder. Either is reachable only through a
//! capability token from [`cpu`].
//!
//! Squares are numbered a1 = 0 … h8 = 63 as in the seeds; see [`Square`].
//!
//! ## Depending on this crate
//!
//! ```toml
//! [dependencies]
//! strategies = { path = "../bitbench/strategies" }  # or a git dependency on the repository
//! ```
//!
//! Its dependencies are `rand` and `rand_chacha` (the seeded workloads) and nothing else. The
//! feature `peers` (off by default) adds two published chess crates, `chess` 3.2 and
//! `cozy-chess` 0.3, as variants of some families, so that the `bitbench` harness verifies and
//! measures ours beside theirs; an engine does not want it. `cargo tree -p strategies
//! --no-default-features` lists no chess crate.
//!
//! ## Which technique to use when
//!
//! - **Measure on the CPU you care about.** In the bitbench repository, `cargo run --release
//!   -- advise --run` measures this CPU and names, per family, the variant to use, the ones
//!   tied with it, and what it needs (CPU features, table bytes); `advise --all` is the same
//!   over every CPU with a record under `results/`. The advice may name a peer: without the
//!   feature `peers`, take the best of ours (the peer's tied list, or the next row).
//! - **Safe defaults**: the move generator's default configuration
//!   ([`movegen::configs::DefaultConfig`], which [`movegen::perft_default`] uses), portable
//!   and the fastest portable configuration measured inside perft on the development machine
//!   (Intel family 6 model 167): [`sliders::magic::Magic`] sliders,
//!   [`in_between::rectangular::Rectangular`] in-between sets,
//!   [`checkers_pins::snipers::Snipers`] checkers and pins, [`knight_attacks::lookup::Lookup`]
//!   knights.
//! - **A known CPU** (an engine built with `-C target-cpu=...`): choose at compile time with
//!   `#[cfg(target_feature = "bmi2")]` and the like; the chosen technique's lookups are then
//!   inlined (example `slider_compile_time`).
//! - **One binary for unknown CPUs**: detect once at start-up and cache the choice, as memchr
//!   does; put a whole batch of work behind the cached choice, not one lookup, and run it
//!   inside [`Slider::with_features`] (example `slider_run_time`). SIMD techniques are built
//!   only from a capability token (`cpu::Bmi2::detect()`, or `Cpu::detect().bmi2()`, which
//!   also honours masked features), so code that skips detection does not compile.
//! - **BMI2 is not a fast `pext` everywhere**: AMD Zen 1 and Zen 2 run it in microcode, far
//!   slower than a magic lookup; there, use `magic`.
//! - **Batch kernels** (`*_batch`, the AVX-512 gathers) pay only when the engine has many
//!   independent queries at once; a search asking one square at a time wants the scalar ones.
//! - **Legal moves**: [`movegen`] takes the four techniques as type parameters
//!   ([`movegen::Techniques`]), compiled once per configuration with no dispatch per node
//!   (example `legal_moves`: perft of the start position to depth 4 is 197,281).
//!
//! The examples build and run without the peers:
//! `cargo run -p strategies --release --example legal_moves --no-default-features`.
//!
//! ## Using one variant from an engine
//!
//! Pick a variant, check that it runs on this CPU, and run a batch; the dispatch to the
//! variant's monomorphized code happens once per call, not per query:
//!
//! ```
//! use strategies::{run_batch, runnable_variants, Bitboard, Cpu, Family, KnightFamily};
//! use strategies::knight_attacks::KnightVariant;
//!
//! let cpu = Cpu::detect();
//! let here = runnable_variants::<KnightFamily>(&cpu); // only what runs on this CPU
//! assert!(here.contains(&KnightVariant::Lookup));
//!
//! let knights = [Bitboard(1 << 1), Bitboard(1 << 6 | 1 << 57)]; // b1; g1 and b8
//! let mut attacks = [Bitboard::EMPTY; 2];
//! run_batch::<KnightFamily>(KnightVariant::ParallelPrefix, &cpu, &knights, &mut attacks)
//!     .expect("portable variants run everywhere");
//! assert_eq!(attacks[0], KnightFamily::reference(knights[0]));
//!
//! // A SIMD variant on a CPU without its feature is an error, never a crash:
//! let masked = Cpu::with_disabled(&[strategies::Feature::Avx2]);
//! assert!(run_batch::<KnightFamily>(KnightVariant::Avx2Batch, &masked, &knights, &mut attacks)
//!     .is_err());
//! ```

pub mod aligned;
pub mod answer;
pub mod attack_spans;
pub mod attacked;
pub mod attacked_by_piece;
pub mod attacks_to;
pub mod bench;
pub mod bitboard;
pub mod blockers_by_targets;
pub mod checkers_pins;
mod chunks;
pub mod cpu;
pub mod family;
#[cfg(test)]
mod family_tests;
pub mod geometry;
pub mod in_between;
pub mod inputs;
pub mod knight_attacks;
pub mod knight_fill;
pub mod knight_forks;
pub mod legality_test;
pub mod level;
pub mod movegen;
pub mod pawn_structure;
pub mod perft;
pub mod position;
pub mod queen_attacks;
pub mod registry;
mod simd;
pub mod sliders;
pub mod square;
#[cfg(test)]
mod testing;
pub mod xray_attacks;
pub mod xray_attacks_multi;

pub use answer::{Answer, Part};
pub use bench::{Bench, Distribution, Draw, Queries, Shape};
pub use bitboard::Bitboard;
pub use cpu::{Cpu, Feature, Unsupported};
pub use family::{Descriptor, Family, Kernel, Source, Visitor};
pub use in_between::{InBetween, InBetweenFamily, InBetweenVariant};
pub use knight_attacks::{KnightAttacks, KnightFamily, KnightVariant};
pub use level::Level;
pub use position::{Castling, Colour, Move, Piece, Position};
pub use registry::{Families, FamilyInfo, FamilyVisitor, Registry};
pub use sliders::{
    BishopAttacksFamily, RookAttacksFamily, Slider, SliderFamily, SliderQuery, SliderVariant,
};
pub use square::{Square, SquareError, SquarePair};

/// Runs `variant` of family `F` on a batch: `outputs[i]` becomes the answer to `inputs[i]`.
/// Fails, touching nothing, if the variant cannot run on `cpu`. The batch loop runs in the copy
/// compiled for the highest [`Level`] `cpu` allows, as the harness measured it.
///
/// # Panics
/// If the slices differ in length.
pub fn run_batch<F: Family>(
    variant: F::Variant,
    cpu: &Cpu,
    inputs: &[F::Input],
    outputs: &mut [F::Output],
) -> Result<(), Unsupported> {
    struct Run<'a, F: Family> {
        inputs: &'a [F::Input],
        outputs: &'a mut [F::Output],
        level: Level,
    }
    impl<F: Family> Visitor<F> for Run<'_, F> {
        type Output = ();
        fn visit<K: Kernel<F>>(self, kernel: K) {
            let (inputs, outputs) = (self.inputs, self.outputs);
            self.level.run(level::Batch::<F, K> {
                kernel,
                inputs,
                outputs,
            })
        }
    }
    assert_eq!(inputs.len(), outputs.len(), "batch slices differ in length");
    let level = Level::detect(cpu);
    F::visit(
        variant,
        cpu,
        Run::<F> {
            inputs,
            outputs,
            level,
        },
    )
}

/// The variants of `F` that run on `cpu` (detected features, less any masked), in registry
/// order.
pub fn runnable_variants<F: Family>(cpu: &Cpu) -> Vec<F::Variant> {
    F::variants()
        .iter()
        .copied()
        .filter(|&v| F::runnable(v, cpu).is_ok())
        .collect()
}
