//! The command line as a user meets it: bad input gets a clear message and a non-zero exit,
//! never a panic.

use crate::common;

use common::{bitbench, command, text};
use std::process::Output;

#[test]
fn bad_input_is_refused_clearly() {
    let cases: &[(&[&str], &str)] = &[
        (&["frobnicate"], "frobnicate"),
        (&["verify", "--frob"], "--frob"),
        (
            &["--disable", "avx512", "list"],
            "unknown CPU feature \"avx512\"",
        ),
        (&["--only", "bogus", "verify"], "names no family or variant"),
    ];
    for (args, needle) in cases {
        let output = bitbench(args);
        let text = text(&output);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(text.contains(needle), "{args:?}: {text}");
        assert!(!text.contains("panicked"), "{args:?} panicked: {text}");
    }
}

/// `bitbench --version` names the version, and the commit it was built from in a git checkout.
#[test]
fn version_names_the_version_and_the_commit() {
    let output = bitbench(&["--version"]);
    assert!(output.status.success());
    let line = String::from_utf8_lossy(&output.stdout);
    let expected = format!("bitbench {}", env!("CARGO_PKG_VERSION"));
    assert!(line.starts_with(&expected), "{line}");
    let head = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success());
    if let Some(head) = head {
        let head = String::from_utf8_lossy(&head.stdout);
        assert!(line.contains(&format!("(commit {}", &head[..12])), "{line}");
    }
}

#[test]
fn list_json_names_every_variant_with_its_footprint() {
    let output = bitbench(&["list", "--json"]);
    assert!(output.status.success());
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert!(rows.len() >= 17);
    let rectangular = rows.iter().find(|r| r["name"] == "rectangular").unwrap();
    assert_eq!(rectangular["table_bytes"], 32768);
    assert_eq!(rectangular["runs_here"], true);
}

#[test]
fn verify_disable_avx2_lists_the_avx2_variants_as_not_runnable() {
    let output = bitbench(&[
        "--disable",
        "avx2",
        "verify",
        "--json",
        "--only",
        "in_between",
    ]);
    assert!(output.status.success(), "{}", text(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["all_agree"], true);
    for variant in report["variants"].as_array().unwrap() {
        let name = variant["variant"].as_str().unwrap();
        let other_arch = name.contains("neon") && cfg!(target_arch = "x86_64");
        // AVX-512 implies AVX2, so masking AVX2 masks the AVX-512 variants too.
        let expected = if name.ends_with("avx2") || name.ends_with("avx512") || other_arch {
            "not_runnable"
        } else {
            "agreed"
        };
        assert_eq!(variant["outcome"], expected, "{name}");
    }
}

fn bitbench_in(dir: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = command();
    command
        .current_dir(dir)
        .args(args)
        .env("RUST_BACKTRACE", "1");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("the binary runs")
}

/// Every file under `dir`, relative, sorted.
fn tree(dir: &std::path::Path) -> Vec<String> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(
                    path.strip_prefix(dir)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned(),
                );
            }
        }
    }
    files.sort();
    files
}

#[test]
fn a_small_run_writes_a_record_and_charts_that_report_and_plot_can_read() {
    let dir = tempfile::tempdir().unwrap();
    let run = bitbench_in(
        dir.path(),
        &["--quick", "--only", "lookup", "--out", "out"],
        &[],
    );
    if let Some(how) = harness::base::machine::emulation() {
        // Under qemu (the aarch64 CI leg) timings mean nothing: the run must refuse.
        assert_eq!(run.status.code(), Some(2), "{how}: {}", text(&run));
        assert!(text(&run).contains("runs under emulation") && !dir.path().join("out").exists());
        return;
    }
    assert!(run.status.success(), "{}", text(&run));
    let out = text(&run);
    assert!(
        out.contains("verified:") && out.contains("knight_attacks: ranked"),
        "{out}"
    );
    let files = tree(dir.path());
    let records: Vec<&String> = files.iter().filter(|f| f.ends_with(".json.gz")).collect();
    assert_eq!(records.len(), 1, "{files:?}");
    assert!(
        files
            .iter()
            .any(|f| f.ends_with(harness::base::output::MANIFEST)),
        "the chart folder says what bitbench wrote: {files:?}"
    );
    assert!(
        files.iter().all(|f| !f.contains("tmp")),
        "no temporary left: {files:?}"
    );
    assert!(
        files
            .iter()
            .any(|f| f.ends_with("knight_attacks-cache-pressure.png")),
        "{files:?}"
    );
    let record = dir.path().join(records[0]);

    let report = bitbench_in(
        dir.path(),
        &["report", record.to_str().unwrap(), "--out", "again"],
        &[],
    );
    assert!(report.status.success(), "{}", text(&report));
    assert!(dir.path().join("again/knight_attacks-bars.svg").exists());

    // A JSON file that is not a record (like the gate's baseline) is skipped by plot.
    std::fs::write(dir.path().join("other.json"), "{\"kernels\": []}").unwrap();
    let plot = bitbench_in(
        dir.path(),
        &[
            "plot",
            record.to_str().unwrap(),
            record.to_str().unwrap(),
            "other.json",
            "--out",
            "cross",
        ],
        &[],
    );
    assert!(plot.status.success(), "{}", text(&plot));
    assert!(
        text(&plot).contains("warning: skipping other.json"),
        "{}",
        text(&plot)
    );
    assert!(dir
        .path()
        .join("cross/cross-cpu-knight_attacks.png")
        .exists());
}

