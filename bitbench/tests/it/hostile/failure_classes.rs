//! Hostile cases grouped by the class of failure they guard against (the second audit, issue
//! 26, found one of each): data lost, a regression `compare` could not see, options shown and
//! then ignored, records that should be refused, panics on a closed pipe, resources, and
//! signals. Each runs through the same checks as every other case: its exit status and message, no panic, and not one byte
//! changed outside what it may write.

use super::{case, Case, Entry, Needs, Records, Stdout};
use serde_json::{json, Value};

/// The initial position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// SIGHUP, SIGINT and SIGTERM, the same number on every Unix.
const SIGHUP: i32 = 1;
const SIGINT: i32 = 2;
const SIGTERM: i32 = 15;

impl Records {
    /// The good record with every measurement that `pick` selects `factor` times slower: its
    /// summary, rounds and interval alike, so that it still validates.
    pub fn scaled(&self, factor: f64, pick: impl Fn(&Value) -> bool) -> String {
        self.with(|r| scale(r, factor, pick))
    }

    /// How many measurements of the good record `pick` selects.
    pub fn count(&self, pick: impl Fn(&Value) -> bool) -> usize {
        self.good["measurements"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| pick(m))
            .count()
    }
}

/// Multiplies the times of the measurements `pick` selects by `factor`.
pub fn scale(record: &mut Value, factor: f64, pick: impl Fn(&Value) -> bool) {
    let times = |v: &mut Value| *v = json!(v.as_f64().unwrap() * factor);
    for m in record["measurements"].as_array_mut().unwrap() {
        if !pick(m) {
            continue;
        }
        for field in ["median", "min", "max", "p25", "p75", "mad"] {
            times(&mut m["ns_per_op"][field]);
        }
        for round in m["rounds"].as_array_mut().into_iter().flatten() {
            times(round);
        }
        if let Some(interval) = m["median_interval"].as_object_mut() {
            for field in ["low", "median", "high"] {
                if let Some(v) = interval.get_mut(field) {
                    times(v);
                }
            }
        }
    }
}

/// A variant of a family, not the floor.
fn variant_of<'a>(family: &'a str, variant: &'a str) -> impl Fn(&Value) -> bool + 'a {
    move |m| m["family"] == family && m["variant"] == variant
}

/// Every variant of a family, not its floor.
fn family_of(family: &str) -> impl Fn(&Value) -> bool + '_ {
    move |m| m["family"] == family && m["floor"] == false
}

/// The record with its run's start time replaced.
fn started(records: &Records, utc: &str) -> String {
    records.with(|r| r["run"]["started_utc"] = json!(utc))
}

/// Class 1: nothing bitbench did not write is replaced or removed, whatever the manifest.
fn data_loss(records: &Records) -> Vec<Case> {
    let manifest = |files: &str| format!("{{\"written_by\": \"bitbench\", \"files\": [{files}]}}");
    vec![
        case(
            "report --out a folder plot wrote, where the user added tables.md",
            &["report", "good.json", "--out", "out"],
            "out/tables.md exists and bitbench did not write it",
        )
        .text(
            "out/.bitbench-manifest.json",
            manifest("\"cross-cpu-in_between.svg\""),
        )
        .text("out/cross-cpu-in_between.svg", "<svg/>".into())
        .text("out/tables.md", "the user's tables\n".into())
        .and("nothing was changed in out"),
        case(
            "plot --out a folder report wrote, where the user added a chart of plot's name",
            &["plot", "good.json", "other.json", "--out", "out"],
            "out/cross-cpu-knight_attacks.svg exists and bitbench did not write it",
        )
        .text("other.json", records.other_cpu())
        .text("out/.bitbench-manifest.json", manifest("\"tables.md\""))
        .text("out/tables.md", "# tables\n".into())
        .text("out/cross-cpu-knight_attacks.svg", "the user's\n".into()),
        case(
            "site --out a folder with a manifest and the user's index.html",
            &["site", "--results", "sentinel/results", "--out", "site"],
            "site/index.html exists and bitbench did not write it",
        )
        .text("site/.bitbench-manifest.json", manifest("\"old.svg\""))
        .text("site/old.svg", "<svg/>".into())
        .text("site/index.html", "the user's page\n".into()),
        case(
            "a write probe that fails (ulimit -f 0) is removed",
            &["report", "good.json", "--out", "out"],
            "--out out is not writable: File too large",
        )
        .limited_to(0),
        case(
            "run --out where a write probe fails (ulimit -f 0) leaves nothing",
            &["run", "--quick", "--only", "lookup", "--out", "out"],
            "is not writable: File too large",
        )
        .limited_to(0)
        .measuring(),
    ]
}

