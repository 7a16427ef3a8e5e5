//! How sure each number is, as the tables, the charts and the site show it.
//!
//! - A median's spread ([`Spread`]): the 95% interval of the median from the order statistics
//!   of the rounds (schema 2); for schema-1 records, which kept no rounds, the interquartile
//!   range of the samples instead, labelled as such (it says how the samples scatter, not how
//!   sure the median is).
//! - A ratio's interval: its 95% interval as the record states it, printed beside it (see
//!   [`crate::record::judge`]).
//! - Ties ([`TIE`], ≈): where a ratio's interval includes 1.00x, the two variants are not
//!   ordered (the record's `tied_with_best`). A schema-1 record cannot call ties.
//! - The A/A controls ([`control_lines`]): the same code under two names, and the placement
//!   noise they show.
//! - Cycles ([`cycles_note`]): estimates, and the clock each record converted its times with.

use crate::record::{Interval, Measurement, Rank, Record};

/// The mark of a tie.
pub const TIE: &str = "≈";

/// What a spread around a median is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpreadKind {
    /// The 95% interval of the median, from the rounds (schema 2).
    MedianInterval,
    /// The first to the third quartile of the samples (schema 1).
    InterquartileRange,
}

impl SpreadKind {
    /// The kind a record's spreads are: intervals where it has rounds.
    pub fn of(record: &Record) -> SpreadKind {
        if record.has_rounds() {
            SpreadKind::MedianInterval
        } else {
            SpreadKind::InterquartileRange
        }
    }

    /// In words, for legends and footnotes.
    pub fn describe(self) -> &'static str {
        match self {
            SpreadKind::MedianInterval => "95% interval of the median",
            SpreadKind::InterquartileRange => "interquartile range of the samples",
        }
    }

    /// As a column header: `±95%` or `±IQR`.
    pub fn header(self) -> &'static str {
        match self {
            SpreadKind::MedianInterval => "±95%",
            SpreadKind::InterquartileRange => "±IQR",
        }
    }
}

/// A median and the spread around it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub median: f64,
    pub low: f64,
    pub high: f64,
    pub kind: SpreadKind,
}

impl Spread {
    /// The spread of a measurement: its median's interval, else its interquartile range.
    pub fn of(m: &Measurement) -> Spread {
        match m.median_interval {
            Some(i) => Spread {
                median: m.ns_per_op.median,
                low: i.low,
                high: i.high,
                kind: SpreadKind::MedianInterval,
            },
            None => Spread {
                median: m.ns_per_op.median,
                low: m.ns_per_op.p25,
                high: m.ns_per_op.p75,
                kind: SpreadKind::InterquartileRange,
            },
        }
    }

    /// Whether the spread between processes dominates `m`'s interval: it was measured in forks,
    /// and its interval over them is more than twice as wide (on a log scale) as its rounds'
    /// clustered interval alone, what one process would have shown.
    pub fn between_processes(m: &Measurement) -> bool {
        let Some(i) = m.median_interval else {
            return false;
        };
        if m.layout().fork_count() < 2 || m.rounds.is_empty() || i.low <= 0.0 {
            return false;
        }
        let (low, high) = crate::base::stats::clustered_median_interval(&m.rounds, &m.sweeps);
        low > 0.0 && (i.high / i.low).ln() > 2.0 * (high / low).ln()
    }

    /// The wider side as a percentage of the median: `±2%`, `±0.4%`.
    pub fn plus_minus(&self) -> String {
        if self.median <= 0.0 {
            return "±?".into();
        }
        let wider = (self.high - self.median)
            .max(self.median - self.low)
            .max(0.0);
        let percent = 100.0 * wider / self.median;
        if percent < 1.0 {
            format!("±{percent:.1}%")
        } else {
            format!("±{percent:.0}%")
        }
    }

    /// `0.45–0.47`: the bounds, for tooltips.
    pub fn range(&self) -> String {
        format!("{:.3}–{:.3}", self.low, self.high)
    }
}

/// `[1.08, 1.17]`.
pub fn bracket(interval: &Interval) -> String {
    format!("[{:.2}, {:.2}]", interval.low, interval.high)
}

/// Whether an interval is a single point (a variant compared with itself).
fn degenerate(interval: &Interval) -> bool {
    interval.low == interval.high
}

