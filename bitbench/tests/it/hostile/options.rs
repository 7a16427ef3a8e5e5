//! Every option a command shows is honoured or refused: the walk reads `bitbench --help` for
//! the commands (whatever they are: a command added later is walked too), each command's
//! `--help` for its options, and for each option runs the command with and without it. The
//! option passes if, in at least one of the command's scenarios, its output or exit status
//! changes (a refusal is a change too); an option that changes nothing anywhere is shown and
//! then ignored, and fails the test.
//!
//! What the walk cannot find by itself is written down here: the invocations each command
//! starts from ([`scenarios`]) and a value for each kind of option value ([`sample`]). A
//! command or a value name without one fails the test, naming what to add.
//!
//! A run that would measure is kept from measuring by `BITBENCH_ASSUME_EMULATED`: it prints
//! what it would do (its plan), then refuses, which shows every option of `run`.

use super::failure_classes::{scale, STARTPOS};
use super::{common, Records};
use std::io::Read;
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest one invocation may take.
const TIME_LIMIT: Duration = Duration::from_secs(90);

/// The records the scenarios read, in a folder of their own.
struct Files {
    dir: tempfile::TempDir,
}

impl Files {
    fn new(records: &Records) -> Files {
        let dir = tempfile::tempdir().unwrap();
        let put = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        put("good.json", &records.good());
        put("full.json", &records.full());
        put("other.json", &records.other_cpu());
        put(
            "slower.json",
            &records.with(|r| {
                scale(r, 1.3, |m| {
                    m["family"] == "knight_attacks" && m["variant"] == "lookup"
                })
            }),
        );
        // The same record measured by another method: in one process if it was in forks, or
        // the other way round, so that --across-methods changes a comparison.
        put(
            "method.json",
            &records.with(|r| {
                let forks = r["run"]["forks"].as_u64().unwrap_or(1);
                r["run"]["forks"] = serde_json::json!(if forks > 1 { 1 } else { 3 });
            }),
        );
        put(
            &format!("results/{}/good.json", records.slug),
            &records.good(),
        );
        // A record where SIMD variants win, so that --disable changes the advice.
        let committed = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../results/intel-xeon-f6m167/20261123t122426z.json.gz");
        put(
            "real.json",
            &harness::record::read_text(&committed).unwrap(),
        );
        // Two positions of Win at Chess, for `search --epd`.
        put(
            "suite.epd",
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n\
             8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"WAC.002\";\n",
        );
        // A UCI engine that counts with bitbench's own perft, for `engine`.
        let engine = dir.path().join("fake-uci");
        let script = format!(
            "#!/bin/sh\n\
             fen='{STARTPOS}'\n\
             while read -r line; do\n\
               case \"$line\" in\n\
                 uci) echo 'id name walker'; echo uciok;;\n\
                 isready) echo readyok;;\n\
                 'position fen '*) fen=\"${{line#position fen }}\";;\n\
                 'go perft '*) n=\"${{line#go perft }}\";\n\
                   echo \"Nodes searched: $('{}' perft \"$fen\" \"$n\" | sed -n 's/^nodes //p')\";;\n\
                 quit) exit 0;;\n\
               esac\n\
             done\n",
            env!("CARGO_BIN_EXE_bitbench")
        );
        std::fs::write(&engine, script).unwrap();
        std::fs::set_permissions(&engine, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        Files { dir }
    }

    fn path(&self, name: &str) -> String {
        self.dir.path().join(name).display().to_string()
    }
}

/// The invocations (arguments after the command's name) each command is walked from; `None`
/// for a command this test does not know yet.
fn scenarios(command: &str, files: &Files) -> Option<Vec<Vec<String>>> {
    let f = |name: &str| files.path(name);
    let s = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    let simd_between = if cfg!(target_arch = "aarch64") {
        "between=calculated_neon"
    } else {
        "between=calculated_avx2"
    };
    let pairs = || {
        vec![
            vec![f("good.json"), f("slower.json")],
            vec![f("good.json"), f("other.json")],
            vec![f("good.json"), f("full.json")],
            vec![f("good.json"), f("method.json")],
        ]
    };
    Some(match command {
        // `crosscheck` and `invariance` print what they would measure, then refuse.
        "" | "run" | "list" | "crosscheck" | "invariance" => vec![vec![]],
        "verify" => vec![
            s(&["--only", "in_between"]),
            s(&["--only", "in_between", "--json"]),
        ],
        "report" => vec![
            vec![f("good.json"), "--out".into(), "o".into()],
            vec![f("good.json"), "--format".into(), "bmf".into()],
        ],
        "plot" => vec![vec![
            f("good.json"),
            f("other.json"),
            "--out".into(),
            "o".into(),
        ]],
        "compare" | "repeatability" => pairs(),
        "simulate" => vec![s(&["--runs", "2"])],
        "site" => vec![vec![
            "--results".into(),
            f("results"),
            "--out".into(),
            "o".into(),
        ]],
        "advise" => vec![vec![f("real.json")]],
        "positions" => vec![vec![], s(&["--fen"])],
        "perft" => vec![
            s(&[STARTPOS, "2", "--with", simd_between]),
            s(&["--verify-table", "--max-depth", "1"]),
            s(&[STARTPOS, "10"]),
        ],
        "search" => vec![
            s(&[STARTPOS, "2", "--with", simd_between]),
            s(&["--bench", "--depth", "1"]),
            vec!["--epd".into(), f("suite.epd"), "--depth".into(), "2".into()],
        ],
        "engine" => vec![vec![
            "--uci".into(),
            f("fake-uci"),
            "--depth".into(),
            "2".into(),
        ]],
        _ => return None,
    })
}

/// A value for an option, by the name its help gives the value.
fn sample(value: &str) -> Option<String> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) + 1;
    Some(match value {
        "<DIR>" => "walked".into(),
        "<PCT>" => "50".into(),
        "<SEED>" => "12345".into(),
        "<FAMILY|VARIANT[,...]>" => "knight_attacks".into(),
        "<FEATURE[,FEATURE...]>" => "avx2,neon".into(),
        "<KEY=TECHNIQUE[,...]>" => "slider=hyperbola".into(),
        "<FORMAT>" => "gab".into(),
        "<MAX_DEPTH>" => "2".into(),
        "<MIB>" => "1".into(),
        "<THREADS>" => threads.to_string(),
        // `engine`: another (missing) engine or file, another depth or count, a timeout no
        // engine meets.
        "<PATH>" | "<FILE>" => "walked".into(),
        "<N>" => "1".into(),
        "<SECONDS>" => "0.000001".into(),
        _ => return None,
    })
}

