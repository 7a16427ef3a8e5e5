//! The record: one run's measurements and the machine they were taken on, as schema-versioned
//! JSON. Records are the single source of the tables and charts, which are computed from them.
//!
//! Records are written atomically: to a temporary file in the same folder, flushed, then linked
//! to its final name, which fails rather than replaces if that name exists. An interrupted run
//! leaves no partial record, and two runs never overwrite each other's.

use crate::clock::ClockEstimate;
use crate::machine::Machine;
use crate::measure::Samples;
use crate::stats::{geometric_mean, Summary};
use crate::workload::Mode;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The schema this build writes and reads. Bump it when a change would make an older reader
/// misread a record.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub schema_version: u32,
    pub tool: Tool,
    pub machine: Machine,
    pub run: Run,
    /// The clock estimate of this run; `None` where the architecture has no add ladder.
    pub clock: Option<ClockEstimate>,
    pub measurements: Vec<Measurement>,
    /// Per family, each variant's geometric mean of its ratios to the best, ranked.
    pub ranks: Vec<Rank>,
    /// Each SIMD variant against the best portable variant of its family, in throughput mode.
    pub simd_speedups: Vec<SimdSpeedup>,
}

/// A SIMD variant's speed relative to the best portable variant (peers included) of its
/// family, in one throughput workload: above 1 means the SIMD kernel is faster.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimdSpeedup {
    pub family: String,
    pub variant: String,
    pub workload: String,
    pub best_portable: String,
    /// The best portable median over this variant's median.
    pub speedup: f64,
}

/// What produced the record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tool {
    pub name: String,
    pub version: String,
    /// The source tree's commit (`-dirty` if it had uncommitted changes), when built from git.
    pub git_commit: Option<String>,
    pub rustc: String,
    pub target: String,
    pub profile: String,
    /// Target features compiled in (not detected at run time; see `machine.cpu.features`).
    pub target_features: Vec<String>,
}

impl Tool {
    pub fn this_build() -> Tool {
        let commit = env!("BITBENCH_GIT_COMMIT");
        Tool {
            name: "bitbench".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            git_commit: (!commit.is_empty()).then(|| commit.to_string()),
            rustc: env!("BITBENCH_RUSTC_VERSION").into(),
            target: env!("BITBENCH_TARGET").into(),
            profile: env!("BITBENCH_PROFILE").into(),
            target_features: compiled_features(),
        }
    }
}

fn compiled_features() -> Vec<String> {
    let mut features = Vec::new();
    macro_rules! check {
        ($($name:tt),*) => {$( if cfg!(target_feature = $name) { features.push($name.to_string()); } )*};
    }
    check!("sse2", "sse4.2", "popcnt", "avx", "avx2", "bmi1", "bmi2", "fma", "avx512f", "neon");
    features
}

/// How the run was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// When measuring started, UTC, RFC 3339.
    pub started_utc: String,
    pub duration_seconds: f64,
    /// The seed of every input.
    pub seed: u64,
    pub quick: bool,
    /// Features masked with `--disable`: a feature-masked record shows the ranking a CPU
    /// without them would see, on this CPU.
    pub disabled_features: Vec<String>,
    pub feature_masked: bool,
    /// The `--only` filter, empty for everything.
    pub only: Vec<String>,
}

/// One variant in one workload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measurement {
    pub family: String,
    pub variant: String,
    /// The input distribution.
    pub workload: String,
    pub mode: Mode,
    /// Bytes swept between blocks of queries (cache-pressure mode); 0 otherwise.
    pub eviction_bytes: u64,
    /// Nanoseconds per query over the samples.
    pub ns_per_op: Summary,
    /// `ns_per_op.median` times the estimated clock. An estimate.
    pub cycles_per_op_estimate: Option<f64>,
    /// Median over the family's best median in the same workload (1.00 = best). `None` for
    /// the floor.
    pub ratio_to_best: Option<f64>,
    /// Median over the floor's median in the same workload.
    pub floor_multiple: Option<f64>,
    pub table_bytes: usize,
    /// CPU features the variant needs; empty for portable variants.
    pub requires: Vec<String>,
    pub external: bool,
    /// The empty kernel.
    pub floor: bool,
    /// Measured below the floor by more than the noise ([`below_floor`]): the compiler
    /// probably deleted the work.
    pub suspect: bool,
}

