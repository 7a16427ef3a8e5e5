//! The ranked table of each family, printed after a run and by `report`: rank (≈ for ties),
//! variant, geometric-mean ratio with its interval; on the headline distribution, in
//! throughput and in latency, the median time with its spread, the cycle estimate and the
//! ratio to the best (≈ where tied with it); the time under the heaviest cache pressure; the
//! table footprint; under the table, the family's A/A controls and spread. Then the SIMD
//! speedups and the footnotes.

use super::text_table::TextTable;
use crate::base::units;
use crate::record::{Measurement, Mode, Record};
use crate::render::uncertainty::{self, Spread, SpreadKind, BETWEEN, TIE};

/// The ranked tables of every family in `record`, the SIMD speedups and the footnotes, laid
/// out for [`console::width`](crate::base::console::width) columns.
pub fn ranked_tables(record: &Record) -> String {
    ranked_tables_in(record, crate::base::console::width())
}

/// [`ranked_tables`] in `width` columns: the wide layout from [`WIDE`] columns on, else the
/// compact one; either leaves out optional columns, or stacks rows, where it does not fit.
pub fn ranked_tables_in(record: &Record, width: usize) -> String {
    let mut out = measured_tables_in(record, width);
    out.push_str(&closing_sections_in(record, width));
    out
}

/// The first part of [`ranked_tables_in`], which needs only the measurements: each family's
/// table, the SIMD speedups and the compiler's shares. A run prints it as soon as its
/// measuring ends, before the bound is estimated (a family's table then has no "x bound"
/// column; [`closing_sections_in`] lists the same figures).
pub fn measured_tables_in(record: &Record, width: usize) -> String {
    let mut out = String::new();
    for family in record.families() {
        family_table(record, &family, width, &mut out);
    }
    simd_speedups(record, width, &mut out);
    compiler_shares(record, width, &mut out);
    out
}

/// The rest of [`ranked_tables_in`]: how far each kernel is from its bound, where the record
/// has bounds, and the footnotes.
pub fn closing_sections_in(record: &Record, width: usize) -> String {
    let mut out = String::new();
    bound_distances(record, width, &mut out);
    footnotes(record, width, &mut out);
    out
}

/// What every row of one family's table shares.
struct Columns<'a> {
    record: &'a Record,
    family: &'a str,
    workload: String,
    pressure: Option<u64>,
    cycles: bool,
    /// The compact layout (below [`WIDE`] columns): no cycles and no ratio columns (the
    /// geomean ranks; every ratio is in the full tables), the tie mark after the spread.
    compact: bool,
    /// The family's unit of work where it is not a query (queens, nodes): throughput then
    /// also shows millions of units per second (in the wide layout).
    rate: Option<String>,
    /// The baseline's name (`x86-64`) where the family's portable variants were measured in
    /// their baseline copies too: throughput then also shows that copy's time.
    baseline: Option<String>,
    /// Whether the family's headline measurements have a throughput bound: throughput then
    /// also shows how many times it the measured cycles are.
    bound: bool,
}

/// From this many columns on, the ranked tables use their wide layout.
pub const WIDE: usize = 120;

