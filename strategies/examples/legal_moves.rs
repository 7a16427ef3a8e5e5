//! Legal-move generation with this crate's move generator ([`strategies::movegen`]), built
//! on techniques of your choice: the legal moves of a position, one move made, and perft.
//!
//! ```sh
//! cargo run -p strategies --release --example legal_moves --no-default-features
//! cargo run -p strategies --release --example legal_moves --no-default-features -- \
//!     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 4
//! ```
//!
//! Arguments: a FEN (default: the start position) and a perft depth (default 4; the start
//! position counts 197,281 nodes there).
//!
//! The generator takes its four techniques as type parameters ([`Techniques`]), and is
//! compiled once for the configuration below: no dispatch per node. Here the slider is black
//! magic bitboards (a fixed shift, one table shared by rooks and bishops), to show a choice
//! other than the default; `movegen::perft_default` uses the default configuration
//! (`movegen::configs::DefaultConfig`), and a configuration chosen at run time by name goes
//! through `movegen::configs::visit`.

use std::time::Instant;
use strategies::checkers_pins::snipers::Snipers;
use strategies::in_between::rectangular::Rectangular;
use strategies::knight_attacks::lookup::Lookup;
use strategies::movegen::{self, Techniques};
use strategies::position::{Move, Position, STARTPOS_FEN};
use strategies::sliders::black_magic::BlackMagic;

/// The configuration: a slider, an in-between technique, checkers and pins found by
/// "snipers" (built on the same slider and in-between techniques), and knight lookups.
type Engine = Techniques<BlackMagic, Rectangular, Snipers<BlackMagic, Rectangular>, Lookup>;

const ENGINE: Engine = Techniques {
    slider: BlackMagic,
    between: Rectangular,
    pins: Snipers::new(BlackMagic, Rectangular),
    knights: Lookup,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let fen = args.next().unwrap_or_else(|| STARTPOS_FEN.to_string());
    let depth: u32 = match args.next() {
        Some(text) => text.parse().expect("the depth is an unsigned integer"),
        None => 4,
    };
    let position = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));

    let moves = movegen::legal_moves(ENGINE, &position);
    let listed: Vec<String> = moves.iter().map(Move::to_string).collect();
    println!("{fen}");
    println!("{} legal moves: {}", moves.len(), listed.join(" "));

    if let Some(&first) = moves.first() {
        let after = movegen::make(&position, first);
        let replies = movegen::legal_moves(ENGINE, &after).len();
        println!("after {first}: {} ({replies} replies)", after.to_fen());
    }

    let started = Instant::now();
    let nodes = movegen::perft(ENGINE, &position, depth);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {nodes} nodes in {:.1} ms ({:.0} M nodes/s)",
        seconds * 1e3,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    if fen == STARTPOS_FEN && depth == 4 {
        assert_eq!(nodes, 197_281, "the published count");
    }
}