/// A variant's standing in its family over all its workloads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rank {
    pub family: String,
    pub variant: String,
    /// 1 = best.
    pub rank: usize,
    /// Geometric mean of `ratio_to_best` over the family's workloads.
    pub geomean_ratio: f64,
    pub workloads: usize,
}

/// Turns raw samples into measurements: statistics, ratios to the best, floor multiples,
/// suspects, cycles; and ranks each family's variants.
pub fn analyze(
    samples: &[Samples],
    clock: Option<&ClockEstimate>,
) -> (Vec<Measurement>, Vec<Rank>) {
    let mut measurements: Vec<Measurement> = samples
        .iter()
        .filter_map(|s| {
            let summary = Summary::of(&s.ns_per_op)?;
            Some(Measurement {
                family: s.family.into(),
                variant: s.variant.into(),
                workload: s.workload.distribution.name.into(),
                mode: s.workload.mode,
                eviction_bytes: s.workload.eviction_bytes,
                ns_per_op: summary,
                cycles_per_op_estimate: clock.map(|c| summary.median * c.ghz),
                ratio_to_best: None,
                floor_multiple: None,
                table_bytes: s.table_bytes,
                requires: s.requires.iter().map(|r| r.to_string()).collect(),
                external: s.external,
                floor: s.floor,
                suspect: false,
            })
        })
        .collect();
    // Group by workload: (family, workload, mode, eviction).
    let mut groups: BTreeMap<(String, String, Mode, u64), Vec<usize>> = BTreeMap::new();
    for (i, m) in measurements.iter().enumerate() {
        groups
            .entry((
                m.family.clone(),
                m.workload.clone(),
                m.mode,
                m.eviction_bytes,
            ))
            .or_default()
            .push(i);
    }
    for indices in groups.values() {
        let floor_summary = indices
            .iter()
            .find(|&&i| measurements[i].floor)
            .map(|&i| measurements[i].ns_per_op);
        let floor = floor_summary.map(|f| f.median);
        let best = indices
            .iter()
            .filter(|&&i| !measurements[i].floor)
            .map(|&i| measurements[i].ns_per_op.median)
            .fold(f64::INFINITY, f64::min);
        for &i in indices {
            let m = &mut measurements[i];
            m.floor_multiple = floor.map(|f| m.ns_per_op.median / f);
            if !m.floor {
                m.ratio_to_best = Some(m.ns_per_op.median / best);
                m.suspect = floor_summary.is_some_and(|f| below_floor(&m.ns_per_op, &f));
            }
        }
    }
    let ranks = rank(&measurements);
    (measurements, ranks)
}

/// Each SIMD variant's speedup over the best portable variant, per throughput workload.
pub fn simd_speedups(measurements: &[Measurement]) -> Vec<SimdSpeedup> {
    let throughput = || {
        measurements
            .iter()
            .filter(|m| m.mode == Mode::Throughput && !m.floor)
    };
    throughput()
        .filter(|m| !m.requires.is_empty())
        .filter_map(|simd| {
            let best = throughput()
                .filter(|p| {
                    p.requires.is_empty() && p.family == simd.family && p.workload == simd.workload
                })
                .min_by(|a, b| a.ns_per_op.median.total_cmp(&b.ns_per_op.median))?;
            Some(SimdSpeedup {
                family: simd.family.clone(),
                variant: simd.variant.clone(),
                workload: simd.workload.clone(),
                best_portable: best.variant.clone(),
                speedup: best.ns_per_op.median / simd.ns_per_op.median,
            })
        })
        .collect()
}