impl Columns<'_> {
    fn headers(&self, table: &mut TextTable) {
        let kind = SpreadKind::of(self.record);
        table.column("#", true);
        table.column("variant", false);
        table.column(
            match kind {
                SpreadKind::MedianInterval => "geomean [95%]",
                SpreadKind::InterquartileRange => "geomean",
            },
            false,
        );
        let rate = self.rate.as_ref().map(|unit| format!("M{unit}/s"));
        for (mode, priority) in [(Mode::Throughput, 1), (Mode::Latency, 3)] {
            if self.compact {
                table.group(mode.name(), &[("ns", true), (kind.header(), false)]);
                table.optional(priority);
                continue;
            }
            let mut columns = vec![("ns/op", true), (kind.header(), true)];
            if self.cycles {
                columns.push(("cyc*", true));
            }
            columns.push(("ratio", true));
            if let (Mode::Throughput, Some(rate)) = (mode, &rate) {
                columns.push((rate, true));
            }
            table.group(&format!("{} ({})", mode.name(), self.workload), &columns);
            table.optional(priority);
            if let (Mode::Throughput, Some(baseline)) = (mode, &self.baseline) {
                table.column(&format!("@{baseline}"), true);
                table.optional(2);
            }
            if mode == Mode::Throughput && self.bound {
                table.column("x bound", true);
                table.optional(2);
            }
        }
        if let Some(e) = self.pressure {
            table.column(&format!("@{}", units::bytes_compact(e)), true);
            table.optional(4);
        }
        table.column("table", true);
        table.optional(5);
    }

    /// The cells of one variant (or the floor) after its rank, label and geomean.
    fn cells(&self, variant: &str) -> Vec<String> {
        let mut cells = Vec::new();
        for mode in [Mode::Throughput, Mode::Latency] {
            let m = self
                .record
                .find(self.family, variant, &self.workload, mode, 0);
            cells.extend(self.mode_cells(m));
            if mode == Mode::Throughput && self.rate.is_some() && !self.compact {
                cells.push(m.map_or("-".into(), |m| {
                    format!("{:.0}", 1e3 / m.ns_per_op.median.max(1e-9))
                }));
            }
            if mode == Mode::Throughput && self.baseline.is_some() && !self.compact {
                let copy = self.record.family(self.family).find(|m| {
                    m.baseline_of.as_deref() == Some(variant) && m.workload == self.workload
                });
                cells.push(copy.map_or("-".into(), |m| format!("{:.2}", m.ns_per_op.median)));
            }
            if mode == Mode::Throughput && self.bound && !self.compact {
                cells.push(
                    m.and_then(Measurement::x_of_bound)
                        .map_or("-".into(), |x| format!("{x:.1}")),
                );
            }
        }
        if let Some(e) = self.pressure {
            let m = self.record.family(self.family).find(|m| {
                m.variant == variant && m.mode == Mode::CachePressure && m.eviction_bytes == e
            });
            cells.push(m.map_or("-".into(), |m| {
                format!("{:.2}{}", m.ns_per_op.median, marks(m))
            }));
        }
        let table = self
            .record
            .family(self.family)
            .find(|m| m.variant == variant)
            .map_or(0, |m| m.table_bytes);
        cells.push(units::footprint(table as u64));
        cells
    }

    /// ns/op, its spread, cycles/op (if the record has a clock) and the ratio to the best; in
    /// the compact layout, `ns/op ±spread` and the tie mark in one cell.
    fn mode_cells(&self, m: Option<&Measurement>) -> Vec<String> {
        let columns = match (self.compact, self.cycles) {
            (true, _) => 2,
            (false, true) => 4,
            (false, false) => 3,
        };
        let Some(m) = m else {
            return vec!["-".into(); columns];
        };
        let spread = format!(
            "{}{}",
            Spread::of(m).plus_minus(),
            if Spread::between_processes(m) {
                BETWEEN
            } else {
                ""
            }
        );
        if self.compact {
            return vec![
                format!("{:.2}", m.ns_per_op.median),
                format!("{spread}{}", marks(m)),
            ];
        }
        let mut cells = vec![format!("{:.2}", m.ns_per_op.median), spread];
        if self.cycles {
            cells.push(
                m.cycles_per_op_estimate
                    .map_or("-".into(), |c| format!("{c:.1}")),
            );
        }
        cells.push(
            m.ratio_to_best
                .map_or("-".into(), |r| format!("{r:.2}x{}", marks(m))),
        );
        cells
    }
}

/// `≈` for a tie with the best (else a space, so the numbers line up), then `!` for a suspect.
fn marks(m: &Measurement) -> String {
    let tie = if uncertainty::tied_with_best(m) {
        TIE
    } else {
        " "
    };
    let suspect = if m.suspect { "!" } else { "" };
    format!("{tie}{suspect}")
}