/// Another run's outputs under every stem this run could take in the next three minutes:
/// even seconds a chart folder whose record is not written yet, odd seconds a record.
fn concurrent_run() -> Case {
    let slug = harness::base::machine::Machine::detect().cpu.slug();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let mut case = case(
        "run into a folder where another run holds this minute's names",
        &["run", "--quick", "--only", "lookup", "--out", "out"],
        "-quick-2.json",
    )
    .measuring()
    .needs(Needs::Measuring)
    .succeeds(&["out"])
    .adding_only();
    for second in now.saturating_sub(5)..now + 180 {
        let stem = format!("{}-quick", harness::record::utc_from_unix(second).1);
        let base = format!("out/{slug}/{stem}");
        case = if second % 2 == 0 {
            case.text(
                &format!("{base}/.bitbench-manifest.json"),
                "{\"written_by\": \"bitbench\", \"files\": [\"tables.md\"]}".into(),
            )
            .text(&format!("{base}/tables.md"), "the other run's\n".into())
        } else {
            case.text(&format!("{base}.json"), "the other run's record\n".into())
        };
    }
    case
}

/// Class 2: `compare` sees a change confined to one family, and names a uniform shift.
fn drift(records: &Records) -> Vec<Case> {
    let family = family_of("knight_attacks");
    let variant = variant_of("knight_attacks", "lookup");
    let in_family = records.count(&family);
    let in_variant = records.count(&variant);
    let everything = |_: &Value| true;
    vec![
        case(
            "compare: every knight_attacks variant 50% slower, the floor and the rest unchanged",
            &["compare", "good.json", "slower.json"],
            &format!("{in_family} regressed, 0 improved"),
        )
        .text("slower.json", records.scaled(1.5, &family))
        // Rows are listed under their family's name: `knight_attacks`, then `  lookup/…`.
        .and("\nknight_attacks\n")
        .and("  lookup/sets_0_10-throughput")
        .exits(1),
        case(
            "compare: one variant 30% slower",
            &["compare", "good.json", "slower.json"],
            &format!("{in_variant} regressed, 0 improved"),
        )
        .text("slower.json", records.scaled(1.3, &variant))
        .exits(1),
        case(
            "compare: everything 25% slower, the floor too: named as drift",
            &["compare", "good.json", "shifted.json"],
            // The line goes on (wrapped to the terminal's width): "`--no-drift` to judge it raw".
            "every measurement moved +25.0%, the floor too (+25.0%): treated as machine drift;",
        )
        .text("shifted.json", records.scaled(1.25, everything))
        .and("0 regressed, 0 improved")
        .succeeds(&[]),
        case(
            "compare --no-drift: everything 25% slower is judged raw",
            &["compare", "good.json", "shifted.json", "--no-drift"],
            "judged raw (--no-drift)",
        )
        .text("shifted.json", records.scaled(1.25, everything))
        .lacking(" 0 regressed")
        .exits(1),
        case(
            "compare: two identical records report nothing",
            &["compare", "good.json", "copy.json"],
            "0 regressed, 0 improved: no significant change",
        )
        .text("copy.json", records.good())
        .lacking("moved +")
        .succeeds(&[]),
        case(
            "compare --only in_between, knight_attacks 50% slower: not compared",
            &[
                "compare",
                "good.json",
                "slower.json",
                "--only",
                "in_between",
            ],
            "0 regressed, 0 improved",
        )
        .text("slower.json", records.scaled(1.5, &family))
        .lacking("knight_attacks/")
        .succeeds(&[]),
    ]
}