/// Whether `variant` measured below the floor by more than the noise: its median plus its MAD
/// is under the floor's median minus the floor's MAD. Doing less than returning the input means
/// the compiler probably deleted the work.
pub fn below_floor(variant: &Summary, floor: &Summary) -> bool {
    variant.median + variant.mad < floor.median - floor.mad
}

/// Ranks each family's variants by the geometric mean of their ratios to the best.
pub fn rank(measurements: &[Measurement]) -> Vec<Rank> {
    let mut ratios: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for m in measurements.iter().filter(|m| !m.floor) {
        if let Some(ratio) = m.ratio_to_best {
            ratios
                .entry((m.family.clone(), m.variant.clone()))
                .or_default()
                .push(ratio);
        }
    }
    let mut ranks: Vec<Rank> = ratios
        .into_iter()
        .map(|((family, variant), r)| Rank {
            family,
            variant,
            rank: 0,
            geomean_ratio: geometric_mean(&r),
            workloads: r.len(),
        })
        .collect();
    ranks.sort_by(|a, b| {
        a.family
            .cmp(&b.family)
            .then(a.geomean_ratio.total_cmp(&b.geomean_ratio))
    });
    let mut previous_family = String::new();
    let mut position = 0;
    for r in &mut ranks {
        if r.family != previous_family {
            previous_family = r.family.clone();
            position = 0;
        }
        position += 1;
        r.rank = position;
    }
    ranks
}

/// Why a file is not a record this build can read.
#[derive(Debug)]
pub enum RecordError {
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Not JSON, or JSON cut short.
    NotJson {
        path: PathBuf,
        error: serde_json::Error,
    },
    /// JSON, but not a bitbench record.
    NotARecord { path: PathBuf, problem: String },
    /// A record from a newer bitbench.
    NewerSchema { path: PathBuf, found: u64 },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Io { path, error } => write!(f, "{}: cannot read: {error}", path.display()),
            RecordError::NotJson { path, error } => {
                let what = if error.is_eof() { "truncated JSON" } else { "malformed JSON" };
                write!(f, "{}: {what}: {error}", path.display())
            }
            RecordError::NotARecord { path, problem } => {
                write!(f, "{}: not a bitbench record: {problem}", path.display())
            }
            RecordError::NewerSchema { path, found } => write!(
                f,
                "{}: record schema version {found} is newer than this bitbench reads ({SCHEMA_VERSION}); update bitbench",
                path.display()
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// Reads and checks a record.
    pub fn load(path: &Path) -> Result<Record, RecordError> {
        let text = std::fs::read_to_string(path).map_err(|error| RecordError::Io {
            path: path.into(),
            error,
        })?;
        Record::parse(&text, path)
    }

    /// Parses and checks a record's text; `path` is only for messages.
    pub fn parse(text: &str, path: &Path) -> Result<Record, RecordError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|error| RecordError::NotJson {
                path: path.into(),
                error,
            })?;
        let not_a_record = |problem: String| RecordError::NotARecord {
            path: path.into(),
            problem,
        };
        let version = value
            .get("schema_version")
            .ok_or_else(|| not_a_record("no \"schema_version\" field".into()))?
            .as_u64()
            .ok_or_else(|| not_a_record("\"schema_version\" is not a whole number".into()))?;
        if version > SCHEMA_VERSION as u64 {
            return Err(RecordError::NewerSchema {
                path: path.into(),
                found: version,
            });
        }
        serde_json::from_value(value).map_err(|error| not_a_record(error.to_string()))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serializes") + "\n"
    }

    /// The measurements of one family.
    pub fn family<'a>(&'a self, family: &'a str) -> impl Iterator<Item = &'a Measurement> + 'a {
        self.measurements.iter().filter(move |m| m.family == family)
    }

    /// The measurement of one variant (or the floor) in one workload.
    pub fn find(
        &self,
        family: &str,
        variant: &str,
        workload: &str,
        mode: Mode,
        eviction: u64,
    ) -> Option<&Measurement> {
        self.measurements.iter().find(|m| {
            m.family == family
                && m.variant == variant
                && m.workload == workload
                && m.mode == mode
                && m.eviction_bytes == eviction
        })
    }

    /// The headline distribution of a family: the first one measured in throughput mode.
    pub fn headline(&self, family: &str) -> Option<String> {
        self.family(family)
            .find(|m| m.mode == Mode::Throughput)
            .map(|m| m.workload.clone())
    }

    /// The heaviest cache pressure a family was measured under.
    pub fn largest_eviction(&self, family: &str) -> Option<u64> {
        self.family(family)
            .filter(|m| m.mode == Mode::CachePressure)
            .map(|m| m.eviction_bytes)
            .max()
    }

    /// The families present, in first-seen order.
    pub fn families(&self) -> Vec<String> {
        let mut families: Vec<String> = Vec::new();
        for m in &self.measurements {
            if !families.contains(&m.family) {
                families.push(m.family.clone());
            }
        }
        families
    }

    /// A one-line description of the machine and run, for chart captions.
    pub fn caption(&self) -> String {
        let date = self
            .run
            .started_utc
            .get(..10)
            .unwrap_or(&self.run.started_utc);
        let masked = if self.run.feature_masked {
            format!(", masked: {}", self.run.disabled_features.join(","))
        } else {
            String::new()
        };
        format!(
            "{} ({}{masked}) · {date} · bitbench {}",
            self.machine.cpu.brand, self.machine.arch, self.tool.version
        )
    }
}

