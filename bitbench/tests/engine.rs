//! `bitbench engine` against a fake UCI engine: this test binary itself. Run with
//! `BITBENCH_FAKE_UCI=<behaviour>` in its environment, it is the engine (see [`fake`]), so the
//! test needs nothing installed, on any operating system. Hence its own `main` (the test
//! target is declared `harness = false`): it first checks whether it is to be the engine.
//!
//! Each test starts `bitbench engine --uci <this binary>` with one behaviour and checks the
//! outcome: a good engine's table with every count verified; and every failure, each with a
//! clear message and a non-zero exit status, never a hang or a panic: a path that is not
//! executable, a program that is not UCI (exits, or answers nonsense), one without perft, one
//! that crashes mid-count, one that counts wrong (a disagreement, with the position and both
//! counts), one that hangs (the timeout per command). No test looks at a timing's value.
//!
//! Arguments: names (or parts of names) select tests; `--list` lists them.

#[path = "it/common.rs"]
mod common;

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{ExitCode, Output};
use std::time::{Duration, Instant};
use strategies::movegen;
use strategies::position::Position;

/// The variable that makes this binary the fake engine, and names its behaviour.
const FAKE: &str = "BITBENCH_FAKE_UCI";

fn main() -> ExitCode {
    if let Ok(behaviour) = std::env::var(FAKE) {
        return fake::run(&behaviour);
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        for (name, _) in TESTS {
            println!("{name}: test");
        }
        return ExitCode::SUCCESS;
    }
    // libtest's arguments, as far as they apply: filters, --skip FILTER and --exact; the
    // values of the options that take one are not filters.
    let (mut filters, mut skips, mut exact) = (Vec::new(), Vec::new(), false);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--skip" => skips.extend(args.next()),
            "--exact" => exact = true,
            "--test-threads" | "--format" | "--color" | "--logfile" | "--shuffle-seed" | "-Z" => {
                args.next();
            }
            flag if flag.starts_with('-') => {}
            filter => filters.push(filter),
        }
    }
    let matches = |name: &str, pattern: &str| {
        if exact {
            name == pattern
        } else {
            name.contains(pattern)
        }
    };
    let chosen: Vec<_> = TESTS
        .iter()
        .filter(|(name, _)| filters.is_empty() || filters.iter().any(|f| matches(name, f)))
        .filter(|(name, _)| !skips.iter().any(|s| matches(name, s)))
        .collect();
    let chosen_count = chosen.len();
    println!("\nrunning {chosen_count} tests");
    // Every test at once, each on its thread, as libtest runs them: most of their time is
    // the engines' time limits, spent waiting. The lines come in the tests' order.
    let outcomes: Vec<bool> = std::thread::scope(|scope| {
        let running: Vec<_> = chosen
            .iter()
            .map(|(_, test)| scope.spawn(move || std::panic::catch_unwind(*test).is_ok()))
            .collect();
        running
            .into_iter()
            .map(|t| t.join().unwrap_or(false))
            .collect()
    });
    let mut failed = Vec::new();
    for ((name, _), ok) in chosen.iter().zip(outcomes) {
        println!("test {name} ... {}", if ok { "ok" } else { "FAILED" });
        if !ok {
            failed.push(*name);
        }
    }
    if failed.is_empty() {
        println!("\ntest result: ok. {} passed", chosen_count);
        ExitCode::SUCCESS
    } else {
        println!("\ntest result: FAILED. failures: {}", failed.join(", "));
        ExitCode::FAILURE
    }
}