/// Class 3: an option a command shows is honoured there or refused.
fn options() -> Vec<Case> {
    let fen = STARTPOS;
    vec![
        case(
            "compare --disable (compare takes no --disable)",
            &["compare", "good.json", "full.json", "--disable", "avx2"],
            "unexpected argument '--disable'",
        ),
        case(
            "--disable before plot",
            &["--disable", "avx2", "plot", "good.json", "--out", "cross"],
            "`plot` does not take --disable",
        ),
        case(
            "--only before perft",
            &["--only", "lookup", "perft", fen, "2"],
            "`perft` does not take --only",
        ),
        case(
            "perft --only",
            &["perft", fen, "2", "--only", "lookup"],
            "unexpected argument '--only'",
        ),
        case(
            "perft --max-depth without --verify-table",
            &["perft", fen, "2", "--max-depth", "2"],
            "cannot be used with",
        ),
        case(
            "perft --threads without --verify-table",
            &["perft", fen, "2", "--threads", "2"],
            "cannot be used with",
        ),
        case(
            "perft --with slider=magic,slider=pext",
            &["perft", fen, "2", "--with", "slider=magic,slider=pext"],
            "--with names slider twice (slider=magic, slider=pext)",
        ),
        case(
            "search --with pawns=spans,pawns=per_pawn_loop",
            &[
                "search",
                fen,
                "2",
                "--with",
                "pawns=spans,pawns=per_pawn_loop",
            ],
            "--with names pawns twice (pawns=spans, pawns=per_pawn_loop)",
        ),
        case(
            "search --with two techniques changed",
            &[
                "search",
                fen,
                "2",
                "--with",
                "slider=hyperbola,xrays=one_lookup",
            ],
            "only configurations that differ from it in one technique are compiled",
        ),
        case(
            "search --with an unknown key",
            &["search", fen, "2", "--with", "colour=white"],
            "unknown key \"colour\"",
        ),
        case(
            "search: a bad FEN",
            &["search", "8/8/8/8 w - -", "2"],
            "bad FEN",
        ),
        case(
            "search --all without --bench",
            &["search", fen, "2", "--all"],
            "--all applies to --bench only",
        ),
        case(
            "search --uci without --epd",
            &["search", "--bench", "--uci", "stockfish"],
            "--uci applies to --epd only",
        ),
        case(
            "search --summary without --epd",
            &["search", "--bench", "--summary"],
            "--summary applies to --epd only",
        ),
        case(
            "search --epd of a missing file",
            &["search", "--epd", "no-such.epd"],
            "cannot read no-such.epd",
        ),
        case(
            "advise --contexts without --markdown",
            &["advise", "good.json", "--contexts"],
            "--contexts applies to --markdown only",
        ),
        case(
            "advise --quick without --run",
            &["advise", "good.json", "--quick"],
            "--quick, --seed and --forks apply to --run only",
        ),
        case(
            "advise --results with records named",
            &["advise", "good.json", "--results", "sentinel/results"],
            "cannot be used with",
        ),
        case(
            "report --format bmf --out",
            &["report", "good.json", "--format", "bmf", "--out", "out"],
            "--out is for the charts of --format text",
        ),
        case(
            "report --only with --format text",
            &["report", "good.json", "--only", "lookup", "--out", "out"],
            "--only applies to --format bmf and gab",
        ),
        case(
            "run --self-check --quick",
            &["run", "--self-check", "--quick"],
            "cannot be used with",
        ),
        case(
            "list --markdown --disable",
            &["list", "--markdown", "--disable", "avx2"],
            "cannot be used with",
        ),
        case(
            "site --only",
            &["site", "--only", "lookup"],
            "unexpected argument '--only'",
        ),
    ]
}