/// Whether the measurement is the best of its workload (compared with itself: ratio exactly
/// 1, with no width).
pub fn is_best(m: &Measurement) -> bool {
    m.ratio_to_best == Some(1.0)
        && m.paired_ratio_to_best
            .is_none_or(|p| degenerate(&p) && p.median == 1.0)
}

/// Whether the measurement is tied with the best of its workload without being it.
pub fn tied_with_best(m: &Measurement) -> bool {
    !is_best(m) && m.tied_with_best() == Some(true)
}

/// The paired ratio to the best with its interval, `1.02x [0.99, 1.05]`; for the best
/// itself `1.00x`. `times` is the multiplication sign to use (`x`, or `×` in HTML).
pub fn paired_ratio(m: &Measurement, times: &str) -> Option<String> {
    let p = m.paired_ratio_to_best?;
    Some(if degenerate(&p) {
        format!("{:.2}{times}", p.median)
    } else {
        format!("{:.2}{times} {}", p.median, bracket(&p))
    })
}

/// A rank as shown: `2`, or `≈1` for a variant tied with the first-ranked one (it shares
/// rank 1).
pub fn rank_label(rank: &Rank) -> String {
    if rank.tied_with_best {
        format!("{TIE}{}", rank.rank)
    } else {
        rank.rank.to_string()
    }
}

/// The geometric-mean ratio of a rank, and its interval where the record has one: the
/// geometric mean of the median per-round ratios to the first-ranked variant (schema 2),
/// else the geometric mean of the ratios to each workload's best (schema 1). The first-ranked
/// variant has no interval (it is compared with itself).
pub fn geomean(rank: &Rank) -> (f64, Option<Interval>) {
    match rank.paired_to_first {
        Some(p) if degenerate(&p) => (p.median, None),
        Some(p) => (p.median, Some(p)),
        None => (rank.geomean_ratio, None),
    }
}

/// [`geomean`] as text: `1.12x [1.08, 1.17]` or `1.00x`.
pub fn geomean_text(rank: &Rank, times: &str) -> String {
    match geomean(rank) {
        (g, Some(i)) => format!("{g:.2}{times} {}", bracket(&i)),
        (g, None) => format!("{g:.2}{times}"),
    }
}

/// The A/A control lines of one family: each pair's ratio with its interval and whether it
/// ties, and the family's spread. Empty where the record has none (a family measured with one
/// variant, or a record before schema 3).
pub fn control_lines(record: &Record, family: &str) -> Vec<String> {
    let Some(control) = record.controls.iter().find(|c| c.family == family) else {
        return Vec::new();
    };
    let mut lines: Vec<String> = control
        .pairs
        .iter()
        .map(|p| {
            let what = if p.twin {
                format!("{} (the same kernel again)", p.variant)
            } else {
                p.variant.clone()
            };
            let verdict = if p.tied { "tied" } else { "NOT tied" };
            let family_wise = p.family_wise.map_or(String::new(), |f| {
                format!(
                    " ({:.1}% for the run's {} pairs: {})",
                    f.level * 100.0,
                    f.pairs,
                    bracket(&f.ratio)
                )
            });
            format!(
                "A/A control: {what} vs {}: {:.2}x {} over {} workloads{family_wise}, {verdict}; \
                 widest {:.2}x in {}.",
                p.same_code_as,
                p.ratio.median,
                bracket(&p.ratio),
                p.workloads,
                p.widest.median,
                p.widest_workload,
            )
        })
        .collect();
    match control.placement {
        Some(p) => {
            lines.push(format!(
            "Placement noise of {family} (two compiled copies of one code, from {} A/A pairs{}): \
             ±{:.1}% over its workloads, ±{:.1}% in one; every interval carries it.",
            p.pairs,
            if p.pooled { " of the run" } else { " of its own" },
            (p.family - 1.0) * 100.0,
            (p.workload - 1.0) * 100.0,
        ))
        }
        None => lines.push(format!(
            "A/A spread of {family}: {:.2}x. A difference was called only where its interval lay \
             wholly beyond it (schema 4 and before).",
            control.spread
        )),
    }
    lines
}