fn family_table(record: &Record, family: &str, width: usize, out: &mut String) {
    let Some(workload) = record.headline(family) else {
        return;
    };
    let ranks: Vec<_> = record.ranks.iter().filter(|r| r.family == family).collect();
    let workloads = ranks.iter().map(|r| r.workloads).max().unwrap_or(0);
    let compact = width < WIDE;
    let title = if compact {
        format!(
            "{family}: ranked by the geometric mean of the ratio to the best over {workloads} \
             workloads (1.00x = best); times in ns per {} on \"{workload}\"",
            crate::render::chart::unit_of(record, family)
        )
    } else {
        format!(
            "{family}: ranked by geometric mean of ratio to best over {workloads} workloads \
             (1.00x = best)"
        )
    };
    out.push('\n');
    out.push_str(&wrap(&title, width, 0));
    let columns = Columns {
        record,
        family,
        workload,
        pressure: record.largest_eviction(family),
        cycles: record.clock.is_some(),
        compact,
        rate: record.work_unit(family),
        baseline: baseline_level(record, family),
        bound: !compact && record.family(family).any(|m| m.bound.is_some()),
    };
    let mut table = TextTable::default();
    columns.headers(&mut table);
    for r in &ranks {
        let external = record
            .family(family)
            .any(|m| m.variant == r.variant && m.external);
        let label = if external {
            format!("{} (ext)", r.variant)
        } else {
            r.variant.clone()
        };
        let mut cells = vec![
            uncertainty::rank_label(r),
            label,
            uncertainty::geomean_text(r, "x"),
        ];
        cells.extend(columns.cells(&r.variant));
        table.row(cells);
    }
    if let Some(floor) = record.family(family).find(|m| m.floor) {
        let mut cells = vec![String::new(), "empty (floor)".into(), String::new()];
        cells.extend(columns.cells(&floor.variant));
        table.row(cells);
    }
    out.push_str(&table.render_fit(width, 2));
    for line in uncertainty::control_lines(record, family) {
        out.push_str(&wrap(&line, width, 2));
    }
}

/// The name of the level the baseline copies of `family` were compiled for (`x86-64`), from
/// their names; `None` where it has none.
pub fn baseline_level(record: &Record, family: &str) -> Option<String> {
    record.family(family).find_map(|m| {
        let of = m.baseline_of.as_deref()?;
        Some(
            m.variant
                .strip_prefix(of)?
                .trim_start_matches('-')
                .to_string(),
        )
    })
}