/// `bitbench [command] --help`.
fn help(command: &str) -> String {
    let mut args = vec![command, "--help"];
    args.retain(|a| !a.is_empty());
    let output = common::bitbench(&args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        common::text(&output)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The commands `bitbench --help` lists, `help` left out.
fn commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        // A command's line starts two spaces in; a wrapped description, further.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The options a help text lists, each with the name of its value if it takes one; `--help`
/// and `--version` left out.
fn options(help: &str) -> Vec<(String, Option<String>)> {
    help.lines()
        .skip_while(|l| !l.starts_with("Options:"))
        .filter(|l| l.starts_with("      --") || (l.starts_with("  -") && l.contains(", --")))
        .filter_map(|l| {
            let mut words = l.split_whitespace().skip_while(|w| !w.starts_with("--"));
            let name = words.next()?.to_string();
            let value = words.next().filter(|w| w.starts_with('<'));
            Some((name, value.map(str::to_string)))
        })
        .filter(|(name, _)| name != "--help" && name != "--version")
        .collect()
}

/// A line of output as compared: numbers in lines that report a time or a rate are masked.
fn normalized(line: &str) -> String {
    let timed = ["M nodes/s", "built in", " s in", "s left"];
    if timed.iter().any(|t| line.contains(t)) {
        line.chars()
            .map(|c| if c.is_ascii_digit() { '#' } else { c })
            .collect()
    } else {
        line.to_string()
    }
}

/// What an invocation printed so far, as complete normalized lines, per stream.
#[derive(Clone, Debug, Default, PartialEq)]
struct Seen {
    stdout: Vec<String>,
    stderr: Vec<String>,
    /// The exit status, once it ended.
    status: Option<String>,
}

impl Seen {
    fn lines(bytes: &[u8], complete: bool) -> Vec<String> {
        let text = String::from_utf8_lossy(bytes);
        let end = if complete {
            text.len()
        } else {
            text.rfind('\n').map_or(0, |i| i + 1)
        };
        text[..end].lines().map(normalized).collect()
    }

    /// Whether this, still running, could yet become `whole`: each stream a prefix of it.
    fn could_become(&self, whole: &Seen) -> bool {
        whole.stdout.starts_with(&self.stdout) && whole.stderr.starts_with(&self.stderr)
    }
}

/// Drains a pipe into a buffer the caller can read while it fills.
fn drain(pipe: impl Read + Send + 'static) -> Arc<Mutex<Vec<u8>>> {
    let buffer = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&buffer);
    std::thread::spawn(move || {
        let mut pipe = pipe;
        let mut chunk = [0u8; 8192];
        while let Ok(n @ 1..) = pipe.read(&mut chunk) {
            sink.lock().unwrap().extend_from_slice(&chunk[..n]);
        }
    });
    buffer
}

/// Runs `bitbench ARGS` in a fresh folder until it ends, or until its output can no longer
/// become `base`'s (then it is stopped: it has changed something).
fn invoke(args: &[String], base: Option<&Seen>) -> Seen {
    let cwd = tempfile::tempdir().unwrap();
    let mut child: Child = common::command()
        .args(args)
        .current_dir(cwd.path())
        .env("BITBENCH_ASSUME_EMULATED", "1")
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = drain(child.stdout.take().unwrap());
    let err = drain(child.stderr.take().unwrap());
    let started = Instant::now();
    loop {
        let status = child.try_wait().unwrap();
        if let Some(status) = status {
            // Let the drains take the last bytes.
            std::thread::sleep(Duration::from_millis(20));
            return Seen {
                stdout: Seen::lines(&out.lock().unwrap(), true),
                stderr: Seen::lines(&err.lock().unwrap(), true),
                status: Some(format!("{status}")),
            };
        }
        let partial = Seen {
            stdout: Seen::lines(&out.lock().unwrap(), false),
            stderr: Seen::lines(&err.lock().unwrap(), false),
            status: None,
        };
        let diverged = base.is_some_and(|base| !partial.could_become(base));
        if diverged || started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Seen {
                status: Some(
                    if diverged {
                        "stopped: changed"
                    } else {
                        "killed"
                    }
                    .into(),
                ),
                ..partial
            };
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `base` with `option` (and its value) added; where `base` already holds it, its value
/// replaced; `None` for a flag `base` already holds.
fn with_option(base: &[String], option: &str, value: Option<&str>) -> Option<Vec<String>> {
    let mut args = base.to_vec();
    match (args.iter().position(|a| a == option), value) {
        (Some(_), None) => return None,
        (Some(at), Some(value)) => args[at + 1] = value.to_string(),
        (None, value) => {
            args.push(option.to_string());
            args.extend(value.map(str::to_string));
        }
    }
    Some(args)
}

/// Walks every option of `command` (`""`: the options before any command); returns what is
/// wrong.
fn walk(command: &str, files: &Files) -> Vec<String> {
    let shown = if command.is_empty() {
        "bitbench"
    } else {
        command
    };
    let Some(scenarios) = scenarios(command, files) else {
        return vec![format!(
            "`{shown}` has no scenario in bitbench/tests/it/hostile/options.rs: add the invocations \
             its options are walked from"
        )];
    };
    let prefix: Vec<String> = [command]
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect();
    let full = |args: &[String]| prefix.iter().chain(args).cloned().collect::<Vec<_>>();
    let bases: Vec<(Vec<String>, Seen)> = scenarios
        .iter()
        .map(|args| (args.clone(), invoke(&full(args), None)))
        .collect();
    let mut problems = Vec::new();
    for (base, seen) in &bases {
        if seen.status.as_deref() == Some("killed") {
            problems.push(format!("`{shown} {}` did not end", base.join(" ")));
        }
    }
    for (option, value) in options(&help(command)) {
        let value = match value.as_deref().map(|v| (v, sample(v))) {
            Some((name, None)) => {
                problems.push(format!(
                    "{shown} {option}: no sample value for {name} in bitbench/tests/it/hostile/options.rs"
                ));
                continue;
            }
            Some((_, Some(value))) => Some(value),
            None => None,
        };
        let changes = bases.iter().any(|(base, seen)| {
            with_option(base, &option, value.as_deref())
                .is_some_and(|args| invoke(&full(&args), Some(seen)) != *seen)
        });
        if !changes {
            problems.push(format!(
                "`{shown} {option}` changes nothing in any scenario: it is shown and ignored"
            ));
        }
    }
    problems
}

pub fn every_option_is_honoured_or_refused(records: &Records) {
    let files = Files::new(records);
    let top = help("");
    let commands = commands(&top);
    assert!(
        commands.len() >= 11 && commands.iter().any(|c| c == "perft"),
        "the commands are read from --help: {commands:?}"
    );
    let mut problems = Vec::new();
    let mut walked = 0;
    for command in [String::new()].iter().chain(&commands) {
        walked += options(&help(command)).len();
        problems.extend(walk(command, &files));
    }
    println!(
        "walked {walked} options of {} commands and the options before them",
        commands.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Arguments no command takes, or values no option wants.
const JUNK: [&str; 16] = [
    "--",
    "-",
    "-x",
    "--no-such-option",
    "--only=",
    "=",
    "",
    " ",
    "../../..",
    "-1",
    "99999999999999999999",
    "\u{202e}evil",
    "%s%n",
    "nan",
    "results/../../etc",
    "--disable",
];

/// Options that random vectors never draw: each lifts a guard against work of hours, which a
/// drawn scenario can meet (`perft` of the initial position to depth 10).
const NOT_AT_RANDOM: [(&str, &str); 1] = [("perft", "--force")];

/// Random argument vectors for every command: one of its scenarios, or nothing, with options
/// from its own `--help` (a sample value or junk; not [`NOT_AT_RANDOM`]) and junk arguments
/// mixed in, drawn from a recorded seed. Each ends with exit status 0, 1 or 2 (never a panic's 101, never a hang),
/// with a message on standard error whenever it is not 0; one that fails writes nothing, in
/// its working folder or among the records it read. Returns how many ran.
pub fn random_argument_vectors(records: &Records, per_command: usize) -> usize {
    use rand::{Rng, SeedableRng};
    const SEED: u64 = 0x0A26_5EED;
    let files = Files::new(records);
    let top = help("");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(SEED);
    let mut ran = 0;
    for command in [String::new()].iter().chain(&commands(&top)) {
        let mut own = options(&help(command));
        own.retain(|(option, _)| !NOT_AT_RANDOM.contains(&(command.as_str(), option.as_str())));
        let bases = scenarios(command, &files).unwrap_or_default();
        for n in 0..per_command {
            let mut args: Vec<String> = Vec::new();
            if !command.is_empty() {
                args.push(command.clone());
            }
            if !bases.is_empty() && rng.random_bool(0.7) {
                args.extend(bases[rng.random_range(0..bases.len())].iter().cloned());
            }
            for _ in 0..rng.random_range(1..=4) {
                let junk = JUNK[rng.random_range(0..JUNK.len())].to_string();
                if own.is_empty() || rng.random_bool(0.3) {
                    args.insert(rng.random_range(0..=args.len()), junk);
                    continue;
                }
                let (option, value) = &own[rng.random_range(0..own.len())];
                args.push(option.clone());
                if let Some(value) = value {
                    match sample(value) {
                        Some(good) if rng.random_bool(0.6) => args.push(good),
                        _ => args.push(junk),
                    }
                }
            }
            let context = format!("seed {SEED:#x}, `{command}` vector {n}: {args:?}");
            let work = tempfile::tempdir().unwrap();
            let records_before = common::tree(files.dir.path());
            let mut child = common::command()
                .args(&args)
                .current_dir(work.path())
                .env("BITBENCH_ASSUME_EMULATED", "1")
                .env("RUST_BACKTRACE", "1")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let mut pipe = child.stderr.take().unwrap();
            let reader = std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = pipe.read_to_end(&mut bytes);
                bytes
            });
            let started = Instant::now();
            let status = loop {
                if let Some(status) = child.try_wait().unwrap() {
                    break status;
                }
                if started.elapsed() > TIME_LIMIT {
                    let _ = child.kill();
                    panic!("{context}: still running after {TIME_LIMIT:?}");
                }
                std::thread::sleep(Duration::from_millis(5));
            };
            let stderr = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
            let code = status.code();
            common::assert_exits_cleanly(&context, code, &stderr);
            if code != Some(0) {
                assert!(
                    common::tree(work.path()).is_empty(),
                    "{context}: failed ({stderr}), yet wrote into its folder"
                );
                assert!(
                    common::tree(files.dir.path()) == records_before,
                    "{context}: failed ({stderr}), yet changed the records it read"
                );
            }
            ran += 1;
        }
    }
    ran
}
