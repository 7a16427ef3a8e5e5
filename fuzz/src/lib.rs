//! What each fuzz target holds of an input; a broken promise panics, which the fuzzer records
//! as a crash. `cargo test` checks the same promises on the kept corpus
//! (`strategies/src/board/position/fen/tests.rs`, `bitbench/tests/it/record_mutations.rs`).

use harness::record::Record;
use std::path::Path;
use strategies::position::Position;

/// A FEN is refused with its field named first, or it reads back to itself and perft 1 by the
/// move generator's default configuration equals the reference generator's.
pub fn fen(text: &str) {
    match Position::from_fen(text) {
        Err(error) => {
            let message = error.to_string();
            assert!(
                message.starts_with(&format!("FEN {} ", error.field().name())),
                "{message}"
            );
        }
        Ok(position) => {
            let fen = position.to_fen();
            assert_eq!(Position::from_fen(&fen).as_ref(), Ok(&position), "{fen}");
            assert_eq!(
                strategies::movegen::perft_default(&position, 1),
                strategies::bench::reference::perft(&position, 1),
                "{fen}"
            );
        }
    }
}

/// A record is refused, or it is written back to a record that reads again, and the tables
/// render from it.
pub fn record(text: &str) {
    let path = Path::new("fuzz.json");
    if let Ok(record) = Record::parse(text, path) {
        let again = Record::parse(&record.to_json(), path);
        assert!(again.is_ok(), "{}", again.unwrap_err());
        let _ = harness::render::report::ranked_tables(&record);
        let _ = harness::render::report::full_tables(&record);
    }
}
