//! Doc comments say what the code does and why, in words that stay true: a measurement (a CPU
//! and what it ran at, a date) belongs in a record, in docs/notebook.md ("Measurements behind
//! the code") or in a commit body, not in a `//!` or `///` line. This test walks the sources
//! and fails on a doc-comment line that names a CPU model and a figure, or holds a date outside
//! a code span (a date in backticks on the line is a format example, such as a timestamp
//! written the way a record stores it).
//!
//! It is a line check, std only: a CPU named on one line and a figure on the next pass it, and
//! a code span that opens on one line and closes on the next is not seen as one (its text
//! counts as prose).

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace root: this crate's parent folder.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The source roots the check covers, relative to the workspace root. Each has a test of its
/// own below, so that one can be held back while it is being cleaned.
const SOURCE_ROOTS: [&str; 2] = ["strategies/src", "harness/src"];

#[test]
fn strategies_doc_comments_quote_no_dated_measurement() {
    assert_no_lab_notes(SOURCE_ROOTS[0]);
}

#[test]
fn harness_doc_comments_quote_no_dated_measurement() {
    assert_no_lab_notes(SOURCE_ROOTS[1]);
}

/// Fails, listing every offending line as `file:line: text`, if a doc comment of a `.rs` file
/// under `root` (relative to the workspace root) quotes a measurement.
fn assert_no_lab_notes(root: &str) {
    let base = workspace_root();
    let dir = base.join(root);
    assert!(
        dir.is_dir(),
        "source root {} not found (looked in {})",
        root,
        dir.display()
    );
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    files.sort();
    assert!(!files.is_empty(), "no .rs file under {root}");

    let mut offences = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        for (index, line) in text.lines().enumerate() {
            if let Some(why) = lab_note(line) {
                let shown = file.strip_prefix(&base).unwrap_or(file);
                offences.push(format!(
                    "{}:{}: {} [{why}]",
                    shown.display(),
                    index + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "{} doc-comment line(s) under {root} quote a measurement (a CPU model with a figure, \
         or a date outside a code span). A doc comment says what the code does and why, in words that stay true; \
         the measurement itself belongs in docs/notebook.md (\"Measurements behind the code\"), \
         a record, or a commit body:\n{}",
        offences.len(),
        offences.join("\n")
    );
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries =
        fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
            .path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// Why `line` is a lab note, if it is one: a doc comment (`//!` or `///`, after leading
/// whitespace; `////` is a plain comment) that names a CPU model and a figure, or holds a date
/// outside its code spans.
fn lab_note(line: &str) -> Option<&'static str> {
    let trimmed = line.trim_start();
    let text = if let Some(rest) = trimmed.strip_prefix("//!") {
        rest
    } else if let Some(rest) = trimmed.strip_prefix("///") {
        if rest.starts_with('/') {
            return None;
        }
        rest
    } else {
        return None;
    };
    if has_date(&without_code_spans(text)) {
        Some("a date")
    } else if names_cpu(text) && has_figure(text) {
        Some("a CPU model with a figure")
    } else {
        None
    }
}

/// Whether the character before byte `at` of `s` (if any) is not a letter or digit.
fn boundary_before(s: &str, at: usize) -> bool {
    s[..at]
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_alphanumeric())
}

/// Whether the character from byte `at` of `s` on (if any) is not a letter or digit.
fn boundary_after(s: &str, at: usize) -> bool {
    s[at..].chars().next().is_none_or(|c| !c.is_alphanumeric())
}

/// The byte offsets in `s` where `word` starts on a word boundary.
fn word_starts<'a>(s: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    s.match_indices(word)
        .map(|(at, _)| at)
        .filter(move |&at| boundary_before(s, at))
}

/// The length in bytes of the run of ASCII digits at the start of `s`.
fn digits(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

/// Whether `s` names a CPU model: Zen, EPYC, Ryzen, Xeon, Core i<n>, Skylake, Cascade Lake,
/// Emerald Rapids, Ice Lake, Sapphire Rapids, Apple M<n>, Graviton, or `family <n> model <n>`.
fn names_cpu(s: &str) -> bool {
    const WORDS: [&str; 10] = [
        "Zen",
        "EPYC",
        "Ryzen",
        "Xeon",
        "Skylake",
        "Cascade Lake",
        "Emerald Rapids",
        "Ice Lake",
        "Sapphire Rapids",
        "Graviton",
    ];
    let whole_word =
        |word: &'static str| word_starts(s, word).any(|at| boundary_after(s, at + word.len()));
    // A prefix followed directly by a digit: `Core i7`, `Apple M2`.
    let numbered =
        |prefix: &'static str| word_starts(s, prefix).any(|at| digits(&s[at + prefix.len()..]) > 0);
    let family_model = word_starts(s, "family ").any(|at| {
        let rest = &s[at + "family ".len()..];
        let n = digits(rest);
        n > 0 && {
            let rest = &rest[n..];
            rest.strip_prefix(" model ")
                .is_some_and(|rest| digits(rest) > 0)
        }
    });
    WORDS.into_iter().any(whole_word) || numbered("Core i") || numbered("Apple M") || family_model
}

/// Whether `s` holds a figure: a number (`3`, `2.5`, `1,024`) followed by `%`, `ns`, `ms`,
/// `µs`, `s`, `cycles` or `times` (a space between them allowed), or directly by `x` or `×`
/// (`1.12x`; `0x88` and `8×8` are not figures: a letter or digit follows the sign).
fn has_figure(s: &str) -> bool {
    const SPACED_UNITS: [&str; 7] = ["%", "ns", "ms", "µs", "s", "cycles", "times"];
    const TIMES_SIGNS: [&str; 2] = ["x", "×"];
    let mut at = 0;
    while at < s.len() {
        let n = digits(&s[at..]);
        if n == 0 || !boundary_before(s, at) {
            at += s[at..].chars().next().map_or(1, char::len_utf8);
            continue;
        }
        // The number: digits, then any groups of `.` or `,` and more digits.
        let mut end = at + n;
        while let Some(sep) = s[end..].strip_prefix(['.', ',']) {
            let more = digits(sep);
            if more == 0 {
                break;
            }
            end += 1 + more;
        }
        let after = &s[end..];
        let unit_at = |unit: &str, from: usize| {
            s[from..].starts_with(unit) && (unit == "%" || boundary_after(s, from + unit.len()))
        };
        if TIMES_SIGNS.iter().any(|unit| unit_at(unit, end)) {
            return true;
        }
        let spaced = end + (after.len() - after.trim_start_matches(' ').len()).min(1);
        if SPACED_UNITS.iter().any(|unit| unit_at(unit, spaced)) {
            return true;
        }
        at = end;
    }
    false
}

/// `s` with each code span closed on the line (a run of backticks, up to the next run of as
/// many) replaced by a space. A run of backticks that no such run follows stays, as text.
fn without_code_spans(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('`') {
        out.push_str(&rest[..open]);
        let ticks = rest[open..].bytes().take_while(|&b| b == b'`').count();
        let inside = &rest[open + ticks..];
        // The next run of exactly `ticks` backticks closes the span.
        let mut close = None;
        let mut at = 0;
        while let Some(found) = inside[at..].find('`') {
            let start = at + found;
            let run = inside[start..].bytes().take_while(|&b| b == b'`').count();
            if run == ticks {
                close = Some(start);
                break;
            }
            at = start + run;
        }
        match close {
            Some(close) => {
                out.push(' ');
                rest = &inside[close + ticks..];
            }
            None => {
                out.push_str(&rest[open..open + ticks]);
                rest = inside;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether `s` holds a date written `yyyy-mm-dd` (`2026-11-27`).
fn has_date(s: &str) -> bool {
    let bytes = s.as_bytes();
    (0..bytes.len()).any(|at| {
        s.is_char_boundary(at)
            && boundary_before(s, at)
            && digits(&s[at..]) == 4
            && s[at + 4..].starts_with('-')
            && digits(&s[at + 5..]) == 2
            && s[at + 7..].starts_with('-')
            && digits(&s[at + 8..]) == 2
            && boundary_after(s, at + 10)
    })
}

#[test]
fn the_matcher_flags_measurements_and_passes_plain_facts() {
    let flagged = [
        "/// on a Zen 4 it ran 2.5 times faster",
        "//! Measured on Zen 4 (AMD EPYC family 25 model 17, 2026-11-27, paired runs)",
        "    //! Intel family 6 model 167 this took the bishop from 1.05-1.09x the peer's time",
        "/// about 10% slower in batches on an x86-64 Xeon.",
        "/// queen `qbb` on a Zen 4: 4.97 ns through a closure",
        "/// the committed record of 2026-11-24",
        "/// 21.3 ns per queen on an Apple M2",
        "/// Measured 2026-11-27 on the development machine",
        "/// `a code span`, then a bare date: 2026-11-27",
        "/// a span that does not close on the line: `2026-11-27",
        "/// ``two ticks ` inside`` then 2026-11-27 outside",
    ];
    let passed = [
        "/// Zen 1 runs pext in microcode, far slower than a magic lookup",
        "/// Fast on Intel and on AMD from Zen 3; microcoded and slow on Zen 1 and Zen 2.",
        "/// 240 entries by 0x88 difference, a 64×64 table of 32 KiB",
        "/// three times per queen on Zen 1 and 2",
        "// on a Zen 4 it ran 2.5 times faster (a plain comment)",
        "//// on a Zen 4 it ran 2.5 times faster (a plain comment)",
        "let s = \"Zen 4, 2.5x, 2026-11-27\";",
        "/// 16,384 queries, 2 s of budget, no CPU named",
        "/// the record `20261127t234608z`",
        "/// `2026-11-22T09:44:19Z` as `2026-11-22 09:44 UTC`.",
        "/// `2026-11-22 09:44 UTC · quick · AVX2 masked`: a record's one-line label.",
        "/// The UTC time now, as RFC 3339 (`2026-11-22T09:45:12Z`) and as a file-name stamp",
        "/// a double-tick span: ``2026-11-22 ` 09:44``",
    ];
    for line in flagged {
        assert!(lab_note(line).is_some(), "not flagged: {line}");
    }
    for line in passed {
        assert_eq!(lab_note(line), None, "flagged: {line}");
    }
}
