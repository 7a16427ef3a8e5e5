//! The exports match the shapes the trackers document.
//!
//! - Bencher Metric Format: `{"<benchmark>": {"<measure>": {"value": n, "lower_value": n?,
//!   "upper_value": n?}}}`; bitbench uses the built-in `latency` measure (nanoseconds).
//! - github-action-benchmark `customSmallerIsBetter`: `[{"name": s, "unit": s, "value": n,
//!   "range": s?, "extra": s?}]`.

use crate::common;

use harness::tools::compare::measurement_id;
use harness::tools::export::{bmf, github_action_benchmark};
use serde_json::Value;

fn record() -> harness::record::Record {
    common::synthetic_record("Export Test CPU", "2026-11-22T10:00:00Z")
}

#[test]
fn bmf_has_one_latency_metric_per_measurement() {
    let record = record();
    let value = bmf(&record);
    let metrics = value
        .as_object()
        .expect("a JSON object keyed by benchmark name");
    assert_eq!(
        metrics.len(),
        record.measurements.len(),
        "one benchmark per measurement, names unique"
    );
    for m in &record.measurements {
        let id = measurement_id(&m.family, &m.variant, &m.workload, m.mode, m.eviction_bytes);
        let measures = metrics[&id].as_object().expect("measures of a benchmark");
        assert_eq!(measures.keys().collect::<Vec<_>>(), ["latency"], "{id}");
        let latency = measures["latency"].as_object().unwrap();
        let mut keys: Vec<&String> = latency.keys().collect();
        keys.sort();
        assert_eq!(keys, ["lower_value", "upper_value", "value"], "{id}");
        let number = |k: &str| latency[k].as_f64().expect("a number");
        assert_eq!(number("value"), m.ns_per_op.median);
        assert!(
            number("lower_value") <= number("value") && number("value") <= number("upper_value")
        );
    }
    assert!(metrics.contains_key("in_between/rectangular/uniform-throughput"));
    assert!(metrics.contains_key("knight_attacks/lookup/sets_0_10-cache_pressure-16MiB"));
}

#[test]
fn gab_is_a_list_of_smaller_is_better_entries() {
    let record = record();
    let value = github_action_benchmark(&record);
    let entries = value.as_array().expect("a JSON array");
    assert_eq!(entries.len(), record.measurements.len());
    for (entry, m) in entries.iter().zip(&record.measurements) {
        let object = entry.as_object().expect("an object per benchmark");
        for key in object.keys() {
            assert!(
                ["name", "unit", "value", "range", "extra"].contains(&key.as_str()),
                "unexpected key {key}"
            );
        }
        assert_eq!(
            object["name"],
            Value::from(measurement_id(
                &m.family,
                &m.variant,
                &m.workload,
                m.mode,
                m.eviction_bytes
            ))
        );
        assert_eq!(object["unit"], "ns/op");
        assert_eq!(object["value"].as_f64(), Some(m.ns_per_op.median));
        assert!(object["range"].as_str().unwrap().starts_with("± "));
        assert!(object["extra"].is_string());
    }
}
