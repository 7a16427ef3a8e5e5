//! Hostile inputs, driven through the binary as a user (or a script gone wrong) would: damaged
//! and impossible records, records that are folders, pipes, devices or unreadable, names that
//! could escape a folder, output folders that hold someone else's files, that are files, read
//! only, under `/proc`, or that fill up. For every one: a non-zero exit, a message naming the
//! problem, no panic, and not one byte changed anywhere in the case's folder, which holds a
//! sentinel folder (a record with its charts, a baseline, a user's notes, nested files). The
//! whole folder is compared, so anything written where it should not be is caught too.
//!
//! The cases grouped by class of failure (`hostile/failure_classes.rs`, from the second audit) add,
//! by class: outputs that would land on a user's file in a folder bitbench wrote, a failed write
//! probe, two runs into one folder at once; `compare` against a family-wide slowdown, one slower
//! variant, a uniform shift and identical records; options a command shows but cannot honour;
//! impossible start times, records given twice, what `repeatability` must refuse, a record over the
//! size limit; a standard output that is closed or full; a perft count too long to start; SIGTERM,
//! SIGHUP and SIGINT. `hostile/options.rs` walks every option of every command's `--help`.
//!
//! Then the same commands with good inputs succeed and change nothing outside their `--out`,
//! so the hostile cases cannot pass by everything failing.
//!
//! A NUL cannot be passed on a command line or in a path (the operating system ends the string
//! there), so names with NUL are tried where they can occur: inside a record.
//!
//! Cases that need something this machine may not offer (a tmpfs mount, a user that
//! permissions stop, a run that measures) are skipped with a printed note; at least 40 run
//! everywhere, under qemu too (`BITBENCH_TEST_RUNNER`). The walk over the options, the same on
//! every architecture, is left out under an emulator, where its hundred invocations would take
//! minutes.

use crate::common;
#[path = "hostile/failure_classes.rs"]
mod failure_classes;
#[path = "hostile/options.rs"]
mod options;

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Where the sentinel record lies, under the case's working folder.
const SENTINEL_STEM: &str = "20261122t100000z-quick";
/// The longest a case may take before it counts as hung.
const TIME_LIMIT: Duration = Duration::from_secs(60);

// ---------------------------------------------------------------------------------------------
// The records every case starts from

/// A good record and variants of it, as JSON text.
struct Records {
    /// Quick, on this machine's CPU (as detected), with every family.
    good: Value,
    slug: String,
    /// `good` and its full-run twin as text, written once: every case's folder holds both.
    good_text: String,
    full_text: String,
}

impl Records {
    fn new() -> Records {
        let record = common::synthetic_record("Test CPU", "2026-11-22T10:00:00Z");
        let good: Value = serde_json::from_str(&record.to_json()).unwrap();
        let mut full = good.clone();
        full["run"]["quick"] = json!(false);
        Records {
            good_text: Records::text(&good),
            full_text: Records::text(&full),
            good,
            slug: record.machine.cpu.slug(),
        }
    }

    fn text(value: &Value) -> String {
        serde_json::to_string_pretty(value).unwrap() + "\n"
    }

    fn good(&self) -> String {
        self.good_text.clone()
    }

    /// The good record changed by `change`.
    fn with(&self, change: impl FnOnce(&mut Value)) -> String {
        let mut value = self.good.clone();
        change(&mut value);
        Records::text(&value)
    }

    /// The same record from a full (not `--quick`) run.
    fn full(&self) -> String {
        self.full_text.clone()
    }

    /// The same record from another CPU.
    fn other_cpu(&self) -> String {
        self.with(|r| {
            r["machine"]["cpu"]["vendor"] = json!("OtherVendor");
            r["machine"]["cpu"]["brand"] = json!("Other CPU");
        })
    }

    /// A plausible clock estimate with `ghz`.
    fn with_clock(&self, ghz: f64) -> String {
        self.with(|r| {
            r["clock"] = json!({
                "ghz": ghz,
                "fit": {"slope": 0.3, "intercept": 0.1, "r_squared": 0.999},
                "ladder": [],
                "os_reported_mhz": null
            })
        })
    }

    fn sentinel_record(&self) -> String {
        format!("sentinel/results/{}/{SENTINEL_STEM}.json", self.slug)
    }
}

/// The second measurement (a real variant, not the floor).
fn second(record: &mut Value) -> &mut Value {
    &mut record["measurements"][1]
}

// ---------------------------------------------------------------------------------------------
// Cases

/// Something a case puts in its working folder before running.
#[derive(Clone)]
enum Entry {
    Text(String),
    Bytes(Vec<u8>),
    Folder,
    /// A named pipe: opening it for reading waits for a writer that never comes.
    Fifo,
    Link(PathBuf),
    /// A file no one but a privileged user can read (mode 000).
    Locked(String),
    /// A folder no one but a privileged user can write into (mode 555).
    ReadOnlyFolder,
    /// A sparse file of this many bytes.
    Sparse(u64),
    /// A 64 KiB tmpfs mounted here.
    Tmpfs,
}

/// What a case needs from this machine.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Needs {
    /// Permissions that stop this user (not root).
    Unprivileged,
    /// `mount -t tmpfs` works here.
    Tmpfs,
    /// A run that measures: not under emulation.
    Measuring,
    /// Linux's `/proc`.
    Linux,
}

/// Where a case's standard output goes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stdout {
    /// A pipe the test reads.
    Read,
    /// A pipe whose reading end is closed before the command starts (`| head -1`, at once).
    Closed,
    /// `/dev/full`: every write fails with `ENOSPC`.
    Full,
}

#[derive(Clone)]
struct Case {
    what: String,
    files: Vec<(String, Entry)>,
    args: Vec<String>,
    /// Run under `ulimit -f N` (blocks of 512 bytes): writes past that fail.
    file_size_limit: Option<u32>,
    code: i32,
    needle: String,
    /// More text the output must hold, and text it must not.
    also: Vec<String>,
    lacks: Vec<String>,
    /// Files (relative to the working folder) that must hold, or lack, a text afterwards.
    file_texts: Vec<(String, String, bool)>,
    /// A `run` that would measure: under emulation it is refused for that first.
    measures: bool,
    needs: Option<Needs>,
    /// Where the command may write (positive cases); nothing else may change.
    outputs: Vec<String>,
    /// Under `outputs`, only new files may appear: nothing there before may change.
    adds_only: bool,
    stdout: Stdout,
    /// A signal sent once the output holds the text.
    signal: Option<(i32, String)>,
}