type Test = (&'static str, fn());

const TESTS: &[Test] = &[
    (
        "a_good_engine_gets_its_table_with_every_count_verified",
        good_engine,
    ),
    (
        "a_positions_file_and_counts_it_does_not_give",
        positions_file,
    ),
    (
        "the_fastest_configuration_comes_from_this_cpus_record",
        fastest_from_a_record,
    ),
    (
        "without_a_record_the_fastest_is_measured",
        fastest_by_measuring,
    ),
    ("a_path_that_is_not_executable_is_refused", not_executable),
    (
        "a_program_that_exits_instead_of_answering_uci",
        not_uci_exits,
    ),
    ("a_program_that_answers_uci_with_nonsense", not_uci_chatters),
    ("an_engine_without_perft", no_perft),
    ("an_engine_that_crashes_mid_count", crashes),
    (
        "a_wrong_count_is_a_disagreement_with_both_counts",
        wrong_count,
    ),
    ("an_engine_that_hangs_meets_the_timeout", hangs),
    ("bad_options_and_files_are_refused_clearly", bad_input),
    (
        "engines_that_answer_garbage_are_reported_in_time",
        garbage_engines,
    ),
    ("the_readme_run_counts_the_published_table", readme_run),
    (
        "the_captured_suite_run_finds_as_many_as_stockfish",
        suite_run,
    ),
];

/// The path bitbench is to start as the engine: this binary, or under an emulator a script
/// that starts it there.
fn fake_engine(scratch: &Path) -> PathBuf {
    let me = std::env::current_exe().expect("the test binary's path");
    match std::env::var("BITBENCH_TEST_RUNNER") {
        Ok(runner) if !runner.trim().is_empty() => {
            let script = scratch.join("fake-engine");
            let text = format!("#!/bin/sh\nexec {runner} '{}' \"$@\"\n", me.display());
            std::fs::write(&script, text).unwrap();
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
            }
            script
        }
        _ => me,
    }
}

/// `bitbench engine --uci <fake> ARGS` with the fake engine behaving as `behaviour`; the
/// whole run must end within a minute.
fn engine(behaviour: &str, args: &[&str]) -> Output {
    let scratch = tempfile::tempdir().unwrap();
    let fake = fake_engine(scratch.path());
    engine_at(&fake, behaviour, args)
}

fn engine_at(path: &Path, behaviour: &str, args: &[&str]) -> Output {
    let started = Instant::now();
    let output = common::command()
        .arg("engine")
        .arg("--uci")
        .arg(path)
        .args(args)
        .env(FAKE, behaviour)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("the binary runs");
    assert!(
        started.elapsed() < Duration::from_secs(120),
        "bitbench engine took over two minutes against a `{behaviour}` engine"
    );
    let text = common::text(&output);
    assert!(!text.contains("panicked"), "a panic:\n{text}");
    output
}

/// Asserts the exit status and that the output holds every one of `needles`.
fn expect(output: &Output, status: i32, needles: &[&str]) {
    let text = common::text(output);
    assert_eq!(
        output.status.code(),
        Some(status),
        "exit status; output:\n{text}"
    );
    for needle in needles {
        assert!(text.contains(needle), "no {needle:?} in:\n{text}");
    }
}

/// A record-free, measurement-free run: the second configuration named.
const NAMED: [&str; 2] = ["--with", "slider=hyperbola"];

fn good_engine() {
    let output = engine(
        "good",
        &["--depth", "2", "--rounds", "2", NAMED[0], NAMED[1]],
    );
    expect(
        &output,
        0,
        &[
            "engine:  bitbench fake engine (",
            "--with:  slider=hyperbola,between=rectangular,pins=snipers,knights=lookup",
            "every count agrees",
        ],
    );
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let header = text
        .lines()
        .find(|l| l.starts_with("position"))
        .expect("a table");
    for column in [
        "depth",
        "nodes",
        "engine M nodes/s",
        "default M nodes/s",
        "--with M nodes/s",
        "default ÷ engine",
        "--with ÷ engine",
    ] {
        assert!(
            header.contains(column),
            "{column:?} missing from {header:?}"
        );
    }
    for (name, count) in [
        ("initial position", "400"),
        ("Kiwipete (position 2)", "2,039"),
        ("position 3", "191"),
        ("position 4", "264"),
        ("position 5", "1,486"),
        ("position 6", "2,079"),
        ("all", "6,459"),
    ] {
        let row = text
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no row {name}:\n{text}"));
        assert!(row.contains(count), "{row}");
        assert!(!row.contains("differ"), "{row}");
    }
}