/// The UTC time now, as RFC 3339 (`2026-11-22T09:45:12Z`) and as a file-name stamp
/// (`20261122T094512Z`).
pub fn utc_now() -> (String, String) {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_from_unix(seconds)
}

/// Civil UTC date and time of a Unix time (Howard Hinnant's days-from-civil, inverted).
pub fn utc_from_unix(seconds: u64) -> (String, String) {
    let days = (seconds / 86_400) as i64;
    let (hour, minute, second) = (seconds % 86_400 / 3600, seconds % 3600 / 60, seconds % 60);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z"),
        format!("{year:04}{month:02}{day:02}T{hour:02}{minute:02}{second:02}Z"),
    )
}

/// Writes `bytes` to `path` atomically, never replacing an existing file: a temporary file in
/// the same folder is written and flushed, then hard-linked to `path` (which fails if `path`
/// exists) and removed. Returns `Ok(false)` if `path` already exists.
pub fn write_new_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<bool> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("record");
    let temporary = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        match std::fs::hard_link(&temporary, path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
            Err(_) if !path.exists() => {
                // A file system without hard links: fall back to a rename, which is atomic but
                // could replace a file created since the check; the name carries the pid.
                std::fs::rename(&temporary, path)?;
                Ok(true)
            }
            Err(e) => Err(e),
        }
    })();
    let _ = std::fs::remove_file(&temporary);
    result
}

/// Writes `bytes` under the first free name of `stem.json`, `stem-2.json`, `stem-3.json`, …
/// in `dir`, atomically; returns the path written.
pub fn write_record_file(dir: &Path, stem: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    for n in 1.. {
        let name = if n == 1 {
            format!("{stem}.json")
        } else {
            format!("{stem}-{n}.json")
        };
        let path = dir.join(name);
        if write_new_atomically(&path, bytes)? {
            return Ok(path);
        }
    }
    unreachable!("some name is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(utc_from_unix(0).0, "1970-01-01T00:00:00Z");
        assert_eq!(utc_from_unix(951_782_400).0, "2000-02-29T00:00:00Z");
        assert_eq!(utc_from_unix(1_795_339_512).1, "20261122T092512Z");
    }
}