/// A hostile case: `args` must exit with 2 and a message containing `needle`.
fn case(what: &str, args: &[&str], needle: &str) -> Case {
    Case {
        what: what.to_string(),
        files: Vec::new(),
        args: args.iter().map(|s| s.to_string()).collect(),
        file_size_limit: None,
        code: 2,
        needle: needle.to_string(),
        also: Vec::new(),
        lacks: Vec::new(),
        file_texts: Vec::new(),
        measures: false,
        needs: None,
        outputs: Vec::new(),
        adds_only: false,
        stdout: Stdout::Read,
        signal: None,
    }
}

impl Case {
    fn with(mut self, path: &str, entry: Entry) -> Case {
        self.files.push((path.to_string(), entry));
        self
    }

    fn text(self, path: &str, text: String) -> Case {
        self.with(path, Entry::Text(text))
    }

    /// A `run`: under emulation it is refused before anything else.
    fn measuring(mut self) -> Case {
        self.measures = true;
        self
    }

    fn needs(mut self, needs: Needs) -> Case {
        self.needs = Some(needs);
        self
    }

    /// Under `ulimit -f 8`: writes past 4 KiB fail.
    fn limited(self) -> Case {
        self.limited_to(8)
    }

    fn limited_to(mut self, blocks: u32) -> Case {
        self.file_size_limit = Some(blocks);
        self
    }

    /// A positive case: exits 0 and may write under `outputs` only.
    fn succeeds(mut self, outputs: &[&str]) -> Case {
        self.code = 0;
        self.outputs = outputs.iter().map(|s| s.to_string()).collect();
        self
    }

    /// Exits with `code`.
    fn exits(mut self, code: i32) -> Case {
        self.code = code;
        self
    }

    /// The output must also hold `text`.
    fn and(mut self, text: &str) -> Case {
        self.also.push(text.to_string());
        self
    }

    /// The output must not hold `text`.
    fn lacking(mut self, text: &str) -> Case {
        self.lacks.push(text.to_string());
        self
    }

    /// Afterwards, `path` must hold `text` (`present`) or must not.
    fn file_text(mut self, path: &str, text: &str, present: bool) -> Case {
        self.file_texts
            .push((path.to_string(), text.to_string(), present));
        self
    }

    /// Under its outputs, the command may only add files.
    fn adding_only(mut self) -> Case {
        self.adds_only = true;
        self
    }

    fn stdout(mut self, stdout: Stdout) -> Case {
        self.stdout = stdout;
        self
    }

    /// Sends `signal` once the output holds `when`.
    fn signalled(mut self, signal: i32, when: &str) -> Case {
        self.signal = Some((signal, when.to_string()));
        self
    }
}

/// `report BAD.json --out out` for a record changed by `change`.
fn bad_record(
    records: &Records,
    what: &str,
    change: impl FnOnce(&mut Value),
    needle: &str,
) -> Case {
    case(what, &["report", "bad.json", "--out", "out"], needle)
        .text("bad.json", records.with(change))
}

