//! `bitbench simulate`'s table: each estimator's figures on synthetic runs, as text or as the
//! Markdown table of docs/method.md.

use crate::tools::simulate::{percent, Figures};

/// The figures of every estimator and shape, `runs` synthetic runs each.
pub fn simulation(figures: &[Figures], runs: usize, markdown: bool) -> String {
    let header = [
        "run",
        "estimator",
        "coverage, over workloads",
        "coverage, one workload",
        "5% called",
        "10% called",
        "tie called a difference",
        "runs with an A/A pair not tied",
        "median width",
    ];
    let rows: Vec<[String; 9]> = figures
        .iter()
        .map(|f| {
            [
                f.shape.to_string(),
                f.estimator.to_string(),
                format!("{:.1}%", percent(f.coverage)),
                format!("{:.1}%", percent(f.workload_coverage)),
                format!("{:.1}%", percent(f.power_5)),
                format!("{:.1}%", percent(f.power_10)),
                format!("{:.1}%", percent(f.false_differences)),
                format!("{:.1}%", percent(f.pairs_not_tied)),
                format!("{:.3}", f.median_width),
            ]
        })
        .collect();
    let mut out = String::new();
    let intro = format!(
        "{runs} synthetic runs per shape, 12 families of 10 techniques and an A/A twin each, \
         13 workloads; coverage of the 95% intervals of pre-chosen comparisons (every technique \
         against the family's first true one); the calls against the ranking's first, as a \
         record makes them."
    );
    if markdown {
        out.push_str(&intro);
        out.push_str("\n\n| ");
        out.push_str(&header.join(" | "));
        out.push_str(" |\n|");
        out.push_str(&"---|".repeat(header.len()));
        out.push('\n');
        for row in &rows {
            out.push_str("| ");
            out.push_str(&row.join(" | "));
            out.push_str(" |\n");
        }
    } else {
        out.push_str(&crate::base::console::wrap_lines(&intro, 100));
        out.push('\n');
        let labels = &header[2..];
        for row in &rows {
            out.push_str(&format!("\n{}, {}:\n", row[0], row[1]));
            for (label, value) in labels.iter().zip(&row[2..]) {
                out.push_str(&format!("  {label:<32} {value}\n"));
            }
        }
    }
    out
}
