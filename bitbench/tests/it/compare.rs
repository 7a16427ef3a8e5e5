//! `compare` on recorded data: two back-to-back full runs of unchanged code on one machine
//! (committed under `results/`) compare as "no significant change", exit 0; the same pair with
//! one variant made 30% slower in every measurement is a regression naming it, exit 1.

use crate::common;

use common::{bitbench, text};
use std::path::Path;

/// Two full runs taken back to back on Intel family 6 model 167, unchanged code.
const OLD: &str = "results/intel-xeon-f6m167/20261123t122326z.json.gz";
const NEW: &str = "results/intel-xeon-f6m167/20261123t122426z.json.gz";

fn root(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
        .display()
        .to_string()
}

#[test]
fn back_to_back_runs_of_unchanged_code_show_no_significant_change() {
    let output = bitbench(&["compare", &root(OLD), &root(NEW)]);
    let out = text(&output);
    assert_eq!(output.status.code(), Some(0), "{out}");
    assert!(out.contains(" compared: 0 regressed"), "{out}");
}

#[test]
fn one_variant_slowed_everywhere_is_a_regression_named_as_such() {
    let record = harness::record::read_text(std::path::Path::new(&root(NEW))).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&record).unwrap();
    for m in value["measurements"].as_array_mut().unwrap() {
        if m["family"] == "rook_attacks" && m["variant"] == "magic" {
            let scale = |v: &mut serde_json::Value| *v = (v.as_f64().unwrap() * 1.3).into();
            let summary = m["ns_per_op"].as_object_mut().unwrap();
            for field in ["median", "min", "max", "p25", "p75", "mad"] {
                if let Some(v) = summary.get_mut(field) {
                    scale(v);
                }
            }
            for v in m["rounds"].as_array_mut().into_iter().flatten() {
                scale(v);
            }
            if let Some(interval) = m["median_interval"].as_object_mut() {
                for (_, v) in interval.iter_mut() {
                    if v.is_f64() {
                        scale(v);
                    }
                }
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slowed.json");
    std::fs::write(&path, serde_json::to_string(&value).unwrap()).unwrap();
    let output = bitbench(&["compare", &root(OLD), path.to_str().unwrap()]);
    let out = text(&output);
    assert_eq!(output.status.code(), Some(1), "{out}");
    // Rows are grouped under their family's name, each row `variant/workload ...`.
    let mut family = "";
    let mut regressed = Vec::new();
    for line in out.lines() {
        if !line.is_empty() && !line.starts_with(' ') {
            family = line.trim();
        } else if line.ends_with("REGRESSED") {
            regressed.push((family, line.trim()));
        }
    }
    assert!(!regressed.is_empty(), "{out}");
    assert!(
        regressed
            .iter()
            .all(|(family, row)| *family == "rook_attacks" && row.starts_with("magic/")),
        "{regressed:?}"
    );
}

/// Zen 4's first record (schema 1, one process) and a later one (schema 7, three forks, level
/// copies): `compare` refuses them, naming what differs, unless told `--across-methods`, and
/// then says so once, first.
#[test]
fn records_of_different_methods_are_compared_only_when_asked() {
    let first = root("results/amd-epyc-f25m17-zen-4/20261122t103157z.json.gz");
    let later = root("results/amd-epyc-f25m17-zen-4/20261203t163802z.json.gz");
    let refused = bitbench(&["compare", &first, &later]);
    let out = text(&refused);
    assert_eq!(refused.status.code(), Some(2), "{out}");
    assert!(
        out.contains("different methods (schema 1 against 7; one process against 3 forks; no level copies against level copies)")
            && out.contains("--across-methods"),
        "{out}"
    );
    let compared = bitbench(&["compare", &first, &later, "--across-methods"]);
    let out = text(&compared);
    assert!(
        out.starts_with("METHODS DIFFER: schema 1 against 7"),
        "{out}"
    );
    assert_eq!(out.matches("METHODS DIFFER").count(), 1, "{out}");
}