/// Records whose values cannot be true, whose names could escape, or that are not records.
fn record_cases(records: &Records) -> Vec<Case> {
    let long = "v".repeat(300);
    let mut cases = vec![
        bad_record(
            records,
            "family \"../../x\"",
            |r| second(r)["family"] = json!("../../x"),
            "family \"../../x\" cannot be used in a file name",
        ),
        bad_record(
            records,
            "variant with '/'",
            |r| second(r)["variant"] = json!("a/b"),
            "variant \"a/b\" cannot be used in a file name",
        ),
        bad_record(
            records,
            "workload \"..\"",
            |r| second(r)["workload"] = json!(".."),
            "workload \"..\" cannot be used in a file name",
        ),
        bad_record(
            records,
            "workload with \"..\" inside",
            |r| second(r)["workload"] = json!("a..b"),
            "workload \"a..b\" cannot be used in a file name: it contains \"..\"",
        ),
        bad_record(
            records,
            "variant with NUL",
            |r| second(r)["variant"] = json!("x\u{0}y"),
            "measurements[1].variant: \"x\\0y\" holds a control character (U+0000)",
        ),
        bad_record(
            records,
            "variant with newline",
            |r| second(r)["variant"] = json!("x\ny"),
            "measurements[1].variant: \"x\\ny\" holds a control character (U+000A)",
        ),
        bad_record(
            records,
            "variant of 300 characters",
            move |r| second(r)["variant"] = json!(long),
            "longer than 120 characters",
        ),
        bad_record(
            records,
            "family in capitals",
            |r| second(r)["family"] = json!("InBetween"),
            "only a-z, 0-9",
        ),
        bad_record(
            records,
            "CPU brand of 300 characters (slug too long)",
            |r| r["machine"]["cpu"]["brand"] = json!("a".repeat(300)),
            "cpu slug \"aaaa",
        ),
        bad_record(
            records,
            "rank with family \"../x\"",
            |r| r["ranks"][0]["family"] = json!("../x"),
            "ranks[0].family",
        ),
        bad_record(
            records,
            "negative median",
            |r| second(r)["ns_per_op"]["median"] = json!(-1.0),
            "ns_per_op.median: -1 ns: a time per query must be positive",
        ),
        bad_record(
            records,
            "zero median",
            |r| second(r)["ns_per_op"]["median"] = json!(0.0),
            "ns_per_op.median: 0 ns: a time per query must be positive",
        ),
        bad_record(
            records,
            "median 1e308",
            |r| second(r)["ns_per_op"]["median"] = json!(1e308),
            "ns_per_op.median: 1e308 ns is beyond any real measurement",
        ),
        bad_record(
            records,
            "median \"NaN\" (a string: JSON has no NaN)",
            |r| second(r)["ns_per_op"]["median"] = json!("NaN"),
            "invalid type: string \"NaN\", expected f64",
        ),
        bad_record(
            records,
            "median null",
            |r| second(r)["ns_per_op"]["median"] = json!(null),
            "invalid type: null, expected f64",
        ),
        bad_record(
            records,
            "quartiles out of order",
            |r| {
                let median = second(r)["ns_per_op"]["median"].as_f64().unwrap();
                second(r)["ns_per_op"]["p25"] = json!(median * 1.05);
            },
            "does not hold",
        ),
        bad_record(
            records,
            "rounds that disagree with their summary",
            |r| second(r)["rounds"][0] = json!(1000.0),
            "rounds: the rounds' ",
        ),
        bad_record(
            records,
            "fewer rounds than samples",
            |r| {
                second(r)["rounds"].as_array_mut().unwrap().pop();
            },
            "3 rounds but ns_per_op.samples is 4",
        ),
        bad_record(
            records,
            "zero samples",
            |r| {
                second(r)["ns_per_op"]["samples"] = json!(0);
                second(r)["rounds"] = json!([]);
            },
            "at least one sample is needed",
        ),
        bad_record(
            records,
            "a negative round",
            |r| second(r)["rounds"][1] = json!(-3.0),
            "rounds[1]: -3 ns",
        ),
        bad_record(
            records,
            "median interval low above high",
            |r| second(r)["median_interval"] = json!({"median": 1.0, "low": 2.0, "high": 0.5}),
            "median_interval: low 2 ≤ median 1 ≤ high 0.5 does not hold",
        ),
        bad_record(
            records,
            "negative geometric mean in a rank",
            |r| r["ranks"][0]["geomean_ratio"] = json!(-1.0),
            "ranks[0].geomean_ratio",
        ),
        bad_record(
            records,
            "an A/A pair's family-wise level above 1",
            |r| {
                let ratio = json!({"median": 1.0, "low": 0.98, "high": 1.02});
                r["controls"] = json!([{
                    "family": "knight_attacks",
                    "spread": 1.02,
                    "pairs": [{
                        "variant": "lookup-aa",
                        "same_code_as": "lookup",
                        "twin": true,
                        "ratio": ratio,
                        "tied": true,
                        "family_wise": {"level": 99.8, "pairs": 21, "ratio": ratio},
                        "widest_workload": "sets_0_10/throughput",
                        "widest": ratio,
                        "workloads": 1
                    }]
                }]);
            },
            "controls[0].pairs[0].family_wise.level: 99.8 is not a probability between 0 and 1",
        ),
        bad_record(
            records,
            "duplicate measurement",
            |r| {
                let copy = second(r).clone();
                r["measurements"].as_array_mut().unwrap().push(copy);
            },
            "this measurement appears twice",
        ),
        bad_record(
            records,
            "no measurements",
            |r| r["measurements"] = json!([]),
            "the record has no measurements",
        ),
        bad_record(
            records,
            "schema_version 0",
            |r| r["schema_version"] = json!(0),
            "schema_version 0 was never written by bitbench",
        ),
        bad_record(
            records,
            "schema_version 99",
            |r| r["schema_version"] = json!(99),
            "record schema version 99 is newer than this bitbench reads",
        ),
        bad_record(
            records,
            "schema_version \"2\" (a string)",
            |r| r["schema_version"] = json!("2"),
            "\"schema_version\" is not a whole number",
        ),
        bad_record(
            records,
            "another tool's name",
            |r| r["tool"]["name"] = json!("otherbench"),
            "tool.name: \"otherbench\" is not bitbench",
        ),
        bad_record(
            records,
            "an unknown field",
            |r| r["extra"] = json!(1),
            "unknown field `extra`",
        ),
        bad_record(
            records,
            "an unknown mode",
            |r| second(r)["mode"] = json!("turbo"),
            "unknown variant `turbo`",
        ),
        bad_record(
            records,
            "empty machine.arch",
            |r| r["machine"]["arch"] = json!(""),
            "machine.arch: empty",
        ),
        bad_record(
            records,
            "negative duration",
            |r| r["run"]["duration_seconds"] = json!(-1.0),
            "run.duration_seconds",
        ),
        bad_record(
            records,
            "negative simulated cache misses",
            |r| {
                second(r)["cache_sim"] =
                    json!({"instructions": 10.0, "l1d_misses": -1.0, "ll_misses": 0.0})
            },
            "cache_sim.l1d_misses: -1 is not a finite count",
        ),
    ];
    for (ghz, needle) in [
        (0.0, "clock.ghz: 0 GHz is outside 0.1 to 10 GHz"),
        (-2.5, "clock.ghz: -2.5 GHz is outside"),
        (5000.0, "clock.ghz: 5000 GHz is outside"),
    ] {
        cases.push(
            case(
                &format!("clock of {ghz} GHz"),
                &["report", "bad.json", "--out", "out"],
                needle,
            )
            .text("bad.json", records.with_clock(ghz)),
        );
    }
    // 1e999 is valid JSON syntax but no f64: written as text, since serde_json cannot.
    let infinite = records
        .with(|r| second(r)["ns_per_op"]["median"] = json!(123456789.25))
        .replace("123456789.25", "1e999");
    cases.extend([
        case(
            "median 1e999 (infinite)",
            &["report", "bad.json", "--out", "out"],
            "bad.json: malformed JSON: number out of range",
        )
        .text("bad.json", infinite),
        case(
            "truncated JSON",
            &["report", "bad.json", "--out", "out"],
            "bad.json: truncated JSON",
        )
        .text("bad.json", records.good()[..5000].to_string()),
        case(
            "empty file",
            &["report", "bad.json", "--out", "out"],
            "bad.json: truncated JSON",
        )
        .text("bad.json", String::new()),
        case(
            "a JSON array, not an object",
            &["report", "bad.json", "--out", "out"],
            "bad.json: not a bitbench record: no \"schema_version\" field",
        )
        .text("bad.json", "[]".into()),
        case(
            "bytes that are not UTF-8",
            &["report", "bad.json", "--out", "out"],
            "bad.json: cannot read",
        )
        .with("bad.json", Entry::Bytes(vec![0xff, 0xfe, b'{', 0x80])),
        case(
            "the gate's baseline given as a record",
            &[
                "report",
                "sentinel/results/baseline/gate.json",
                "--out",
                "out",
            ],
            "gate.json: not a bitbench record",
        ),
    ]);
    cases
}

/// Record paths that are not readable files.
fn unreadable_cases(records: &Records) -> Vec<Case> {
    vec![
        case(
            "record that is a folder",
            &["report", "folder.json", "--out", "out"],
            "folder.json: not a record file: it is a folder",
        )
        .with("folder.json", Entry::Folder),
        case(
            "record that is a named pipe (FIFO)",
            &["report", "pipe.json", "--out", "out"],
            "pipe.json: not a record file: it is a named pipe, a device or a socket",
        )
        .with("pipe.json", Entry::Fifo),
        case(
            "record that is a link to /dev/zero",
            &["report", "zero.json", "--out", "out"],
            "zero.json: not a record file: it is a named pipe, a device or a socket",
        )
        .with("zero.json", Entry::Link("/dev/zero".into())),
        case(
            "record that is /proc/self/mem (unreadable even to root)",
            &["report", "mem.json", "--out", "out"],
            "mem.json: cannot read",
        )
        .with("mem.json", Entry::Link("/proc/self/mem".into()))
        .needs(Needs::Linux),
        case(
            "record with mode 000",
            &["report", "locked.json", "--out", "out"],
            "locked.json: cannot read: Permission denied",
        )
        .with("locked.json", Entry::Locked(records.good()))
        .needs(Needs::Unprivileged),
        case(
            "record of 1 TiB (sparse)",
            &["report", "huge.json", "--out", "out"],
            "huge.json: not a record file: it holds 1099511627776 bytes, more than any record",
        )
        .with("huge.json", Entry::Sparse(1 << 40)),
        case(
            "record that does not exist",
            &["report", "missing.json", "--out", "out"],
            "missing.json: cannot read: No such file or directory",
        ),
        case(
            "record that is a dangling link",
            &["report", "dangling.json", "--out", "out"],
            "dangling.json: cannot read",
        )
        .with("dangling.json", Entry::Link("nowhere/at/all.json".into())),
        case(
            "one good record and one bad: nothing is written",
            &["report", "good.json", "bad.json", "--out", "out"],
            "bad.json: truncated JSON",
        )
        .text("bad.json", "{\"schema_version\": 2, ".into()),
    ]
}