#[test]
fn bad_records_are_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("truncated.json"),
        "{\"schema_version\": 1, \"tool\": {",
    )
    .unwrap();
    std::fs::write(dir.path().join("newer.json"), "{\"schema_version\": 99}").unwrap();
    std::fs::write(
        dir.path().join("other.json"),
        "{\"name\": \"not a record\"}",
    )
    .unwrap();
    let before = tree(dir.path());
    for (file, needle) in [
        ("truncated.json", "truncated.json: truncated JSON"),
        (
            "newer.json",
            "newer.json: record schema version 99 is newer",
        ),
        ("other.json", "other.json: not a bitbench record"),
        ("missing.json", "missing.json: cannot read"),
    ] {
        for command in [
            vec!["report", file],
            vec!["plot", "newer.json", file],
            vec!["report", file, "--out", "x"],
        ] {
            let output = bitbench_in(dir.path(), &command, &[]);
            let text = text(&output);
            assert_eq!(output.status.code(), Some(2), "{command:?}: {text}");
            assert!(
                text.contains("error:") && !text.contains("panicked"),
                "{command:?}: {text}"
            );
            if command[0] == "report" {
                assert!(text.contains(needle), "{command:?}: {text}");
            }
        }
    }
    assert_eq!(tree(dir.path()), before, "nothing written");
}

#[test]
fn no_record_is_written_under_emulation() {
    let dir = tempfile::tempdir().unwrap();
    let output = bitbench_in(
        dir.path(),
        &["--quick", "--out", "out"],
        &[("BITBENCH_ASSUME_EMULATED", "1")],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output).contains("runs under emulation"),
        "{}",
        text(&output)
    );
    assert!(!dir.path().join("out").exists());
    // Verification still works there.
    let verify = bitbench_in(
        dir.path(),
        &["verify", "--only", "in_between"],
        &[("BITBENCH_ASSUME_EMULATED", "1")],
    );
    assert!(verify.status.success());
}

#[test]
fn self_check_prints_the_fit() {
    let output = bitbench(&["run", "--self-check"]);
    let text = text(&output);
    if harness::measure::clock::SUPPORTED {
        assert!(
            text.contains("fit: ns =") && text.contains("R² ="),
            "{text}"
        );
    } else {
        assert_eq!(output.status.code(), Some(2), "{text}");
    }
}

#[test]
fn positions_stats_profile_the_corpus() {
    let output = bitbench(&["positions", "--stats"]);
    assert!(output.status.success(), "{}", text(&output));
    let out = text(&output);
    for needle in [
        "positions",
        "in check",
        "with a pinned piece",
        "pieces on the board",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
}

/// A slider wrong on one square inside the search (the test-only switch of
/// `strategies::search::family::planted`) fails `verify` by the configuration's name, with the
/// bench position and the node where the two trees part.
#[test]
fn verify_names_a_search_configuration_whose_tree_differs() {
    use strategies::search::family::planted;
    let variant = format!("search/{}", planted::VARIANT);
    let mut command = command();
    command
        .args(["verify", "--only", &variant])
        .env(planted::VARIABLE, "1");
    let output = command.output().expect("the binary runs");
    let shown = text(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    let mismatch = format!("MISMATCH  {}", planted::VARIANT);
    for needle in [
        mismatch.as_str(),
        "(bench position ",
        "the trees part at node ",
        "principal variation, default: ",
        "TEST ONLY",
    ] {
        assert!(shown.contains(needle), "no {needle:?} in:\n{shown}");
    }
    // Without the switch, the same configuration agrees.
    let output = bitbench(&["verify", "--only", &variant]);
    assert!(output.status.success(), "{}", text(&output));
}