fn positions_file() {
    let scratch = tempfile::tempdir().unwrap();
    let file = scratch.path().join("suite.epd");
    std::fs::write(
        &file,
        "# two positions\n\
         4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n\
         \n\
         8/8/8/8/8/8/8/K6k w - - 0 1\n",
    )
    .unwrap();
    let file = file.to_string_lossy().into_owned();
    let output = engine(
        "good",
        &["--positions", &file, "--depth", "2", NAMED[0], NAMED[1]],
    );
    expect(
        &output,
        0,
        &[
            "suite.epd:2",
            "suite.epd:4",
            "66",
            "* not in the published table or the file",
            "every count agrees",
        ],
    );
}

fn fastest_from_a_record() {
    let scratch = tempfile::tempdir().unwrap();
    let record = common::synthetic_record("Test CPU", "2026-11-22T10:00:00Z");
    let folder = scratch.path().join(record.machine.cpu.slug());
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("20261122t100000z.json"), record.to_json()).unwrap();
    let results = scratch.path().to_string_lossy().into_owned();
    let output = engine(
        "good",
        &["--depth", "1", "--rounds", "1", "--results", &results],
    );
    // The synthetic record ranks the variants in registry order: the first is best.
    expect(
        &output,
        0,
        &[
            "fastest: slider=classical,between=rectangular,pins=snipers,knights=lookup (rook_attacks.classical)",
            "the best-ranked of our",
            "20261122t100000z.json (measured 2026-11-22, a --quick run)",
            "fastest M nodes/s",
        ],
    );
}

fn fastest_by_measuring() {
    let scratch = tempfile::tempdir().unwrap();
    let results = scratch.path().to_string_lossy().into_owned();
    let output = engine(
        "good",
        &["--depth", "1", "--rounds", "1", "--results", &results],
    );
    expect(
        &output,
        0,
        &[
            "measuring our configurations",
            "measured here, as no record of this CPU ranks perft",
        ],
    );
}

fn not_executable() {
    let scratch = tempfile::tempdir().unwrap();
    let text_file = scratch.path().join("notes.txt");
    std::fs::write(&text_file, "not a program\n").unwrap();
    let output = engine_at(&text_file, "good", &[]);
    expect(&output, 2, &["error: cannot start the engine", "notes.txt"]);
    let missing = scratch.path().join("no-such-engine");
    let output = engine_at(&missing, "good", &[]);
    expect(
        &output,
        2,
        &["error: cannot start the engine", "no such file"],
    );
    let output = engine_at(scratch.path(), "good", &[]);
    expect(&output, 2, &["it is a folder, not a program"]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::Permissions::from_mode(0o644);
        std::fs::set_permissions(&text_file, mode).unwrap();
        let output = engine_at(&text_file, "good", &[]);
        expect(&output, 2, &["not executable (mode 644)"]);
    }
}

fn not_uci_exits() {
    let output = engine("not-uci-exits", &["--timeout", "5"]);
    expect(
        &output,
        2,
        &[
            "is not a UCI engine",
            "exited with status 3 without answering `uci` with `uciok`",
            "usage: fake [FILE]",
        ],
    );
}

fn not_uci_chatters() {
    let output = engine("not-uci-chatters", &["--timeout", "1"]);
    expect(
        &output,
        2,
        &[
            "is not a UCI engine",
            "no `uciok` within 1.0 s of `uci`",
            "what is uci?",
        ],
    );
}

fn no_perft() {
    let output = engine("no-perft", &["--timeout", "5"]);
    expect(
        &output,
        2,
        &[
            "the engine has no perft",
            "it answered `go perft 1` with `info depth 1 score cp 13 nodes 20 pv e2e4`",
        ],
    );
}

fn crashes() {
    let output = engine("crash", &["--depth", "2", NAMED[0], NAMED[1]]);
    expect(
        &output,
        2,
        &[
            "crashed",
            "during `go perft 2` on ",
            "counting ",
            "a2a3: 20",
        ],
    );
}