/// Record file names that cannot name the folder beside them.
fn file_name_cases(records: &Records) -> Vec<Case> {
    let long = format!("{}.json", "r".repeat(200));
    let too_long = format!("{}.json", "r".repeat(300));
    vec![
        case(
            "record named \"...json\" (stem \"..\")",
            &["report", "...json"],
            "record file name \"..\" cannot be used in a file name",
        )
        .text("...json", records.good()),
        case(
            "record named \".json\" (hidden stem)",
            &["report", ".json"],
            "record file name \".json\" cannot be used in a file name",
        )
        .text(".json", records.good()),
        case(
            "record file name with a newline",
            &["report", "a\nb.json"],
            "record file name \"a\\nb\" cannot be used in a file name",
        )
        .text("a\nb.json", records.good()),
        case(
            "record file name of 200 characters",
            &["report", &long],
            "longer than 120 characters",
        )
        .text(&long, records.good()),
        case(
            "record path of 300 characters (too long for the file system)",
            &["report", &too_long, "--out", "out"],
            "cannot read: File name too long",
        ),
        case(
            "record path \"../x.json\" (outside the working folder, missing)",
            &["report", "../x.json", "--out", "out"],
            "../x.json: cannot read",
        ),
        case(
            "two records with the same file name into one --out",
            &["report", "a/r.json", "b/r.json", "--out", "out"],
            "a/r.json and b/r.json would both be drawn into out/r",
        )
        .text("a/r.json", records.good())
        .text("b/r.json", records.other_cpu()),
    ]
}

/// Output folders that must be refused before anything is written.
fn output_cases(records: &Records) -> Vec<Case> {
    let sentinel_record = records.sentinel_record();
    let cpu_folder = format!("sentinel/results/{}", records.slug);
    let manifest = |files: &str| format!("{{\"written_by\": \"bitbench\", \"files\": [{files}]}}");
    vec![
        case(
            "report --out a folder of the user's files",
            &["report", "good.json", "--out", "sentinel/notes"],
            "holds files bitbench did not write (user.txt)",
        ),
        case(
            "report --out the results folder",
            &["report", "good.json", "--out", "sentinel/results"],
            "holds files bitbench did not write (",
        ),
        case(
            "report --out a CPU folder of records",
            &["report", "good.json", "--out", &cpu_folder],
            "holds files bitbench did not write (",
        ),
        case(
            "report --out the working folder (.)",
            &["report", "good.json", "--out", "."],
            "holds files bitbench did not write (",
        ),
        case(
            "report --out a regular file",
            &["report", "good.json", "--out", "sentinel/notes/user.txt"],
            "is a file, not a folder",
        ),
        case(
            "report --out the record itself",
            &["report", &sentinel_record, "--out", &sentinel_record],
            "is a file, not a folder",
        ),
        case(
            "report --out a folder under a file",
            &[
                "report",
                "good.json",
                "--out",
                "sentinel/notes/user.txt/charts",
            ],
            "is not writable: Not a directory",
        ),
        case(
            "report --out under /proc",
            &["report", "good.json", "--out", "/proc/bitbench/out"],
            "--out /proc/bitbench/out is not writable",
        )
        .needs(Needs::Linux),
        case(
            "report --out a link to the user's folder",
            &["report", "good.json", "--out", "link"],
            "holds files bitbench did not write (user.txt)",
        )
        .with("link", Entry::Link("sentinel/notes".into())),
        case(
            "report --out a link to itself",
            &["report", "good.json", "--out", "loop"],
            "--out loop is not writable",
        )
        .with("loop", Entry::Link("loop".into())),
        case(
            "report --out a read-only folder",
            &["report", "good.json", "--out", "readonly"],
            "--out readonly is not writable: Permission denied",
        )
        .with("readonly", Entry::ReadOnlyFolder)
        .needs(Needs::Unprivileged),
        case(
            "report beside a record whose chart folder name is a file",
            &["report", "r.json"],
            "r (the folder for the charts of r.json) is a file, not a folder",
        )
        .text("r.json", records.good())
        .text("r", "mine\n".into()),
        case(
            "report beside a record whose chart folder holds the user's files",
            &["report", "r.json"],
            "r (the folder for the charts of r.json) holds files bitbench did not write (mine.txt)",
        )
        .text("r.json", records.good())
        .text("r/mine.txt", "mine\n".into()),
        case(
            "--out with a manifest that lists \"../x\"",
            &["report", "good.json", "--out", "out"],
            "the manifest lists \"../x\", outside the folder",
        )
        .text("out/.bitbench-manifest.json", manifest("\"../x\"")),
        case(
            "--out with a manifest that lists \"/etc/passwd\"",
            &["report", "good.json", "--out", "out"],
            "outside the folder",
        )
        .text("out/.bitbench-manifest.json", manifest("\"/etc/passwd\"")),
        case(
            "--out with a manifest that is not one",
            &["report", "good.json", "--out", "out"],
            "is not a bitbench manifest",
        )
        .text("out/.bitbench-manifest.json", "{\"files\": 3}".into()),
        case(
            "--out a bitbench folder holding a link to the user's folder",
            &["report", "good.json", "other.json", "--out", "out"],
            "out/good is a symbolic link; bitbench writes and removes files only in folders",
        )
        .text("other.json", records.other_cpu())
        .text("out/.bitbench-manifest.json", manifest(""))
        .with("out/good", Entry::Link("../sentinel/notes".into())),
        case(
            "--out whose manifest lists a file behind a link to the user's folder",
            &["report", "good.json", "--out", "out"],
            "out/notes is a symbolic link; bitbench writes and removes files only in folders",
        )
        .text(
            "out/.bitbench-manifest.json",
            manifest("\"notes/user.txt\""),
        )
        .with("out/notes", Entry::Link("../sentinel/notes".into())),
        case(
            "report stopped by a file-size limit (ulimit -f)",
            &["report", "good.json", "--out", "out"],
            "File too large",
        )
        .limited(),
        case(
            "report onto a full disk (64 KiB tmpfs)",
            &["report", "good.json", "--out", "full/out"],
            "No space left on device",
        )
        .with("full", Entry::Tmpfs)
        .needs(Needs::Tmpfs),
        case(
            "plot --out a folder of the user's files",
            &["plot", "good.json", "--out", "sentinel/notes"],
            "holds files bitbench did not write (user.txt)",
        ),
        case(
            "plot --out a record file",
            &["plot", "good.json", "--out", &sentinel_record],
            "is a file, not a folder",
        ),
        case(
            "plot with only the gate's baseline",
            &[
                "plot",
                "sentinel/results/baseline/gate.json",
                "--out",
                "cross",
            ],
            "none of the 1 files given is a bitbench record",
        ),
        case(
            "plot with an invalid record",
            &["plot", "good.json", "bad.json", "--out", "cross"],
            "family \"../../x\" cannot be used in a file name",
        )
        .text(
            "bad.json",
            records.with(|r| second(r)["family"] = json!("../../x")),
        ),
        case(
            "plot onto a full disk (64 KiB tmpfs)",
            &["plot", "good.json", "other.json", "--out", "full/cross"],
            "No space left on device",
        )
        .text("other.json", records.other_cpu())
        .with("full", Entry::Tmpfs)
        .needs(Needs::Tmpfs),
        case(
            "site --out a folder holding a baseline",
            &[
                "site",
                "--results",
                "sentinel/results",
                "--out",
                "sentinel/results/baseline",
            ],
            "holds files bitbench did not write (gate.json)",
        ),
        case(
            "site --out the results folder itself",
            &[
                "site",
                "--results",
                "sentinel/results",
                "--out",
                "sentinel/results",
            ],
            "holds files bitbench did not write (",
        ),
        case(
            "site --out a record file",
            &[
                "site",
                "--results",
                "sentinel/results",
                "--out",
                &sentinel_record,
            ],
            "is a file, not a folder",
        ),
        case(
            "site --out under /proc",
            &[
                "site",
                "--results",
                "sentinel/results",
                "--out",
                "/proc/bitbench/site",
            ],
            "is not writable",
        )
        .needs(Needs::Linux),
        case(
            "site with no results folder",
            &["site", "--results", "missing", "--out", "site"],
            "missing",
        ),
        case(
            "site whose results are a file",
            &[
                "site",
                "--results",
                "sentinel/notes/user.txt",
                "--out",
                "site",
            ],
            "user.txt",
        ),
        case(
            "site whose only record is invalid",
            &["site", "--results", "results", "--out", "site"],
            "no records in results",
        )
        .text(
            &format!("results/{}/bad.json", records.slug),
            records.with(|r| second(r)["family"] = json!("../../x")),
        ),
        case(
            "site onto a full disk (64 KiB tmpfs)",
            &[
                "site",
                "--results",
                "sentinel/results",
                "--out",
                "full/site",
            ],
            "No space left on device",
        )
        .with("full", Entry::Tmpfs)
        .needs(Needs::Tmpfs),
    ]
}

