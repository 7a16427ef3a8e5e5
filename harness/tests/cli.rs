//! The command line as a user meets it: bad input gets a clear message and a non-zero exit,
//! never a panic.

use std::process::{Command, Output};

fn bitbench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bitbench"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("the binary runs")
}

fn text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

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
        let expected = if name.ends_with("avx2") || other_arch {
            "not_runnable"
        } else {
            "agreed"
        };
        assert_eq!(variant["outcome"], expected, "{name}");
    }
}