fn wrong_count() {
    let output = engine(
        "wrong",
        &["--depth", "2", "--rounds", "2", NAMED[0], NAMED[1]],
    );
    expect(
        &output,
        1,
        &[
            "disagreement: Kiwipete (position 2) at depth 2 \
             (r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1): \
             the published table says 2039, the engine counted 2040",
            "e1g1: the engine 44, ours 43",
            "counts differ",
        ],
    );
    let text = common::text(&output);
    assert_eq!(
        text.matches("disagreement:").count(),
        1,
        "once, not per round:\n{text}"
    );
}

fn hangs() {
    let output = engine(
        "hang",
        &["--depth", "2", "--timeout", "1", NAMED[0], NAMED[1]],
    );
    expect(
        &output,
        2,
        &[
            "did not answer `go perft 2` on ",
            "within 1.0 s, and was stopped",
        ],
    );
    let output = engine("hang-at-start", &["--timeout", "1"]);
    expect(&output, 2, &["no `uciok` within 1.0 s of `uci`"]);
}

fn bad_input() {
    let scratch = tempfile::tempdir().unwrap();
    let file = scratch.path().join("bad.epd");
    std::fs::write(&file, "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 many\n").unwrap();
    let file = file.to_string_lossy().into_owned();
    let output = engine("good", &["--positions", &file]);
    expect(
        &output,
        2,
        &["bad.epd:1", "`;D2 many` is not a `;D<depth> <count>` entry"],
    );
    let output = engine("good", &["--timeout", "0"]);
    expect(&output, 2, &["--timeout 0 is not a number of seconds"]);
    let output = engine("good", &["--with", "slider=pext,knights=shifts_premask"]);
    expect(&output, 2, &["not compiled"]);
    let output = engine("good", &["--quick", "--depth", "2"]);
    expect(&output, 2, &["cannot be used with"]);
    let output = common::command()
        .args(["--only", "in_between", "engine", "--uci", "x"])
        .output()
        .unwrap();
    expect(&output, 2, &["`engine` does not take --only"]);
}

/// The block of docs/comparisons.md that scripts/readme.sh --engine captured from the command
/// that starts with `command`, from its opening comment to its end.
fn captured_block(command: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let page = std::fs::read_to_string(root.join("docs/comparisons.md")).unwrap();
    let open = format!("<!-- captured by scripts/readme.sh --engine: {command}");
    let start = page
        .find(&open)
        .unwrap_or_else(|| panic!("docs/comparisons.md has no block captured from {command}"));
    let block = &page[start..];
    block[..block.find("<!-- end of captured run -->").expect("its end")].to_string()
}

/// The captured run in docs/comparisons.md (scripts/readme.sh --engine) is a timing no test
/// can repeat, but its counts can be checked: every published position, at the depth it
/// shows, with its published count, and every count agreed.
fn readme_run() {
    let block = captured_block("bitbench engine --uci ");
    let block = block.as_str();
    assert!(block.contains("every count agrees"), "{block}");
    for published in strategies::perft::workloads::PUBLISHED {
        let row = block
            .lines()
            .find(|l| l.starts_with(published.name))
            .unwrap_or_else(|| panic!("no row {}:\n{block}", published.name));
        let cells: Vec<&str> = row[published.name.len()..].split_whitespace().collect();
        let depth: usize = cells[0].parse().unwrap();
        let nodes: u64 = cells[1].replace(',', "").parse().unwrap();
        assert_eq!(nodes, published.counts[depth - 1], "{row}");
    }
}

/// The captured Win at Chess run in docs/comparisons.md (scripts/readme.sh --engine): ours at
/// depth 6 found at least as many best moves as the engine did at `go depth 6`, and both
/// counted the whole suite.
fn suite_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let block = captured_block("bitbench search --epd ");
    let block = block.as_str();
    let cases = strategies::search::suite::parse_epd(
        &std::fs::read_to_string(root.join("strategies/src/families/search/wac.epd")).unwrap(),
    )
    .unwrap()
    .len();
    // `NAME: found N of M at ...`, ours first.
    let found: Vec<usize> = block
        .lines()
        .filter_map(|line| {
            let rest = line.split_once(": found ")?.1;
            let (n, rest) = rest.split_once(" of ")?;
            let (m, _) = rest.split_once(' ')?;
            assert_eq!(m.parse::<usize>().ok(), Some(cases), "{line}");
            n.parse().ok()
        })
        .collect();
    assert_eq!(found.len(), 2, "ours and the engine's totals:\n{block}");
    assert!(found[0] >= found[1], "ours found fewer:\n{block}");
    assert!(
        block.contains("at depth 6") && block.contains("at go depth 6"),
        "{block}"
    );
}