/// `compare` and `repeatability` with records that cannot be compared.
fn compare_cases(records: &Records) -> Vec<Case> {
    let disjoint = records.with(|r| {
        for m in r["measurements"].as_array_mut().unwrap() {
            let workload = m["workload"].as_str().unwrap().to_string();
            m["workload"] = json!(format!("{workload}-elsewhere"));
        }
    });
    vec![
        case(
            "compare with a CPU brand holding a terminal escape sequence",
            &["compare", "good.json", "evil.json", "--cross-cpu"],
            "evil.json: invalid record: machine.cpu.brand: \"Evil\\u{1b}[2J CPU\" holds a \
             control character (U+001B)",
        )
        .text(
            "evil.json",
            records.with(|r| r["machine"]["cpu"]["brand"] = json!("Evil\u{1b}[2J CPU")),
        ),
        case(
            "compare with NEW holding no measurements",
            &["compare", "good.json", "empty.json"],
            "empty.json: invalid record: measurements: the record has no measurements",
        )
        .text(
            "empty.json",
            records.with(|r| r["measurements"] = json!([])),
        ),
        case(
            "compare with no measurement in common",
            &["compare", "good.json", "disjoint.json"],
            "no measurement in common",
        )
        .text("disjoint.json", disjoint),
        case(
            "compare a quick record with a full one",
            &["compare", "good.json", "full.json"],
            "Pass --allow-mode-mismatch",
        ),
        case(
            "compare records of different CPUs",
            &["compare", "good.json", "other.json"],
            "the records come from different CPUs",
        )
        .text("other.json", records.other_cpu()),
        case(
            "compare with a folder as NEW",
            &["compare", "good.json", "sentinel/notes"],
            "sentinel/notes: not a record file: it is a folder",
        ),
        case(
            "compare --threshold=-5",
            &["compare", "good.json", "good.json", "--threshold=-5"],
            "--threshold must be a non-negative percentage, not -5",
        ),
        case(
            "compare --threshold nan",
            &["compare", "good.json", "good.json", "--threshold", "nan"],
            "--threshold must be a non-negative percentage, not NaN",
        ),
        case(
            "compare --threshold inf",
            &["compare", "good.json", "good.json", "--threshold", "inf"],
            "--threshold must be a non-negative percentage, not inf",
        ),
        case(
            "compare --threshold abc",
            &["compare", "good.json", "good.json", "--threshold", "abc"],
            "invalid value 'abc' for '--threshold <PCT>'",
        ),
        case(
            "repeatability with an invalid record",
            &["repeatability", "good.json", "bad.json"],
            "bad.json: invalid record",
        )
        .text(
            "bad.json",
            records.with(|r| second(r)["ns_per_op"]["median"] = json!(0.0)),
        ),
    ]
}

