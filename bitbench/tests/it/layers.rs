//! Layers that folders do not enforce, held. The harness's stages import only themselves and
//! the stages below them, in the order `harness/src/lib.rs` lists them; the command's modules
//! import from their parent, never from a sibling (what two commands share lives in
//! `cli/mod.rs` or in the crates below), so neither forms a circle.

use crate::common;
use std::path::Path;

/// The first name of every path that starts with `prefix` in `text`, with its line:
/// `super::fork::spawner` gives `fork`, and `super::{fork::X, run}` gives both names.
fn names_after(text: &str, prefix: &str) -> Vec<(usize, String)> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = Vec::new();
    for (at, _) in text.match_indices(prefix) {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let line = text[..at].matches('\n').count() + 1;
        let rest = &text[at + prefix.len()..];
        match rest.strip_prefix('{') {
            Some(group) => {
                // The first name of each item at the group's top level.
                let mut depth = 0;
                let mut start = 0;
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => {
                            found.push((line, ident(&group[start..i])));
                            break;
                        }
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            found.push((line, ident(&group[start..i])));
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
            }
            None => found.push((line, ident(rest))),
        }
    }
    found.retain(|(_, name)| !name.is_empty());
    found
}

/// The harness's stages, bottom first.
const STAGES: [&str; 7] = [
    "base", "record", "choose", "measure", "tools", "render", "suite",
];

#[test]
fn no_stage_of_the_harness_names_a_stage_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../harness/src");
    let mut broken = Vec::new();
    for (level, stage) in STAGES.iter().enumerate() {
        let mut files = Vec::new();
        common::rust_files(&src.join(stage), &mut files);
        assert!(!files.is_empty(), "no files under harness/src/{stage}");
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            // Unit tests sit at the end of each file, after `#[cfg(test)]`: a stage's tests may
            // check its data against the rendering above it.
            let code = text.split("#[cfg(test)]").next().unwrap();
            for (line, name) in names_after(code, "crate::") {
                let above = STAGES[level + 1..].contains(&name.as_str());
                if above {
                    let shown = file.strip_prefix(&src).unwrap().display();
                    broken.push(format!("harness/src/{shown}:{line}: crate::{name}"));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "paths that run up a stage (stages, bottom first: {}):\n{}",
        STAGES.join(", "),
        broken.join("\n")
    );
}

#[test]
fn every_folder_of_the_harness_is_a_stage_listed_in_order() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../harness/src");
    for entry in std::fs::read_dir(&src).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            name == "lib.rs" || STAGES.contains(&name.as_str()),
            "harness/src/{name} is in no stage: move it into one of {STAGES:?}"
        );
    }
    // The crate's documentation lists the stages in this order: `1. [`base`]`, ...
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let listed: Vec<&str> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("//! ")?.split_once(". [`"))
        .filter(|(number, _)| number.parse::<u32>().is_ok())
        .filter_map(|(_, rest)| rest.split_once('`').map(|(name, _)| name))
        .collect();
    assert_eq!(
        listed, STAGES,
        "harness/src/lib.rs lists the stages in another order"
    );
}

#[test]
fn no_module_of_the_command_imports_a_sibling() {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let mut files = Vec::new();
    common::rust_files(&cli, &mut files);
    let module = |path: &Path| path.file_stem().unwrap().to_string_lossy().into_owned();
    let siblings: Vec<String> = files
        .iter()
        .map(|f| module(f))
        .filter(|m| m != "mod")
        .collect();
    assert!(siblings.len() >= 8 && siblings.contains(&"fork".to_string()));
    let mut offenders = Vec::new();
    for path in files.iter().filter(|f| module(f) != "mod") {
        let text = std::fs::read_to_string(path).unwrap();
        let paths = [names_after(&text, "super::"), names_after(&text, "cli::")];
        for (line, name) in paths.into_iter().flatten() {
            if siblings.contains(&name) {
                offenders.push(format!("{}:{line} imports {name}", path.display()));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

#[test]
fn imports_are_found_however_they_are_written() {
    let text = "use super::{fork::spawner, run};\nlet x = super::checks::processes(2);\n\
                crate::cli::list::run();\nlet y = super::verified(a);\n\
                use crate::{base::names, outln, render::{chart, report}};\n$crate::out!()";
    let names: Vec<String> = [
        names_after(text, "super::"),
        names_after(text, "cli::"),
        names_after(text, "crate::"),
    ]
    .into_iter()
    .flatten()
    .map(|(_, name)| name)
    .collect();
    assert_eq!(
        names,
        ["fork", "run", "checks", "verified", "list", "cli", "base", "outln", "render"]
    );
}
