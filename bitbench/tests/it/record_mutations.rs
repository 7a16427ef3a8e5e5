//! Generated records: mutations of a good record, drawn from a recorded seed. Keys deleted,
//! renamed or repeated; values of the wrong type; NaN, infinities, negative and huge numbers;
//! strings with control characters, HTML and right-to-left marks; deep nesting; the text cut
//! short at every kind of boundary.
//!
//! Every mutation goes through the reader ([`Record::parse`]): it is accepted, and then every
//! consumer of records reads it without a panic and it writes back to a record that reads
//! again; or it is refused, and the message names the field (or, for text that is not JSON,
//! the line and column). A sample goes through each command that reads records as a user
//! would run it: the exit status is 0, 1 or 2, never a panic, with a message on standard error
//! whenever it is not 0, and a command that fails leaves its folder as it was.

use crate::common;
use harness::base::machine::Machine;
use harness::choose::select::{narrow, Selection};
use harness::record::{Record, RecordError};
use harness::render::report;
use harness::tools::{advise, compare, export, repeatability};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use strategies::Families;

/// The seed of the mutations; a failure names it with the mutated text's number.
const SEED: u64 = 0x5E_ED4E_C04D;
/// How many mutated records the reader sees.
const MUTATIONS: usize = 10_000;
/// How many of them each command that reads records runs on, as a process.
const THROUGH_COMMANDS: usize = 6;

/// The good record the mutations start from: the synthetic record narrowed to two variants of
/// one family, so that ten thousand of them are read in seconds.
fn base() -> Record {
    let record = common::synthetic_record("Test CPU", "2026-11-22T10:00:00Z");
    let only = "knight_attacks/lookup,knight_attacks/shifts_premask".to_string();
    let selection = Selection::parse::<Families>(&[only]).expect("two variants");
    narrow(&record, &selection, &[])
}

/// One step of a path into a JSON value.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every path to a value of `value`, the root included.
fn paths(value: &Value) -> Vec<Vec<Step>> {
    let mut all = vec![Vec::new()];
    let mut i = 0;
    while i < all.len() {
        let path = all[i].clone();
        match at(value, &path) {
            Some(Value::Object(map)) => {
                for key in map.keys() {
                    let mut next = path.clone();
                    next.push(Step::Key(key.clone()));
                    all.push(next);
                }
            }
            Some(Value::Array(items)) => {
                for index in 0..items.len() {
                    let mut next = path.clone();
                    next.push(Step::Index(index));
                    all.push(next);
                }
            }
            _ => {}
        }
        i += 1;
    }
    all
}

fn at<'a>(value: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(value, |v, step| match step {
        Step::Key(key) => v.get(key),
        Step::Index(i) => v.get(i),
    })
}

fn at_mut<'a>(value: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |v, step| match step {
        Step::Key(key) => v.get_mut(key),
        Step::Index(i) => v.get_mut(i),
    })
}

/// Values of another type, or out of any range.
fn odd_value(rng: &mut ChaCha8Rng) -> Value {
    let long = "x".repeat(10_000);
    let choices = [
        json!(null),
        json!(true),
        json!(-1),
        json!(0),
        json!(-1.0e300),
        json!(1.0e300),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(0.000_000_1),
        json!(""),
        json!("\u{0}\u{7}\u{1b}[31m\r\n\t"),
        json!("<script>alert(1)</script>&amp;<b>"),
        json!("\u{202e}right to left"),
        json!("../../etc/passwd"),
        json!(long),
        json!([]),
        json!([1, "two", null]),
        json!({}),
        json!({"unexpected": [1, 2, 3]}),
    ];
    choices[rng.random_range(0..choices.len())].clone()
}

/// `value` inside `depth` arrays or objects.
fn nested(value: Value, depth: usize, rng: &mut ChaCha8Rng) -> Value {
    (0..depth).fold(value, |v, _| {
        if rng.random_bool(0.5) {
            json!([v])
        } else {
            json!({ "n": v })
        }
    })
}

