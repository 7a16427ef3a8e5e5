//! The example on the front page (README.md, "Use it as a library"): a rook's attacks by magic
//! bitboards, and perft by the legal move generator. `bitbench/tests/it/readme.rs` holds the
//! README's copy to this file.

use strategies::sliders::{magic::Magic, Slider};
use strategies::{movegen, Bitboard, Position, Square};

fn main() {
    // A rook on d3, with pieces on d5 and f3: the squares it attacks, as a board diagram.
    let occupied = Bitboard::from(Square::D5) | Bitboard::from(Square::F3);
    println!("{}", Magic.rook(Square::D3, occupied));
    // The legal move generator: perft of the start position to depth 4 is 197,281.
    assert_eq!(movegen::perft_default(&Position::startpos(), 4), 197_281);
}