/// Class 4: records that cannot be true or cannot be compared.
fn refused(records: &Records) -> Vec<Case> {
    let disjoint = records.with(|r| {
        for m in r["measurements"].as_array_mut().unwrap() {
            let workload = m["workload"].as_str().unwrap().to_string();
            m["workload"] = json!(format!("{workload}-elsewhere"));
        }
    });
    let report = |what: &str, utc: &str, needle: &str| {
        case(what, &["report", "bad.json", "--out", "out"], needle)
            .text("bad.json", started(records, utc))
    };
    vec![
        report(
            "started_utc that is no date",
            "yesterday",
            "run.started_utc: \"yesterday\" is not a UTC time of the form",
        ),
        report(
            "started_utc on February 30",
            "2026-02-30T10:00:00Z",
            "month 2 of 2026 has no day 30",
        ),
        report(
            "started_utc at 25 o'clock",
            "2026-11-22T25:00:00Z",
            "25:00:00 is no time of day",
        ),
        report(
            "started_utc in the year 9999",
            "9999-01-01T00:00:00Z",
            "the record cannot have been made yet",
        ),
        case(
            "advise picks no record with an impossible date as the newest",
            &["advise", "--results", "results"],
            "no record of this CPU",
        )
        .text(
            &format!("results/{}/r.json", records.slug),
            started(records, "9999-12-31T23:59:59Z"),
        ),
        case(
            "repeatability: a quick record against a full one",
            &["repeatability", "good.json", "full.json"],
            "Pass --allow-mode-mismatch",
        ),
        case(
            "repeatability: records of different CPUs",
            &["repeatability", "good.json", "other.json"],
            "Pass --cross-cpu",
        )
        .text("other.json", records.other_cpu()),
        case(
            "repeatability: nothing in common",
            &["repeatability", "good.json", "disjoint.json"],
            "no measurement in common",
        )
        .text("disjoint.json", disjoint),
        case(
            "repeatability: one file twice",
            &["repeatability", "good.json", "./good.json"],
            "is given twice",
        ),
        case(
            "repeatability: two copies of one record",
            &["repeatability", "good.json", "copy.json"],
            "hold the same record",
        )
        .text("copy.json", records.good()),
        case(
            "compare: one file twice",
            &["compare", "good.json", "good.json"],
            "good.json is given twice",
        ),
        case(
            "a record of 65 MiB is refused by its size",
            &["report", "big.json", "--out", "out"],
            "big.json: not a record file: it holds 68157440 bytes, more than any record (64 MiB at most)",
        )
        .with("big.json", Entry::Sparse(65 << 20)),
    ]
}

/// Class 5: a standard output that is closed or full.
fn pipes() -> Vec<Case> {
    let closed = |what: &str, args: &[&str]| {
        case(what, args, "")
            .stdout(Stdout::Closed)
            .lacking("error")
            .succeeds(&[])
    };
    vec![
        closed("list | head -1", &["list"]),
        closed(
            "perft --divide | head -1",
            &["perft", STARTPOS, "3", "--divide"],
        ),
        closed("positions --fen | head -1", &["positions", "--fen"]),
        closed("verify | head -1", &["verify", "--only", "in_between"]),
        closed(
            "compare | head -1",
            &["compare", "good.json", "full.json", "--allow-mode-mismatch"],
        ),
        case(
            "report --format bmf > /dev/full",
            &["report", "good.json", "--format", "bmf"],
            "error: writing to standard output: No space left on device",
        )
        .stdout(Stdout::Full)
        .needs(Needs::Linux),
        case(
            "run | head -1 still writes its record",
            &["run", "--quick", "--only", "lookup", "--out", "out"],
            "record: out/",
        )
        .stdout(Stdout::Closed)
        .measuring()
        .needs(Needs::Measuring)
        .succeeds(&["out"]),
    ]
}