/// One mutation of the record `value`, at a random place; the text it becomes, with what was
/// done, for messages.
fn mutate(good: &Value, paths: &[Vec<Step>], rng: &mut ChaCha8Rng) -> (String, String) {
    let mut value = good.clone();
    let path = &paths[rng.random_range(0..paths.len())];
    let shown = format!("{path:?}");
    let kind = rng.random_range(0..9);
    let what = match kind {
        0 => {
            // Delete the key (or the array item) the path ends with.
            if let Some((last, parent)) = path.split_last() {
                match (at_mut(&mut value, parent), last) {
                    (Some(Value::Object(map)), Step::Key(key)) => drop(map.remove(key)),
                    (Some(Value::Array(items)), Step::Index(i)) => drop(items.remove(*i)),
                    _ => {}
                }
            }
            "deleted"
        }
        1 => {
            // Rename it.
            if let Some((Step::Key(key), parent)) = path.split_last() {
                if let Some(Value::Object(map)) = at_mut(&mut value, parent) {
                    if let Some(v) = map.remove(key) {
                        map.insert(format!("{key}_renamed"), v);
                    }
                }
            }
            "renamed"
        }
        2 | 3 => {
            if let Some(v) = at_mut(&mut value, path) {
                *v = odd_value(rng);
            }
            "replaced by an odd value"
        }
        4 => {
            if let Some(v) = at_mut(&mut value, path) {
                let inner = v.take();
                *v = nested(inner, rng.random_range(1..300), rng);
            }
            "nested deep"
        }
        _ => "unchanged",
    };
    let mut text = serde_json::to_string_pretty(&value).unwrap();
    let what = match kind {
        5 => {
            // Repeat a member: the same key twice in one object.
            let lines: Vec<&str> = text.lines().collect();
            let members: Vec<usize> = (0..lines.len())
                .filter(|&i| lines[i].trim_start().starts_with('"') && lines[i].ends_with(','))
                .collect();
            if let Some(&i) = members.get(rng.random_range(0..members.len().max(1))) {
                let mut copy: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                copy.insert(i + 1, lines[i].to_string());
                text = copy.join("\n");
            }
            "a member repeated".to_string()
        }
        6 => {
            // Numbers JSON cannot hold, written as text.
            let odd = [
                "NaN",
                "Infinity",
                "-Infinity",
                "1e999",
                "-1e999",
                "0x10",
                "01",
            ];
            let digits: Vec<usize> = text
                .char_indices()
                .filter(|&(i, c)| c.is_ascii_digit() && i > 0 && text.as_bytes()[i - 1] == b' ')
                .map(|(i, _)| i)
                .collect();
            if let Some(&i) = digits.get(rng.random_range(0..digits.len().max(1))) {
                let end = text[i..]
                    .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == '-'))
                    .map_or(text.len(), |n| i + n);
                text.replace_range(i..end, odd[rng.random_range(0..odd.len())]);
            }
            "a number JSON cannot hold".to_string()
        }
        7 | 8 => {
            // Cut short: anywhere, or just after a structural character.
            let boundaries: Vec<usize> = text
                .char_indices()
                .filter(|&(_, c)| kind == 7 || "{}[],:\"".contains(c))
                .map(|(i, c)| i + c.len_utf8())
                .collect();
            let cut = boundaries[rng.random_range(0..boundaries.len())];
            text.truncate(cut);
            format!("cut at byte {cut}")
        }
        _ => format!("{what} at {shown}"),
    };
    (text, what)
}

