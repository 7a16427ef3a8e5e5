//! Verification as people read it: a line per variant, the summary a run prints before it
//! measures, and the variants this CPU cannot run, one line per missing feature.

use crate::base::console;
use crate::choose::verify::{Outcome, Verdict};
use std::time::Duration;
use strategies::{FamilyInfo, Unsupported};

/// A family's heading in `verify`'s listing, and the limit of its verification if it has one,
/// wrapped to `width`.
pub fn family_heading(family: &FamilyInfo, width: usize) -> String {
    match family.verification_limit {
        Some(limit) => format!(
            "{}\n{}",
            family.name,
            console::wrap(&format!("verified on {limit}"), width, 2)
        ),
        None => format!("{}\n", family.name),
    }
}

/// One variant's verdict: `ok`, `skipped` with why, or `MISMATCH` with the input it failed
/// on, wrapped to `width`.
pub fn verdict(verdict: &Verdict, width: usize) -> String {
    match &verdict.outcome {
        Outcome::Agreed { checked } => format!(
            "  ok        {:<40} {checked:>10} inputs checked\n",
            verdict.variant
        ),
        Outcome::NotRunnable { reason, .. } => {
            let line = format!("skipped   {:<40} {reason}", verdict.variant);
            console::wrap(&line, width, 2)
        }
        Outcome::Disagreed(m) => format!(
            "  MISMATCH  {:<40} on {}\n{}",
            verdict.variant,
            m.check,
            console::wrap_lines(&m.render(verdict.variant), width)
        ),
    }
}

/// The variants that disagreed with their reference, each with the input it failed on; `None`
/// when every variant agreed or could not run here.
pub fn disagreements(verdicts: &[Verdict], width: usize) -> Option<String> {
    let disagreeing: Vec<&Verdict> = verdicts
        .iter()
        .filter(|v| matches!(v.outcome, Outcome::Disagreed(_)))
        .collect();
    if disagreeing.is_empty() {
        return None;
    }
    let mut text = String::from("verification failed; nothing is measured:\n");
    for v in disagreeing {
        text.push_str(&verdict(v, width));
    }
    Some(text)
}

/// What a run prints once every variant agreed: how many, on how many inputs, in how long;
/// the limit of each selected family's verification; and what this CPU cannot run.
pub fn summary(
    verdicts: &[Verdict],
    took: Duration,
    families: &[FamilyInfo],
    width: usize,
) -> String {
    let checked: u64 = verdicts
        .iter()
        .map(|v| match v.outcome {
            Outcome::Agreed { checked } => checked,
            _ => 0,
        })
        .sum();
    let agreed = verdicts.iter().filter(|v| v.agreed()).count();
    let mut text = console::wrap(
        &format!(
            "verified: {agreed} variants agree with the reference ({checked} inputs checked, \
             {:.1} s)",
            took.as_secs_f64()
        ),
        width,
        0,
    );
    for family in families {
        let selected = verdicts.iter().any(|v| v.family == family.name);
        if let (true, Some(limit)) = (selected, family.verification_limit) {
            let line = format!("{}: verified on {limit}", family.name);
            text.push_str(&console::wrap(&line, width, 2));
        }
    }
    for line in not_measured(verdicts) {
        text.push_str(&console::wrap(&line, width, 2));
    }
    text
}

/// The variants that cannot run here, one line per missing feature (in the order the
/// features are first met), with where to find the full list: `not measured here: 32 variants
/// need avx512f (list: bitbench list --unsupported)`.
pub fn not_measured(verdicts: &[Verdict]) -> Vec<String> {
    let mut groups: Vec<(Unsupported, usize)> = Vec::new();
    for v in verdicts {
        if let Outcome::NotRunnable { missing, .. } = v.outcome {
            match groups.iter_mut().find(|(m, _)| *m == missing) {
                Some((_, count)) => *count += 1,
                None => groups.push((missing, 1)),
            }
        }
    }
    groups
        .into_iter()
        .map(|(missing, count)| {
            let (variants, need) = if count == 1 {
                ("variant", "needs")
            } else {
                ("variants", "need")
            };
            let feature = missing.feature();
            let what = match missing {
                Unsupported::NotDetected(_) => feature.to_string(),
                Unsupported::Disabled(_) => format!("{feature}, masked by --disable"),
                Unsupported::OtherArch(_) => format!("{}'s {feature}", feature.arch()),
            };
            format!(
                "not measured here: {count} {variants} {need} {what} (list: bitbench list \
                 --unsupported)"
            )
        })
        .collect()
}
