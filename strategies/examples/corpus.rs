//! Builds the default position corpus, says how long that took, and prints its statistics.
//!
//! `cargo run -p strategies --release --example corpus [seed]`

use std::time::Instant;
use strategies::bench::corpus::{Corpus, DEFAULT_SEED};

fn main() {
    let seed = match std::env::args().nth(1) {
        Some(text) => text.parse().expect("the seed is an unsigned integer"),
        None => DEFAULT_SEED,
    };
    let start = Instant::now();
    let corpus = Corpus::build(seed);
    let elapsed = start.elapsed();
    println!(
        "seed {seed:#x}: built in {:.0} ms",
        elapsed.as_secs_f64() * 1e3
    );
    print!("{}", corpus.stats());
}