/// The names a message may use for a field: every key of the record, and `schema_version`.
fn field_names(good: &Value) -> Vec<String> {
    let mut names: Vec<String> = paths(good)
        .into_iter()
        .filter_map(|p| match p.last() {
            Some(Step::Key(k)) => Some(k.clone()),
            _ => None,
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Whether a refusal says where the record is wrong: the field (by any of its names), or for
/// text that is not JSON at all, the line and column.
fn says_where(error: &RecordError, names: &[String]) -> bool {
    let message = error.to_string();
    match error {
        RecordError::NotJson { .. } => message.contains("line") && message.contains("column"),
        RecordError::Invalid { field, .. } => !field.is_empty(),
        _ => names
            .iter()
            .any(|name| message.contains(&format!("`{name}`")) || message.contains(name)),
    }
}

/// Everything that reads a record, on an accepted one: none may panic.
fn consume(good: &Record, record: &Record) {
    let here = Machine::detect().cpu;
    let _ = report::ranked_tables(record);
    let _ = report::full_tables(record);
    let _ = advise::advise("mutated.json", record, &here);
    let _ = compare::compare(
        ("good.json", good),
        ("mutated.json", record),
        &compare::Options::default(),
    );
    let _ = repeatability::measure(good, record);
    let _ = export::bmf(record);
    let _ = export::github_action_benchmark(record);
}

#[test]
fn mutated_records_are_read_or_refused_by_field_and_never_panic() {
    let good = base();
    let good_value: Value = serde_json::from_str(&good.to_json()).unwrap();
    let all_paths = paths(&good_value);
    let names = field_names(&good_value);
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut outcomes: BTreeMap<&'static str, usize> = BTreeMap::new();
    let path = Path::new("mutated.json");
    for n in 0..MUTATIONS {
        let (text, what) = mutate(&good_value, &all_paths, &mut rng);
        let context = || format!("seed {SEED:#x}, mutation {n} ({what})");
        let parsed = catch_unwind(|| Record::parse(&text, path))
            .unwrap_or_else(|_| panic!("{}: the reader panicked", context()));
        match parsed {
            Ok(record) => {
                *outcomes.entry("accepted").or_default() += 1;
                catch_unwind(AssertUnwindSafe(|| consume(&good, &record)))
                    .unwrap_or_else(|_| panic!("{}: a consumer panicked", context()));
                let again = Record::parse(&record.to_json(), path);
                assert!(
                    again.is_ok(),
                    "{}: accepted, but written back it is refused: {}",
                    context(),
                    again.unwrap_err()
                );
            }
            Err(error) => {
                let kind = match &error {
                    RecordError::NotJson { .. } => "refused: not JSON",
                    RecordError::NotARecord { .. } => "refused: not a record",
                    RecordError::Invalid { .. } => "refused: invalid",
                    RecordError::NewerSchema { .. } => "refused: newer schema",
                    _ => "refused: other",
                };
                *outcomes.entry(kind).or_default() += 1;
                assert!(
                    says_where(&error, &names),
                    "{}: refused without saying where: {error}",
                    context()
                );
            }
        }
    }
    eprintln!("{MUTATIONS} mutated records: {outcomes:?}");
    // Not vacuous: the reader accepts some and refuses some of each kind.
    for kind in [
        "accepted",
        "refused: not JSON",
        "refused: not a record",
        "refused: invalid",
    ] {
        assert!(
            outcomes.get(kind).copied().unwrap_or(0) > 100,
            "{kind}: {outcomes:?}"
        );
    }
}

#[test]
fn commands_that_read_records_exit_cleanly_on_mutated_ones() {
    let good = base();
    let good_value: Value = serde_json::from_str(&good.to_json()).unwrap();
    let all_paths = paths(&good_value);
    let mut rng = ChaCha8Rng::seed_from_u64(SEED ^ 1);
    let slug = good.machine.cpu.slug();
    let mut ran = 0;
    for n in 0..THROUGH_COMMANDS {
        let (text, what) = mutate(&good_value, &all_paths, &mut rng);
        let dir = tempfile::tempdir().unwrap();
        let work = dir.path();
        std::fs::write(work.join("good.json"), good.to_json()).unwrap();
        std::fs::write(work.join("mutated.json"), &text).unwrap();
        std::fs::create_dir_all(work.join(format!("results/{slug}"))).unwrap();
        std::fs::write(work.join(format!("results/{slug}/m.json")), &text).unwrap();
        let commands: [&[&str]; 6] = [
            &["report", "mutated.json", "--out", "out"],
            &["compare", "good.json", "mutated.json"],
            &["advise", "mutated.json"],
            &["plot", "mutated.json", "good.json", "--out", "out"],
            &["site", "--results", "results", "--out", "site"],
            &["repeatability", "good.json", "mutated.json"],
        ];
        for args in commands {
            let before = common::tree(work);
            let output = common::command()
                .args(args)
                .current_dir(work)
                .env("RUST_BACKTRACE", "1")
                .output()
                .unwrap();
            ran += 1;
            let code = output.status.code();
            let stderr = String::from_utf8_lossy(&output.stderr);
            let context = format!("seed {:#x}, mutation {n} ({what}), {args:?}", SEED ^ 1);
            common::assert_exits_cleanly(&context, code, &stderr);
            if code != Some(0) {
                assert!(
                    common::tree(work) == before,
                    "{context}: failed ({stderr}), and changed its folder"
                );
            }
        }
    }
    assert_eq!(ran, 6 * THROUGH_COMMANDS);
}

/// The fuzzing corpus of `scripts/fuzz.sh` (`fuzz/corpus/record/`) and every input it ever
/// found to crash (`fuzz/regressions/record/`): each is read as the mutations are, and holds
/// the same promises.
#[test]
fn the_fuzzing_corpus_and_its_regressions_replay() {
    let good = base();
    let names = field_names(&serde_json::from_str(&good.to_json()).unwrap());
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut replayed = 0;
    for folder in ["corpus/record", "regressions/record"] {
        let Ok(entries) = std::fs::read_dir(fuzz.join(folder)) else {
            assert_ne!(folder, "corpus/record", "the corpus is missing");
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue; // the target reads UTF-8 only
            };
            let parsed = catch_unwind(|| Record::parse(&text, &path))
                .unwrap_or_else(|_| panic!("{}: the reader panicked", path.display()));
            match parsed {
                Ok(record) => {
                    catch_unwind(AssertUnwindSafe(|| consume(&good, &record)))
                        .unwrap_or_else(|_| panic!("{}: a consumer panicked", path.display()));
                    assert!(Record::parse(&record.to_json(), &path).is_ok());
                }
                Err(error) => assert!(says_where(&error, &names), "{error}"),
            }
            replayed += 1;
        }
    }
    assert!(replayed >= 1, "{replayed} inputs replayed");
}