/// The fake engine: enough UCI for `bitbench engine`, its perft by our own generator, and the
/// behaviours the tests need.
/// Engines that misbehave in a way chosen by a seed (see `fake::misbehave`): each run ends
/// within its time limits with a clear message (exit status 1 for a disagreement, 2 for an
/// engine that cannot be used), or, where the garbage happened to be harmless, succeeds; it
/// never hangs or panics. A failure names the seed.
fn garbage_engines() {
    // The seeds at once: each spends most of its time waiting on a time limit.
    let kinds: std::collections::BTreeSet<String> = std::thread::scope(|scope| {
        let seeds: Vec<_> = (0..12)
            .map(|seed| scope.spawn(move || garbage(seed)))
            .collect();
        seeds
            .into_iter()
            .filter_map(|seed| seed.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    assert!(
        kinds.len() >= 2,
        "the seeds met too few kinds of failure: {kinds:?}"
    );
}

/// One seed of [`garbage_engines`]: what went wrong, if the run failed.
fn garbage(seed: u64) -> Option<String> {
    let started = Instant::now();
    let output = engine(
        &format!("garbage:{seed}"),
        &[
            "--depth",
            "2",
            "--rounds",
            "1",
            "--timeout",
            "0.5",
            NAMED[0],
            NAMED[1],
        ],
    );
    let text = common::text(&output);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let code = output.status.code();
    assert!(
        matches!(code, Some(0..=2)),
        "seed {seed}: exit status {code:?}:\n{text}"
    );
    assert!(
        !stderr.contains("Usage:"),
        "seed {seed}: refused its arguments:\n{text}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "seed {seed}: {:?}:\n{text}",
        started.elapsed()
    );
    (code != Some(0)).then(|| {
        let error = stderr
            .lines()
            .find(|l| l.starts_with("error: "))
            .unwrap_or_else(|| panic!("seed {seed}: failed without an error line:\n{text}"));
        // What went wrong, without the position and the times.
        error.split(':').nth(1).unwrap_or("").trim().to_string()
    })
}

mod fake {
    use super::*;

    pub fn run(behaviour: &str) -> ExitCode {
        let stdin = std::io::stdin();
        let mut out = std::io::stdout().lock();
        let mut position = None;
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            let line = line.trim().to_string();
            let say = |out: &mut std::io::StdoutLock, text: &str| {
                let _ = writeln!(out, "{text}");
                let _ = out.flush();
            };
            match behaviour {
                "not-uci-exits" => {
                    say(&mut out, "usage: fake [FILE]");
                    return ExitCode::from(3);
                }
                "not-uci-chatters" => {
                    say(&mut out, &format!("what is {line}?"));
                    continue;
                }
                "hang-at-start" => continue,
                _ => {}
            }
            let mut words = line.split_whitespace();
            match words.next() {
                Some("uci") => {
                    say(&mut out, "id name bitbench fake engine");
                    say(&mut out, "id author the bitbench tests");
                    say(&mut out, "uciok");
                }
                Some("isready") => say(&mut out, "readyok"),
                Some("position") => {
                    let fen = line.strip_prefix("position fen ").unwrap_or("");
                    position = Position::from_fen(fen).ok();
                }
                Some("go") => {
                    let depth: u32 = line
                        .strip_prefix("go perft ")
                        .and_then(|d| d.trim().parse().ok())
                        .unwrap_or(0);
                    if behaviour == "no-perft" {
                        say(&mut out, "info depth 1 score cp 13 nodes 20 pv e2e4");
                        say(&mut out, "bestmove e2e4");
                        continue;
                    }
                    let Some(position) = position else { continue };
                    perft(&mut out, behaviour, &position, depth);
                }
                Some("quit") => return ExitCode::SUCCESS,
                _ => {}
            }
        }
        ExitCode::SUCCESS
    }

    /// One of the ways an engine's answer to `go perft` can go wrong, chosen by `seed` and
    /// the position: garbage, a partial line, a line of a megabyte, wrong or impossible counts,
    /// the total first, invalid UTF-8, a stall, a death mid-count.
    fn misbehave(out: &mut std::io::StdoutLock, seed: u64, position: &Position, depth: u32) {
        use rand::{Rng, SeedableRng};
        let fen = position.to_fen();
        let mixed = fen
            .bytes()
            .fold(seed, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(mixed ^ u64::from(depth));
        let moves = movegen::divide(movegen::configs::default_config(), position, depth);
        let total: u64 = moves.iter().map(|(_, n)| n).sum();
        let mut say = |bytes: &[u8]| {
            let _ = out.write_all(bytes);
            let _ = out.flush();
        };
        match rng.random_range(0..10) {
            0 => {
                for _ in 0..rng.random_range(1..20) {
                    let junk: Vec<u8> = (0..rng.random_range(0..80))
                        .map(|_| rng.random_range(b' '..=b'~'))
                        .collect();
                    say(&[junk.as_slice(), b"\n"].concat());
                }
            }
            1 => say(b"e2e4: 1"), // a partial line, then silence
            2 => {
                say(&vec![b'x'; 1 << 20]);
                say(b"\n");
                say(format!("\nNodes searched: {total}\n\n").as_bytes());
            }
            3 => {
                for (mv, _) in &moves {
                    say(format!("{mv}: {}\n", rng.random::<u32>()).as_bytes());
                }
                say(format!("\nNodes searched: {}\n\n", rng.random::<u32>()).as_bytes());
            }
            4 => {
                say(format!("Nodes searched: {total}\n").as_bytes());
                for (mv, nodes) in moves.iter().rev() {
                    say(format!("{mv}: {nodes}\n").as_bytes());
                }
            }
            5 => say(b"e2e4: \xff\xfe\x80\nNodes searched: \xc3\x28\n\n"),
            6 => std::thread::sleep(Duration::from_secs(3600)),
            7 => {
                if let Some((mv, nodes)) = moves.first() {
                    say(format!("{mv}: {nodes}\n").as_bytes());
                }
                std::process::exit(0);
            }
            8 => say(b"\nNodes searched: 99999999999999999999999999\n\n"),
            _ => say(b"\nNodes searched: -12\n\n"),
        }
    }

    /// A divide, then the total; or the behaviour's failure.
    fn perft(out: &mut std::io::StdoutLock, behaviour: &str, position: &Position, depth: u32) {
        if let Some(seed) = behaviour.strip_prefix("garbage:") {
            misbehave(out, seed.parse().unwrap_or(0), position, depth);
            return;
        }
        if behaviour == "hang" && depth >= 2 {
            std::thread::sleep(Duration::from_secs(3600));
        }
        let kiwipete = position.to_fen().starts_with("r3k2r/p1ppqpb1/");
        let mut total = 0;
        let mut moves = movegen::divide(movegen::configs::default_config(), position, depth);
        moves.sort_by_cached_key(|(mv, _)| mv.to_string());
        for (i, (mv, nodes)) in moves.into_iter().enumerate() {
            let nodes = if behaviour == "wrong" && kiwipete && mv.to_string() == "e1g1" {
                nodes + 1
            } else {
                nodes
            };
            total += nodes;
            let _ = writeln!(out, "{mv}: {nodes}");
            let _ = out.flush();
            if behaviour == "crash" && depth >= 2 && i == 0 {
                std::process::abort();
            }
        }
        let _ = writeln!(out, "\nNodes searched: {total}\n");
        let _ = out.flush();
    }
}