/// Class 6 and 7: a count that takes too long, and signals.
fn resources_and_signals() -> Vec<Case> {
    vec![
        case(
            "perft STARTPOS 10: refused with its estimate",
            &["perft", STARTPOS, "10"],
            "refused (more than an hour); --force to count anyway",
        )
        .and("perft to depth 10 from this position: about"),
        case(
            "perft STARTPOS 7 shows its estimate, then SIGTERM",
            &["perft", STARTPOS, "7"],
            "bitbench: stopped by SIGTERM",
        )
        .and("perft: about")
        .signalled(SIGTERM, "perft: about")
        .exits(143),
        case(
            "perft STARTPOS 7, then SIGHUP",
            &["perft", STARTPOS, "7"],
            "bitbench: stopped by SIGHUP",
        )
        .signalled(SIGHUP, "perft: about")
        .exits(129),
        case(
            "run, SIGTERM while measuring: nothing written",
            &["run", "--quick", "--only", "lookup", "--out", "out"],
            "measuring; nothing was written: stopped by SIGTERM",
        )
        .signalled(SIGTERM, "sweep 1 of ")
        .measuring()
        .needs(Needs::Measuring)
        .exits(143),
        case(
            "run, SIGINT while measuring: nothing written",
            &["run", "--quick", "--only", "lookup", "--out", "out"],
            "measuring; nothing was written: stopped by SIGINT",
        )
        .signalled(SIGINT, "sweep 1 of ")
        .measuring()
        .needs(Needs::Measuring)
        .exits(130),
    ]
}

/// Every case of the second audit that must fail (or stop) and change nothing.
pub fn cases(records: &Records) -> Vec<Case> {
    let mut cases = data_loss(records);
    cases.extend(drift(records));
    cases.extend(options());
    cases.extend(refused(records));
    cases.extend(pipes());
    cases.extend(resources_and_signals());
    cases
}

/// The commands of the second audit that succeed, with what they must show.
pub fn good_cases(records: &Records) -> Vec<Case> {
    let html = "<script>alert(1)</script>";
    let escaped = "&lt;script&gt;alert(1)&lt;/script&gt;";
    let evil = records.with(|r| r["machine"]["cpu"]["brand"] = json!(format!("{html} CPU")));
    vec![
        concurrent_run(),
        case(
            "plot R R counts one record",
            &[
                "plot",
                "good.json",
                "good.json",
                "copy.json",
                "--out",
                "cross",
            ],
            "good.json is given twice; counted once",
        )
        .text("copy.json", records.good())
        .and("copy.json holds the same record as good.json; counted once")
        .and("cross-CPU charts of 1 records")
        .succeeds(&["cross"]),
        case(
            "tables.md shows a CPU brand holding HTML as text",
            &["report", "evil.json", "--out", "out"],
            "charts: out",
        )
        .text("evil.json", evil.clone())
        .file_text("out/tables.md", escaped, true)
        .file_text("out/tables.md", html, false)
        .succeeds(&["out"]),
        case(
            "advise --markdown shows a CPU brand holding HTML as text",
            &["advise", "evil.json", "--markdown"],
            escaped,
        )
        .text("evil.json", evil)
        .lacking(html)
        .succeeds(&[]),
        case(
            "report --format bmf --only knight_attacks exports that family only",
            &[
                "report",
                "good.json",
                "--format",
                "bmf",
                "--only",
                "knight_attacks",
            ],
            "\"knight_attacks/lookup/",
        )
        .lacking("\"in_between/")
        .succeeds(&[]),
        case(
            "advise --only knight_attacks advises on that family only",
            &["advise", "good.json", "--only", "knight_attacks"],
            "knight_attacks: use",
        )
        .lacking("in_between: use")
        .succeeds(&[]),
        case(
            "repeatability of two different runs",
            &["repeatability", "good.json", "slower.json"],
            "calibration",
        )
        .text(
            "slower.json",
            records.scaled(1.3, variant_of("knight_attacks", "lookup")),
        )
        .succeeds(&[]),
        case(
            "a record started on February 29 of a leap year",
            &["report", "leap.json", "--out", "out"],
            "charts: out",
        )
        .text("leap.json", started(records, "2024-02-29T23:59:59Z"))
        .succeeds(&["out"]),
    ]
}