/// The legend of a record's tables: what one needs to read them, a sentence per line, at most
/// ten lines at 100 columns; docs/method.md has the method itself.
pub fn explanation(record: &Record) -> Vec<String> {
    let processes = record.run.forks.unwrap_or(1);
    let state = match record.run.cache_state {
        Some(_) => "hot (each variant warmed by itself just before its timed pass)",
        None => "as the record's schema left it (see docs/method.md)",
    };
    let loops = record
        .loops()
        .split(" (")
        .next()
        .unwrap_or_default()
        .to_string();
    let measured = format!(
        "Measured {state}, loops compiled for {loops}, in {processes} process{}.",
        if processes == 1 { "" } else { "es" }
    );
    match SpreadKind::of(record) {
        SpreadKind::MedianInterval => vec![
            "How to read the tables (docs/method.md has the method):".into(),
            format!(
                "ns: a median per query; ±: the wider side of its 95% interval; {BETWEEN} after \
                 it: processes differed more than rounds, so quote the ratio, not the time."
            ),
            "ratio: to the workload's best (1.00x), round by round; [a, b]: its 95% interval, \
             carrying the noise between processes and between compiled copies (A/A)."
                .into(),
            format!(
                "{TIE}: tied, the interval includes 1.00 ({TIE}1 as a rank: tied with the \
                 family's first over its workloads); !: faster than the empty kernel (work \
                 deleted?)."
            ),
            measured,
        ],
        SpreadKind::InterquartileRange => vec![
            "How to read the tables (docs/method.md has the method):".into(),
            "±: the interquartile range of the samples (±IQR).".into(),
            "Ties cannot be called: this schema-1 record has no per-round values.".into(),
            measured,
        ],
    }
}

/// The mark after a spread that the differences between processes dominate.
pub const BETWEEN: &str = "P";

/// What a record's cycles per query are, and which clock converted them: each round's own
/// (`round_clocks`), each process's estimate (`fork_clocks`, older records) or the run's.
pub fn cycles_note(record: &Record) -> String {
    let mut ghz: Vec<f64> = record
        .round_clocks
        .iter()
        .flat_map(|c| c.ghz.iter().copied())
        .collect();
    if !ghz.is_empty() {
        ghz.sort_by(f64::total_cmp);
        let at = |q: f64| ghz[((ghz.len() - 1) as f64 * q).round() as usize];
        return format!(
            "cycles/op are estimates: each round's time times the clock at that round (two rungs \
             of the add ladder timed at its two ends), the median of those; over this run's \
             {} rounds the clock was {:.2} GHz at the median, {:.2} to {:.2} GHz from the 5th \
             to the 95th percentile.",
            ghz.len(),
            at(0.5),
            at(0.05),
            at(0.95)
        );
    }
    let forks: Vec<String> = record
        .fork_clocks
        .iter()
        .map(|c| c.as_ref().map_or("?".into(), |c| format!("{:.2}", c.ghz)))
        .collect();
    if !forks.is_empty() {
        return format!(
            "cycles/op are estimates: each round's time times the clock its process estimated \
             as it started ({} GHz), the median of those.",
            forks.join(", ")
        );
    }
    match &record.clock {
        Some(c) => format!(
            "cycles/op are estimates: ns/op times the clock estimated in this run ({:.2} GHz).",
            c.ghz
        ),
        None => "No cycle estimates: this architecture has no clock estimate.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plus_minus_reads_well() {
        let spread = |low, high| Spread {
            median: 1.0,
            low,
            high,
            kind: SpreadKind::MedianInterval,
        };
        assert_eq!(spread(0.98, 1.01).plus_minus(), "±2%");
        assert_eq!(spread(0.996, 1.004).plus_minus(), "±0.4%");
        assert_eq!(spread(0.5, 1.25).plus_minus(), "±50%");
    }

    #[test]
    fn ranks_show_ties() {
        let mut rank = Rank {
            family: "f".into(),
            variant: "v".into(),
            rank: 1,
            geomean_ratio: 1.02,
            paired_to_first: Some(Interval {
                median: 1.02,
                low: 0.99,
                high: 1.05,
            }),
            tied_with_best: true,
            workloads: 3,
        };
        assert_eq!(rank_label(&rank), "≈1");
        assert_eq!(geomean_text(&rank, "x"), "1.02x [0.99, 1.05]");
        rank.paired_to_first = None;
        rank.tied_with_best = false;
        assert_eq!(
            (rank_label(&rank), geomean_text(&rank, "x")),
            ("1".into(), "1.02x".into())
        );
    }
}