/// The selection and feature flags, and `run`'s output folder.
fn flag_cases() -> Vec<Case> {
    let long = "x".repeat(300);
    // A variant that never runs on this architecture.
    let foreign = if cfg!(target_arch = "aarch64") {
        "calculated_avx2"
    } else {
        "calculated_neon"
    };
    let (masked_feature, masked_variant) = if cfg!(target_arch = "aarch64") {
        ("neon", "in_between/calculated_neon")
    } else {
        ("avx2", "in_between/calculated_avx2")
    };
    vec![
        case(
            "--only an unknown name",
            &["--only", "bogus", "verify"],
            "--only \"bogus\" names no family or variant",
        ),
        case(
            "--only \"../x\"",
            &["--only", "../x", "list"],
            "--only \"../x\" names no family or variant",
        ),
        case(
            "--only with '/' twice",
            &["--only", "in_between/rectangular/x", "list"],
            "names no family or variant",
        ),
        case(
            "--only with a newline inside",
            &["--only", "in_between\nlookup", "list"],
            "--only \"in_between\\nlookup\" names no family or variant",
        ),
        case(
            "--only of 300 characters",
            &["--only", &long, "list"],
            "names no family or variant",
        ),
        case(
            "--disable an unknown feature",
            &["--disable", "avx512", "list"],
            "unknown CPU feature \"avx512\"",
        ),
        case(
            "--disable \"../x\"",
            &["--disable", "../x", "list"],
            "unknown CPU feature \"../x\"",
        ),
        case(
            "run options before another command",
            &["--quick", "report", "good.json"],
            "apply to `run` only",
        ),
        case(
            "run --seed abc",
            &["run", "--seed", "abc"],
            "invalid value 'abc' for '--seed <SEED>'",
        ),
        case(
            "run --only a variant that cannot run on this architecture",
            &["run", "--quick", "--only", foreign, "--out", "out"],
            "nothing selected can run here",
        )
        .measuring(),
        case(
            "run --only a variant whose feature is masked",
            &[
                "--disable",
                masked_feature,
                "run",
                "--quick",
                "--only",
                masked_variant,
                "--out",
                "out",
            ],
            "nothing selected can run here",
        )
        .measuring(),
        case(
            "run --out a regular file",
            &["run", "--quick", "--out", "sentinel/notes/user.txt"],
            "is not writable: Not a directory",
        )
        .measuring(),
        case(
            "run --out under /proc",
            &["run", "--quick", "--out", "/proc/bitbench"],
            "is not writable",
        )
        .measuring()
        .needs(Needs::Linux),
        case(
            "run --out a read-only folder",
            &["run", "--quick", "--out", "readonly"],
            "is not writable: Permission denied",
        )
        .with("readonly", Entry::ReadOnlyFolder)
        .measuring()
        .needs(Needs::Unprivileged),
        case(
            "run stopped by a file-size limit (ulimit -f)",
            &["run", "--quick", "--only", "lookup", "--out", "out"],
            "File too large",
        )
        .measuring()
        .limited()
        .needs(Needs::Measuring),
    ]
}

fn hostile_cases(records: &Records) -> Vec<Case> {
    let mut cases = record_cases(records);
    cases.extend(unreadable_cases(records));
    cases.extend(file_name_cases(records));
    cases.extend(output_cases(records));
    cases.extend(compare_cases(records));
    cases.extend(flag_cases());
    cases.extend(failure_classes::cases(records));
    cases
}

/// The same commands with good inputs.
fn good_cases(records: &Records) -> Vec<Case> {
    let manifest = "{\"written_by\": \"bitbench\", \"files\": [\"tables.md\"]}";
    let mut cases = vec![
        case("report --out a new folder", &["report", "good.json", "--out", "out"], "charts: out")
            .succeeds(&["out"]),
        case(
            "report again into its folder, keeping the user's file and replacing a link, not its target",
            &["report", "good.json", "--out", "out"],
            "charts: out",
        )
        .text("out/.bitbench-manifest.json", manifest.into())
        .text("out/mine.txt", "mine\n".into())
        .with("out/tables.md", Entry::Link("../sentinel/notes/user.txt".into()))
        .succeeds(&["out/"]),
        case("report beside the record", &["report", "good.json"], "charts: good")
            .succeeds(&["good/"]),
        case(
            "report two records into one --out",
            &["report", "good.json", "other.json", "--out", "out"],
            "charts: out",
        )
        .text("other.json", records.other_cpu())
        .succeeds(&["out"]),
        case(
            "report a record whose file name is no folder name, into --out",
            &["report", "My run.json", "--out", "out"],
            "charts: out",
        )
        .text("My run.json", records.good())
        .succeeds(&["out"]),
        case("report --format bmf", &["report", "--format", "bmf", "good.json"], "\"knight_attacks/")
            .succeeds(&[]),
        case(
            "plot skipping the gate's baseline",
            &[
                "plot",
                "good.json",
                "other.json",
                "sentinel/results/baseline/gate.json",
                "--out",
                "cross",
            ],
            "warning: skipping sentinel/results/baseline/gate.json",
        )
        .text("other.json", records.other_cpu())
        .succeeds(&["cross"]),
        case("compare a record with a copy of itself", &["compare", "good.json", "copy.json"], "no significant change")
            .text("copy.json", records.good())
            .succeeds(&[]),
        case(
            "compare quick with full, allowed",
            &["compare", "good.json", "full.json", "--allow-mode-mismatch"],
            "QUICK AGAINST FULL",
        )
        .succeeds(&[]),
        case(
            "compare different CPUs, allowed",
            &["compare", "good.json", "other.json", "--cross-cpu"],
            "CROSS-CPU COMPARISON",
        )
        .text("other.json", records.other_cpu())
        .succeeds(&[]),
        case(
            "site skipping a bad record",
            &["site", "--results", "results", "--out", "site"],
            "warning: skipping",
        )
        .text(&format!("results/{}/good.json", records.slug), records.good())
        .text(
            &format!("results/{}/bad.json", records.slug),
            records.with(|r| second(r)["family"] = json!("../../x")),
        )
        .succeeds(&["site"]),
        case("repeatability", &["repeatability", "good.json", "other-run.json"], "calibration")
            .text("other-run.json", records.with(|r| r["run"]["seed"] = json!(8)))
            .succeeds(&[]),
        case("list --only lookup", &["--only", "lookup", "list"], "lookup").succeeds(&[]),
        case(
            "list --only with white space around a name (trimmed)",
            &["--only", " lookup\n", "list"],
            "lookup",
        )
        .succeeds(&[]),
        case(
            "run --quick --only lookup",
            &["run", "--quick", "--only", "lookup", "--out", "out"],
            "record: out/",
        )
        .measuring()
        .needs(Needs::Measuring)
        .succeeds(&["out"]),
    ];
    cases.extend(failure_classes::good_cases(records));
    cases
}

// ---------------------------------------------------------------------------------------------
// The machine

/// What this machine offers the cases.
struct Machine {
    /// Permissions do not stop this user (root).
    privileged: bool,
    tmpfs: bool,
    emulated: Option<String>,
}

impl Machine {
    fn probe() -> Machine {
        let dir = tempfile::tempdir().unwrap();
        let locked = dir.path().join("locked");
        std::fs::write(&locked, "x").unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
        let privileged = std::fs::File::open(&locked).is_ok();
        let tmpfs = mount_tmpfs(dir.path()).is_ok() && unmount(dir.path());
        Machine {
            privileged,
            tmpfs,
            emulated: harness::base::machine::emulation(),
        }
    }

    /// Why `needs` cannot be had here, if it cannot.
    fn lacks(&self, needs: Needs) -> Option<String> {
        match needs {
            Needs::Unprivileged if self.privileged => {
                Some("permissions do not stop this user (root)".into())
            }
            Needs::Tmpfs if !self.tmpfs => Some("`mount -t tmpfs` is not allowed here".into()),
            Needs::Measuring => self
                .emulated
                .as_ref()
                .map(|how| format!("running under emulation ({how})")),
            Needs::Linux if !Path::new("/proc/self/mem").exists() => {
                Some("no Linux /proc here".into())
            }
            _ => None,
        }
    }
}

fn mount_tmpfs(dir: &Path) -> Result<(), String> {
    let output = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(dir)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| e.to_string())?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

