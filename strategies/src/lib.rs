//! # bitbench strategies
//!
//! The chess-bitboard techniques that bitbench measures: one folder per family, one file per
//! technique, each family behind one trait whose documentation states its semantics at every
//! edge case.
//!
//! ## Layers
//!
//! The crate is four layers, each a folder, bottom first; a layer names only itself and the
//! layers below it (`tests/layers.rs` holds this):
//!
//! - [`board`]: squares, bitboards, the board's geometry, positions and FEN;
//! - [`framework`]: a family's variants as one table, answers, CPU features and the capability
//!   tokens that prove them, instruction levels, SIMD lanes, running a variant on a batch;
//! - `bench` (feature `bench`): the scaffolding the harness verifies and measures with: every
//!   family's distributions and verification inputs, the registry of families, the reference
//!   move generator, seeded inputs and positions;
//! - [`families`]: a folder per family, and the legal move generator ([`movegen`]) built from
//!   their techniques.
//!
//! This file is the facade: the families' folders and the most used types again at the top.
//!
//! ## The families
//!
//! - [`in_between`]: the squares strictly between two squares;
//! - [`knight_attacks`]: the squares attacked by a set of knights;
//! - [`sliders`]: the squares a rook or a bishop attacks given the occupancy, as two families,
//!   `rook_attacks` and `bishop_attacks`, and [`queen_attacks`], their union;
//! - [`attack_spans`]: pawn front and rear attack spans and attack file fills;
//! - [`pawn_structure`]: the isolated, half-isolated and passed pawns of both sides;
//! - [`knight_fill`]: the squares knights reach within a number of moves, and whether a knight
//!   catches a passed pawn;
//! - [`knight_forks`]: the squares from which a knight attacks two or more targets;
//! - [`xray_attacks`]: the squares a rook or a bishop attacks through given blockers, as two
//!   families, `rook_xray_attacks` and `bishop_xray_attacks`;
//! - [`xray_attacks_multi`]: the squares sets of rooks, bishops and queens attack through
//!   given blockers;
//! - [`blockers_by_targets`]: the squares between sliders and targets where one piece, or
//!   nothing, stands in the way;
//! - [`attacks_to`]: every attacker of a square of a position, both colours, the seed's
//!   super-piece once per slider technique;
//! - [`attacked`]: whether a side attacks a square of a position;
//! - [`attacked_by_piece`]: whether one piece on one square attacks another, given the
//!   occupancy, the seed's 0x88 × piece table;
//! - [`legality_test`]: whether a hash or killer move is pseudo-legal in a position, against
//!   generating every move and searching;
//! - [`checkers_pins`]: the checkers and pinned pieces of the side to move;
//! - [`perft`]: the legal move generator of [`movegen`], whose four techniques are type
//!   parameters, counting the leaves of move trees; one variant per technique it varies;
//! - [`search`]: a deterministic alpha-beta search on that generator, with an evaluation and a
//!   static exchange evaluation that call the techniques where engines do, eight techniques
//!   as type parameters; its family measures nodes per second, one variant per technique it
//!   varies, with the transposition table's size as its cache-pressure axis.
//!
//! Every family has a table of its variants (an enum with a [`Descriptor`] each) and, with the
//! feature `bench`, a reference implementation and its workloads. A SIMD body is written once,
//! in a family's `lane_*.rs`, over the framework's lanes (AVX2, AVX-512 and NEON, each
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
//! With its default features it has no dependency at all: `cargo tree -p strategies` lists
//! the crate alone. Two features add what an engine does not want:
//!
//! - `bench`: the scaffolding the harness verifies and measures with (the references, the
//!   workloads, the registry of families, seeded inputs; `rand` and `rand_chacha`);
//! - `peers`: two published chess crates, `chess` 3.2 and `cozy-chess` 0.3, as variants of
//!   some families, so that the harness measures ours beside theirs.
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
//!   and, when it was chosen, the fastest portable configuration measured inside perft on the
//!   development machine (docs/notebook.md, "Measurements behind the code"):
//!   [`sliders::magic::Magic`] sliders,
//!   [`in_between::rectangular::Rectangular`] in-between sets,
//!   [`checkers_pins::snipers::Snipers`] checkers and pins, [`knight_attacks::lookup::Lookup`]
//!   knights.
//! - **A known CPU** (an engine built with `-C target-cpu=...`): choose at compile time with
//!   `#[cfg(target_feature = "bmi2")]` and the like; the chosen technique's lookups are then
//!   inlined (example `slider_compile_time`).
//! - **One binary for unknown CPUs**: detect once at start-up and cache the choice, as memchr
//!   does; put a whole batch of work behind the cached choice, not one lookup, and run it
//!   inside [`Slider::with_features`](sliders::Slider::with_features) (example `slider_run_time`). SIMD techniques are built
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
//! use strategies::{run_batch, runnable_variants, Bitboard, Cpu, Square};
//! use strategies::knight_attacks::{KnightFamily, KnightVariant};
//!
//! let cpu = Cpu::detect();
//! let here = runnable_variants::<KnightFamily>(&cpu); // only what runs on this CPU
//! assert!(here.contains(&KnightVariant::Lookup));
//!
//! let knights = [Bitboard(1 << 1), Bitboard(1 << 6 | 1 << 57)]; // b1; g1 and b8
//! let mut attacks = [Bitboard::EMPTY; 2];
//! run_batch::<KnightFamily>(KnightVariant::ParallelPrefix, &cpu, &knights, &mut attacks)
//!     .expect("portable variants run everywhere");
//! let b1: Bitboard = [Square::A3, Square::C3, Square::D2].into_iter().collect();
//! assert_eq!(attacks[0], b1);
//!
//! // A SIMD variant on a CPU without its feature is an error, never a crash:
//! let masked = Cpu::with_disabled(&[strategies::Feature::Avx2]);
//! let simd = KnightVariant::Avx2Directions;
//! assert!(run_batch::<KnightFamily>(simd, &masked, &knights, &mut attacks).is_err());
//! ```

// The layers, bottom to top: board, framework, bench, families. Nothing in a layer imports a
// layer above it, and nothing inside the crate imports the crate root: what follows the
// layers is the facade for users.
#[cfg(feature = "bench")]
pub mod bench;
pub mod board;
pub mod families;
pub mod framework;

pub use board::{aligned, bitboard, geometry, position, square};
pub use families::{
    attack_spans, attacked, attacked_by_piece, attacks_to, blockers_by_targets, checkers_pins,
    in_between, knight_attacks, knight_fill, knight_forks, legality_test, movegen, pawn_structure,
    perft, queen_attacks, search, sliders, xray_attacks, xray_attacks_multi,
};
pub use framework::{answer, cpu, family, level};

pub use board::bitboard::Bitboard;
pub use board::position::{Castling, Colour, Move, Piece, Position};
pub use board::square::{Square, SquareError, SquarePair};
pub use framework::answer::{Answer, Part};
pub use framework::batch::{run_batch, runnable_variants};
pub use framework::cpu::{Cpu, Feature, Unsupported};
pub use framework::family::{Descriptor, Family, Kernel, Source, Visitor};
pub use framework::level::Level;

#[cfg(feature = "bench")]
pub use bench::registry::{FamilyInfo, FamilyVisitor, Registry};
#[cfg(feature = "bench")]
pub use bench::{inputs, registry, Bench, Distribution, Draw, Queries, Shape};
#[cfg(feature = "bench")]
pub use families::Families;
