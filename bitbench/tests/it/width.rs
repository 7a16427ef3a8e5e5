//! At `COLUMNS=100` no line the main commands print is wider than 100 columns: a run (quick,
//! one family), its report, list, verify, advise (one record and `--all`), compare (every row
//! and `--changed`), repeatability, plot, site, and every command's `--help`. And a run's
//! first screen stays short without a terminal.

use crate::common;

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

const OLD: &str = "results/intel-xeon-f6m167/20261123t122326z.json.gz";
const NEW: &str = "results/intel-xeon-f6m167/20261123t122426z.json.gz";

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

/// Without a terminal (standard error is a pipe here), a run says what this CPU cannot run in
/// one line per missing feature, not one per variant, and its progress in one line per sweep.
#[test]
fn without_a_terminal_a_run_prints_a_line_per_missing_feature_and_per_sweep() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().display().to_string();
    let only = "in_between,knight_attacks,rook_attacks";
    let output = common::command()
        .current_dir(root())
        .env("COLUMNS", COLUMNS.to_string())
        .args([
            "--quick",
            "--only",
            only,
            "--disable",
            "avx2",
            "--out",
            &out,
        ])
        .output()
        .expect("the binary runs");
    let text = common::text(&output);
    assert!(output.status.success(), "{text}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !text.contains("not measured: "),
        "one line per variant:\n{text}"
    );
    let missing: Vec<&str> = stdout
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with("not measured here: "))
        .collect();
    assert!(
        !missing.is_empty(),
        "--disable avx2 leaves variants out:\n{text}"
    );
    let features: Vec<&str> = missing
        .iter()
        .map(|l| {
            let (_, need) = l.split_once(" need").unwrap();
            need.trim_start_matches('s')
                .split_whitespace()
                .next()
                .unwrap()
        })
        .collect();
    let mut distinct = features.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), features.len(), "a feature twice:\n{text}");
    assert!(missing
        .iter()
        .all(|l| l.contains("bitbench list --unsupported")));
    let sweeps: Vec<&str> = stderr.lines().filter(|l| l.starts_with("sweep ")).collect();
    let of: usize = sweeps
        .first()
        .and_then(|l| l.split(" of ").nth(1))
        .and_then(|l| l.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no progress line:\n{stderr}"));
    assert!(
        sweeps.len() <= of,
        "more progress lines than sweeps:\n{stderr}"
    );
    let other: Vec<&str> = stderr
        .lines()
        .filter(|l| !l.starts_with("sweep ") && !l.starts_with("measured in "))
        .collect();
    assert!(other.is_empty(), "other lines on standard error:\n{stderr}");
    for line in text.lines() {
        assert!(
            line.chars().count() <= COLUMNS,
            "wider than {COLUMNS}: {line}"
        );
    }
}