fn unmount(dir: &Path) -> bool {
    Command::new("umount")
        .arg(dir)
        .status()
        .is_ok_and(|s| s.success())
}

// ---------------------------------------------------------------------------------------------
// Snapshots: every path under a folder, its kind, mode and bytes

#[derive(Clone, Debug, PartialEq)]
enum Node {
    Folder { mode: u32 },
    File { mode: u32, bytes: Content },
    Link(PathBuf),
    Other { mode: u32 },
}

#[derive(Clone, Debug, PartialEq)]
enum Content {
    Bytes(Vec<u8>),
    /// Too large (or unreadable) to read: its size.
    Length(u64),
}

fn snapshot(root: &Path) -> BTreeMap<PathBuf, Node> {
    let mut nodes = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            let mode = meta.permissions().mode() & 0o7777;
            let kind = meta.file_type();
            let node = if kind.is_symlink() {
                Node::Link(std::fs::read_link(&path).unwrap())
            } else if kind.is_dir() {
                stack.push(path.clone());
                Node::Folder { mode }
            } else if kind.is_file() {
                let bytes = if meta.len() > 16 << 20 {
                    Content::Length(meta.len())
                } else {
                    std::fs::read(&path).map_or(Content::Length(meta.len()), Content::Bytes)
                };
                Node::File { mode, bytes }
            } else {
                Node::Other { mode }
            };
            nodes.insert(path.strip_prefix(root).unwrap().to_path_buf(), node);
        }
    }
    nodes
}

/// What changed between two snapshots, outside `allowed` (paths relative to the working
/// folder, inside the snapshot root).
fn changes(
    before: &BTreeMap<PathBuf, Node>,
    after: &BTreeMap<PathBuf, Node>,
    allowed: &[PathBuf],
) -> Vec<String> {
    let inside = |path: &Path| allowed.iter().any(|a| path.starts_with(a));
    let mut changed = Vec::new();
    for (path, node) in before {
        match after.get(path) {
            None if !inside(path) => changed.push(format!("removed {}", path.display())),
            Some(new) if new != node && !inside(path) => {
                changed.push(format!("changed {}", path.display()))
            }
            _ => {}
        }
    }
    for path in after.keys() {
        if !before.contains_key(path) && !inside(path) {
            changed.push(format!("added {}", path.display()));
        }
    }
    changed
}

// ---------------------------------------------------------------------------------------------
// Running a case

/// The case's folders: `root` is snapshotted whole; the command runs in `work`, two levels
/// down, so a path that climbs out of `work` still lands inside `root`.
struct Folder {
    root: tempfile::TempDir,
    work: PathBuf,
    mounts: Vec<PathBuf>,
}

impl Drop for Folder {
    fn drop(&mut self) {
        for mount in &self.mounts {
            unmount(mount);
        }
        // Let the temporary folder be removed by a user that permissions stop.
        for node in snapshot(self.root.path()).keys() {
            let path = self.root.path().join(node);
            let is_link = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_symlink());
            if !is_link {
                let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755));
            }
        }
    }
}

/// The sentinel and the good records every case starts with.
fn lay_out(records: &Records) -> Folder {
    let root = tempfile::tempdir().unwrap();
    let work = root.path().join("home/user/work");
    let put = |path: &str, text: &str| {
        let path = work.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    let cpu = format!("sentinel/results/{}", records.slug);
    put(&records.sentinel_record(), &records.good_text);
    put(
        &format!("{cpu}/{SENTINEL_STEM}/.bitbench-manifest.json"),
        "{\"written_by\": \"bitbench 0.1.0\", \"files\": [\"tables.md\"]}\n",
    );
    put(&format!("{cpu}/{SENTINEL_STEM}/tables.md"), "# tables\n");
    put("sentinel/results/baseline/gate.json", "{\"kernels\": []}\n");
    put("sentinel/notes/user.txt", "the user's notes\n");
    put("sentinel/deep/a/b/c.txt", "nested\n");
    put("good.json", &records.good_text);
    put("full.json", &records.full_text);
    Folder {
        root,
        work,
        mounts: Vec::new(),
    }
}

fn create(folder: &mut Folder, path: &str, entry: &Entry) {
    let path = folder.work.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    match entry {
        Entry::Text(text) => std::fs::write(&path, text).unwrap(),
        Entry::Bytes(bytes) => std::fs::write(&path, bytes).unwrap(),
        Entry::Folder => std::fs::create_dir(&path).unwrap(),
        Entry::Fifo => {
            let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
            // SAFETY: `name` is a NUL-terminated path that outlives the call.
            let made = unsafe { libc::mkfifo(name.as_ptr(), 0o644) };
            assert_eq!(made, 0, "mkfifo {}", path.display());
        }
        Entry::Link(target) => std::os::unix::fs::symlink(target, &path).unwrap(),
        Entry::Locked(text) => {
            std::fs::write(&path, text).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
        }
        Entry::ReadOnlyFolder => {
            std::fs::create_dir(&path).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o555)).unwrap();
        }
        Entry::Sparse(size) => std::fs::File::create(&path)
            .unwrap()
            .set_len(*size)
            .unwrap(),
        Entry::Tmpfs => {
            std::fs::create_dir(&path).unwrap();
            mount_tmpfs(&path).unwrap();
            folder.mounts.push(path);
        }
    }
}

