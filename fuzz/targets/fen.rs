//! The FEN reader under afl.rs: see [`bitbench_fuzz::fen`].

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            bitbench_fuzz::fen(text);
        }
    });
}