/// What the compiler gives each family at the CPU's level and what hand SIMD adds
/// ([`crate::record::CompilerShare`]): three times and the two ratios between them.
fn compiler_shares(record: &Record, width: usize, out: &mut String) {
    let Some(first) = record.compiler.first() else {
        return;
    };
    let baseline = baseline_level(record, &first.family).unwrap_or_else(|| "baseline".into());
    out.push('\n');
    out.push_str(&wrap(
        &format!(
            "What the compiler gives and what hand SIMD adds, throughput on each family's first \
             distribution, ns per query: the fastest portable variant compiled for {baseline}, \
             the fastest compiled for {}, the fastest hand-written SIMD variant; each ratio is \
             how many times faster the next one is, with its 95% interval:",
            first.level
        ),
        width,
        0,
    ));
    let mut table = TextTable::default();
    for (header, right, optional) in [
        ("family", false, None),
        (baseline.as_str(), true, None),
        (first.level.as_str(), true, None),
        ("compiler gives", false, None),
        ("SIMD", true, None),
        ("hand SIMD adds", false, None),
        ("fastest of each", false, Some(1)),
    ] {
        table.column(header, right);
        if let Some(priority) = optional {
            table.optional(priority);
        }
    }
    let ratio = |i: &crate::record::Interval| {
        let tie = if i.includes_parity() { TIE } else { "" };
        format!("{:.2}x {} {tie}", i.median, uncertainty::bracket(i))
    };
    for c in &record.compiler {
        let simd = c.simd.as_ref();
        let names = [Some(&c.baseline), Some(&c.portable), simd]
            .into_iter()
            .flatten()
            .map(|f| f.variant.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        table.row(vec![
            c.family.clone(),
            format!("{:.2}", c.baseline.ns_per_op),
            format!("{:.2}", c.portable.ns_per_op),
            ratio(&c.compiler),
            simd.map_or("-".into(), |f| format!("{:.2}", f.ns_per_op)),
            c.hand_simd.as_ref().map_or("-".into(), ratio),
            names,
        ]);
    }
    table.label_columns(1);
    out.push_str(&table.render_fit(width, 2));
}

fn simd_speedups(record: &Record, width: usize, out: &mut String) {
    if record.simd_speedups.is_empty() {
        return;
    }
    out.push('\n');
    out.push_str(&wrap(
        "SIMD kernels against the best portable variant, throughput (above 1.00x = SIMD \
         faster):",
        width,
        0,
    ));
    let mut table = TextTable::default();
    for (header, right) in [
        ("family", false),
        ("variant", false),
        ("workload", false),
        ("speedup", false),
        ("best portable", false),
    ] {
        table.column(header, right);
        if header == "workload" {
            table.optional(1);
        }
    }
    for s in &record.simd_speedups {
        let speedup = match &s.interval {
            Some(i) => {
                let tie = if i.includes_parity() { TIE } else { "" };
                format!("{:.2}x {} {tie}", s.speedup, uncertainty::bracket(i))
            }
            None => format!("{:.2}x", s.speedup),
        };
        table.row(vec![
            s.family.clone(),
            s.variant.clone(),
            s.workload.clone(),
            speedup,
            s.best_portable.clone(),
        ]);
    }
    table.label_columns(2);
    out.push_str(&table.render_fit(width, 2));
}

/// Per family whose headline loops have throughput bounds ([`Record::bound`]): each variant's
/// measured cycles over its bound, nearest first, and where the bounds came from.
fn bound_distances(record: &Record, width: usize, out: &mut String) {
    let Some(method) = &record.bound else {
        return;
    };
    let mut lines = Vec::new();
    for family in record.families() {
        let mut near: Vec<(f64, &str)> = record
            .family(&family)
            .filter(|m| m.ranked())
            .filter_map(|m| Some((m.x_of_bound()?, m.variant.as_str())))
            .collect();
        if near.is_empty() {
            continue;
        }
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        let each: Vec<String> = near.iter().map(|(x, v)| format!("{v} {x:.1}")).collect();
        lines.push(format!("{family}: {}", each.join(", ")));
    }
    if lines.is_empty() {
        return;
    }
    out.push('\n');
    out.push_str(&wrap(
        &format!(
            "How far each kernel is from its throughput bound, throughput on each family's first \
             distribution: measured cycles per unit over the fewest its loop could take, nearest \
             first. An estimate: {}, scheduling model {}, the {} copies of the loops.",
            method.tool, method.model, method.level
        ),
        width,
        0,
    ));
    for line in lines {
        out.push_str(&wrap(&line, width, 2));
    }
}

fn footnotes(record: &Record, width: usize, out: &mut String) {
    out.push('\n');
    for line in uncertainty::explanation(record) {
        out.push_str(&wrap(&line, width, 2));
    }
    if width >= WIDE {
        let cycles = format!("* {}", uncertainty::cycles_note(record));
        out.push_str(&wrap(&cycles, width, 2));
    }
    if !record.outliers.is_empty() {
        out.push_str(&wrap(
            "Per-process outliers: one process measured these apart from all the others (a \
             state of that process, such as where its tables landed):",
            width,
            2,
        ));
        for o in &record.outliers {
            let others: Vec<String> = o
                .others
                .iter()
                .map(|(fork, median)| format!("{median:.4} in fork {fork}"))
                .collect();
            out.push_str(&wrap(
                &format!(
                    "- {}/{} {}: {:.4} ns in fork {}; {}",
                    o.family,
                    o.variant,
                    o.workload,
                    o.median,
                    o.fork,
                    others.join(", ")
                ),
                width,
                4,
            ));
        }
    }
    if let Some(planted) = &record.run.planted_bias {
        out.push_str(&wrap(
            &format!(
                "TEST ONLY: this run planted a bias ({planted}: family/variant:fork:factor); \
                 its figures are not a measurement."
            ),
            width,
            2,
        ));
    }
    let suspects: Vec<String> = record
        .measurements
        .iter()
        .filter(|m| m.suspect)
        .map(|m| {
            format!(
                "{}/{} {} {}",
                m.family,
                m.variant,
                m.workload,
                m.mode.name()
            )
        })
        .collect();
    if !suspects.is_empty() {
        out.push_str(&wrap(
            &format!(
                "! SUSPECT, measured below the empty kernel (work probably deleted): {}",
                suspects.join("; ")
            ),
            width,
            2,
        ));
    }
}

pub(super) use crate::base::console::wrap;