/// Starts the binary (under `ulimit -f N` when asked, its standard output as the case says)
/// in `work`, sends the case's signal when its output holds the text, and waits at most
/// [`TIME_LIMIT`]; `None` if it had to be killed.
fn execute(case: &Case, work: &Path) -> Option<Output> {
    let binary = common::command();
    let mut command = match case.file_size_limit {
        Some(blocks) => {
            let mut shell = Command::new("sh");
            shell
                .args(["-c", &format!("ulimit -f {blocks} && exec \"$@\""), "sh"])
                .arg(binary.get_program())
                .args(binary.get_args());
            shell
        }
        None => binary,
    };
    let stdout = match case.stdout {
        Stdout::Read => Stdio::piped(),
        Stdout::Closed => {
            let (reader, writer) = std::io::pipe().expect("a pipe");
            drop(reader);
            Stdio::from(writer)
        }
        Stdout::Full => Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full"),
        ),
    };
    let mut child = command
        .current_dir(work)
        .args(&case.args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // Drop the command: it holds the writing end of a closed case's pipe.
    drop(command);
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = std::sync::Arc::clone(&seen);
        let thread = std::thread::spawn(move || {
            let Some(mut pipe) = pipe else { return };
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = pipe.read(&mut buffer) {
                sink.lock().unwrap().extend_from_slice(&buffer[..n]);
            }
        });
        (seen, thread)
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let started = Instant::now();
    let mut signal = case.signal.clone();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if let Some((number, when)) = &signal {
            let text =
                [&out.0, &err.0].map(|b| String::from_utf8_lossy(&b.lock().unwrap()).into_owned());
            if text.iter().any(|t| t.contains(when.as_str())) {
                // SAFETY: `kill` with the child's id and a signal number touches no memory.
                unsafe {
                    libc::kill(child.id() as libc::pid_t, *number);
                }
                signal = None;
            }
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    out.1.join().unwrap();
    err.1.join().unwrap();
    let take =
        |b: std::sync::Arc<std::sync::Mutex<Vec<u8>>>| std::mem::take(&mut *b.lock().unwrap());
    Some(Output {
        status,
        stdout: take(out.0),
        stderr: take(err.0),
    })
}

/// Runs one case; `Ok` with the line for the table, `Err` with what went wrong.
fn check(records: &Records, machine: &Machine, case: &Case) -> Result<String, String> {
    let mut folder = lay_out(records);
    for (path, entry) in &case.files {
        create(&mut folder, path, entry);
    }
    let before = snapshot(folder.root.path());
    let started = Instant::now();
    let Some(output) = execute(case, &folder.work) else {
        return Err(format!("hung: killed after {TIME_LIMIT:?}"));
    };
    let seconds = started.elapsed().as_secs_f64();
    let after = snapshot(folder.root.path());
    let text = common::text(&output);
    let refused_as_emulated = machine.emulated.is_some() && case.measures && case.code != 0;
    let (code, needle) = match refused_as_emulated {
        true => (2, "runs under emulation"),
        false => (case.code, case.needle.as_str()),
    };
    let (also, lacks, file_texts) = match refused_as_emulated {
        true => (&[][..], &[][..], &[][..]),
        false => (&case.also[..], &case.lacks[..], &case.file_texts[..]),
    };
    let message = text
        .lines()
        .find(|l| l.starts_with("error:"))
        .or_else(|| text.lines().find(|l| l.contains(needle)))
        .unwrap_or_default();
    let mut problems = Vec::new();
    if output.status.code() != Some(code) {
        problems.push(format!("exit {:?}, expected {code}", output.status));
    }
    if !text.contains(needle) {
        problems.push(format!("the message lacks {needle:?}"));
    }
    if text.contains("panicked") || text.contains("stack backtrace") {
        problems.push("it panicked".into());
    }
    if let Some(c) = text
        .chars()
        .find(|c| c.is_control() && *c != '\n' && *c != '\t')
    {
        problems.push(format!("it printed a raw control character: {c:?}"));
    }
    problems.extend(
        also.iter()
            .filter(|t| !text.contains(t.as_str()))
            .map(|t| format!("the output lacks {t:?}")),
    );
    problems.extend(
        lacks
            .iter()
            .filter(|t| text.contains(t.as_str()))
            .map(|t| format!("the output holds {t:?}")),
    );
    for (path, needle, present) in file_texts {
        let held = std::fs::read_to_string(folder.work.join(path)).unwrap_or_default();
        if held.contains(needle.as_str()) != *present {
            let holds = if *present { "lacks" } else { "holds" };
            problems.push(format!("{path} {holds} {needle:?}"));
        }
    }
    let work = folder.work.strip_prefix(folder.root.path()).unwrap();
    let allowed: Vec<PathBuf> = case.outputs.iter().map(|o| work.join(o)).collect();
    let changed = if case.adds_only {
        let added_outside = changes(&before, &after, &[])
            .into_iter()
            .filter(|c| {
                let added = c.strip_prefix("added ").map(Path::new);
                !added.is_some_and(|p| allowed.iter().any(|a| p.starts_with(a)))
            })
            .collect();
        added_outside
    } else {
        changes(&before, &after, &allowed)
    };
    if !changed.is_empty() {
        problems.push(format!("the folder changed: {}", changed.join(", ")));
    }
    if case.code == 0 && !case.outputs.is_empty() {
        let wrote = after
            .keys()
            .any(|p| !before.contains_key(p) && allowed.iter().any(|a| p.starts_with(a)));
        if !wrote {
            problems.push("nothing was written under --out".into());
        }
    }
    let code = output
        .status
        .code()
        .map_or_else(|| format!("{:?}", output.status), |c| c.to_string());
    let shown: String = message.chars().take(220).collect();
    if problems.is_empty() {
        Ok(format!(
            "{code} | {seconds:.1} s | {}",
            shown.replace('|', "\\|")
        ))
    } else {
        Err(format!("{}\n--- output:\n{text}", problems.join("; ")))
    }
}

/// Runs every case, prints a table of them, and fails naming every case that went wrong.
fn check_all(records: &Records, cases: &[Case]) -> usize {
    let machine = Machine::probe();
    let mut ran = 0;
    let mut failures = Vec::new();
    println!("| # | input | exit | time | message |");
    println!("|---|---|---|---|---|");
    for (i, case) in cases.iter().enumerate() {
        let what = case.what.replace('|', "\\|");
        if let Some(why) = case.needs.and_then(|n| machine.lacks(n)) {
            println!("| {} | {what} | skipped | | {why} |", i + 1);
            continue;
        }
        ran += 1;
        match check(records, &machine, case) {
            Ok(line) => println!("| {} | {what} | {line} |", i + 1),
            Err(problem) => {
                println!("| {} | {what} | FAILED | | |", i + 1);
                failures.push(format!("case {} ({}): {problem}", i + 1, case.what));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    ran
}

#[test]
fn hostile_inputs_are_refused_and_change_nothing() {
    let records = Records::new();
    let cases = hostile_cases(&records);
    let always = cases.iter().filter(|c| c.needs.is_none()).count();
    assert!(always >= 40, "only {always} cases run everywhere");
    let ran = check_all(&records, &cases);
    assert!(ran >= 40, "only {ran} cases ran");
}

#[test]
fn the_same_commands_with_good_inputs_succeed() {
    let records = Records::new();
    check_all(&records, &good_cases(&records));
}

#[test]
fn every_option_a_command_shows_is_honoured_or_refused() {
    if std::env::var("BITBENCH_TEST_RUNNER").is_ok_and(|r| !r.trim().is_empty()) {
        println!("skipped under an emulator: the walk is the same on every architecture");
        return;
    }
    options::every_option_is_honoured_or_refused(&Records::new());
}

/// Random argument vectors for every command (`options::random_argument_vectors`): a clean
/// exit status and message, and nothing written by a command that fails.
#[test]
fn random_argument_vectors_exit_cleanly() {
    let per_command = if std::env::var("BITBENCH_TEST_RUNNER").is_ok_and(|r| !r.trim().is_empty()) {
        1
    } else {
        8
    };
    let ran = options::random_argument_vectors(&Records::new(), per_command);
    println!("{ran} random argument vectors");
    assert!(ran >= 12 * per_command, "{ran}");
}
