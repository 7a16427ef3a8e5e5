//! At `COLUMNS=100` no line the main commands print is wider than 100 columns: a run (quick,
//! one family), its report, list, verify, advise (one record and `--all`), compare (every row
//! and `--changed`), repeatability, plot, site, and every command's `--help`.

mod common;

use std::path::{Path, PathBuf};

const COLUMNS: usize = 100;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `bitbench args` at `COLUMNS=100` from the repository's root and checks that it
/// succeeds and that no line of its standard output or error is wider than 100 characters.
fn fits(args: &[&str]) -> String {
    let output = common::command()
        .current_dir(root())
        .env("COLUMNS", COLUMNS.to_string())
        .args(args)
        .output()
        .expect("the binary runs");
    let text = common::text(&output);
    assert!(output.status.success(), "{args:?}: {text}");
    for stream in [&output.stdout, &output.stderr] {
        for line in String::from_utf8_lossy(stream).lines() {
            let width = line.chars().count();
            assert!(
                width <= COLUMNS,
                "`bitbench {}`: a line of {width} columns:\n{line}",
                args.join(" ")
            );
        }
    }
    text
}

const OLD: &str = "results/intel-xeon-f6m167/20261123t122326z.json";
const NEW: &str = "results/intel-xeon-f6m167/20261123t122426z.json";

#[test]
fn the_commands_that_read_records_fit_100_columns() {
    let tmp = tempfile::tempdir().unwrap();
    let out = |name: &str| tmp.path().join(name).display().to_string();
    fits(&["report", NEW, "--out", &out("report")]);
    fits(&["advise", NEW]);
    let all = fits(&["advise", "--all"]);
    assert!(all.contains("CPU 1"), "{all}");
    fits(&["compare", OLD, NEW]);
    let changed = fits(&["compare", "--changed", OLD, NEW]);
    let every = fits(&["compare", OLD, NEW]);
    assert!(changed.lines().count() < every.lines().count() / 4);
    assert!(changed.lines().all(|l| !l.trim_end().ends_with('x')
        || l.contains("(alone)")
        || l.contains("REGRESSED")
        || l.contains("improved")));
    fits(&["repeatability", OLD, NEW]);
    fits(&["plot", OLD, NEW, "--out", &out("plot")]);
    let results = tmp.path().join("results/intel-xeon-f6m167");
    std::fs::create_dir_all(&results).unwrap();
    std::fs::copy(root().join(NEW), results.join("r.json")).unwrap();
    fits(&["site", "--results", &out("results"), "--out", &out("site")]);
}

#[test]
fn list_verify_and_every_help_fit_100_columns() {
    fits(&["list"]);
    fits(&["verify", "--only", "in_between"]);
    let help = fits(&["--help"]);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        // A command's line starts two spaces in; a wrapped description, further.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&command| command != "help")
        .collect();
    assert!(commands.len() > 5, "{help}");
    for command in commands {
        fits(&[command, "--help"]);
    }
}

#[test]
fn a_quick_run_fits_100_columns_and_ends_with_what_to_use() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().display().to_string();
    let text = fits(&["--quick", "--only", "in_between", "--out", &out]);
    assert!(text.contains("Use on this CPU"), "{text}");
    assert!(text.contains("in_between "), "{text}");
}
