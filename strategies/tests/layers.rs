//! The crate's layers, held: `board` at the bottom, then `framework`, then `bench` (the
//! scaffolding, feature `bench`), then `families`; `lib.rs` on top is the facade for users.
//!
//! A file of a layer names, through `crate::`, only its own layer and those below it, and no
//! file below `lib.rs` names the crate root (`crate::Bitboard`, `crate::family!`): every path
//! inside the crate goes through a layer. Folders do not make an upward import a compile
//! error, as crates would; this test does.

use std::fs;
use std::path::{Path, PathBuf};

/// The layers, bottom first.
const LAYERS: [&str; 4] = ["board", "framework", "bench", "families"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The first name of every path through `crate::` in `text` (not `$crate::`), with its line:
/// `crate::board::Bitboard` gives `board`, and `crate::{board::X, framework::Y}` both names.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("crate::").map(|at| from + at) {
        from = at + "crate::".len();
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c == '$' || c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &text[from..];
        if let Some(group) = rest.strip_prefix('{') {
            // Top-level items of the group: the first name after `{` and after each `,` at depth 1.
            let mut depth = 1;
            let mut item_start = Some(0);
            for (i, c) in group.char_indices() {
                if let Some(start) = item_start.take() {
                    let item = group[start..].trim_start();
                    let name = ident(item);
                    if !name.is_empty() {
                        let at = from + 1 + group.len() - group[start..].len();
                        found.push((line_of(at + group[start..].len() - item.len()), name));
                    }
                }
                match c {
                    '{' => depth += 1,
                    '}' if depth == 1 => break,
                    '}' => depth -= 1,
                    ',' if depth == 1 => item_start = Some(i + 1),
                    _ => {}
                }
            }
        } else {
            found.push((line_of(at), ident(rest)));
        }
    }
    found
}

fn is_test_file(file: &Path) -> bool {
    let name = file.file_name().unwrap().to_str().unwrap();
    name == "tests.rs" || name.ends_with("_tests.rs")
}

#[test]
fn no_layer_names_a_layer_above_it_or_the_crate_root() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut broken = Vec::new();
    for (level, layer) in LAYERS.iter().enumerate() {
        let mut files = Vec::new();
        rust_files(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "no files under src/{layer}");
        // A test file (`tests.rs`, `*_tests.rs`) is compiled for tests only, where the layers'
        // code may check itself against the scaffolding above it (a FEN round trip over the
        // seeded corpus, say).
        for file in files.into_iter().filter(|f| !is_test_file(f)) {
            let text = fs::read_to_string(&file).unwrap();
            for (line, name) in crate_paths(&text) {
                let allowed = LAYERS[..=level].contains(&name.as_str());
                if !allowed {
                    let shown = file.strip_prefix(&src).unwrap().display();
                    broken.push(format!("src/{shown}:{line}: crate::{name}"));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "paths that run up a layer or through the crate root (layers, bottom first: {}):\n{}",
        LAYERS.join(", "),
        broken.join("\n")
    );
}

#[test]
fn every_file_is_in_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for entry in fs::read_dir(&src).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            name == "lib.rs" || LAYERS.contains(&name.as_str()),
            "src/{name} is in no layer: move it into one of {LAYERS:?}"
        );
    }
}

#[test]
fn the_scanner_sees_what_it_must() {
    let text = "use crate::board::Bitboard;\n$crate::family!(x)\nlet a = crate::Square::A1;\n\
                use crate::{\n    board::X,\n    framework::{a, b},\n};";
    let paths = crate_paths(text);
    let found: Vec<(usize, &str)> = paths
        .iter()
        .map(|(line, name)| (*line, name.as_str()))
        .collect();
    assert_eq!(
        found,
        [(1, "board"), (3, "Square"), (5, "board"), (6, "framework")]
    );
}
