//! Exports of a record for the trackers people already use.
//!
//! - `bmf`: Bencher Metric Format, `{"<id>": {"latency": {"value", "lower_value",
//!   "upper_value"}}}`, with Bencher's built-in `latency` measure in nanoseconds: the median,
//!   and the first and third quartiles as bounds.
//! - `gab`: github-action-benchmark's `customSmallerIsBetter`, `[{"name", "unit", "value",
//!   "range"}]`: the median in ns/op and `± MAD` as the range.
//!
//! Ids are `family/variant/workload-mode[-E]`, the same as `cargo bench` ids, so a variant
//! keeps its name from criterion to Bencher to github-action-benchmark.

use crate::record::{Measurement, Record};
use crate::tools::compare::measurement_id;
use serde_json::{json, Map, Value};

fn id(m: &Measurement) -> String {
    measurement_id(&m.family, &m.variant, &m.workload, m.mode, m.eviction_bytes)
}

/// Bencher Metric Format.
pub fn bmf(record: &Record) -> Value {
    let mut metrics = Map::new();
    for m in &record.measurements {
        let s = m.ns_per_op;
        metrics.insert(
            id(m),
            json!({ "latency": { "value": s.median, "lower_value": s.p25, "upper_value": s.p75 } }),
        );
    }
    Value::Object(metrics)
}

/// github-action-benchmark, `customSmallerIsBetter`.
pub fn github_action_benchmark(record: &Record) -> Value {
    let entries = record
        .measurements
        .iter()
        .map(|m| {
            json!({
                "name": id(m),
                "unit": "ns/op",
                "value": m.ns_per_op.median,
                "range": format!("± {:.4}", m.ns_per_op.mad),
                "extra": format!("{} samples; {}", m.ns_per_op.samples, record.caption()),
            })
        })
        .collect();
    Value::Array(entries)
}
