//! What the numbers mean, in plain words (from the docs of `workload`, `measure` and
//! `analysis`), and the families and input distributions this build knows.

use super::html::esc;
use crate::base::units;
use crate::measure::workload::{BLOCK_BYTES, BLOCK_RANGE, EVICTION_SIZES, PRESSURE_BLOCK};
use crate::render::uncertainty::TIE;
use std::fmt::Write;
use strategies::{Families, Registry};

/// What the numbers mean, in plain words (from the docs of `workload` and `measure`).
pub(super) fn section(out: &mut String) {
    let sizes: Vec<String> = EVICTION_SIZES.iter().map(|&b| units::bytes(b)).collect();
    let _ = writeln!(
        out,
        "<section id=\"method\">\n<h2>How these were measured</h2>\n\
<p><strong>Verify, then time.</strong> Every variant is first checked against a plain reference \
on every verification input of its family (exhaustive where the domain allows, large seeded \
samples with dense and edge cases where not), as single queries and in batches. Only variants \
that agree are timed.</p>\n\
<p><strong>Fair inputs.</strong> Queries come from a seeded generator. Each round draws a fresh \
set and every variant, and the empty kernel, runs on exactly that set, each in its own random \
order: identical work for all, but no sequence the branch predictor could learn by heart. \
Samples are taken round-robin (floor, A, B, C, floor, A, &hellip;) so that drift, such as a \
clock change or a busy neighbour, hits every variant alike. Each sample (a round) is one pass \
over the queries and gives a time per query; the tables show the median over the rounds.</p>\n\
<ul>\n\
<li><strong>Throughput</strong>: the variant's batch kernel over blocks of independent queries, \
as many as {block_kib} KiB of queries and answers hold ({least} to {most}). The CPU may overlap queries, so this is the cost per query in a loop over many inputs \
at once.</li>\n\
<li><strong>Latency</strong>: one query at a time, each input made to depend on the previous \
answer by a cheap mix, so queries cannot overlap. This is the time from input to answer when \
the next step waits for it. The empty kernel here measures the mix alone.</li>\n\
<li><strong>Cache pressure</strong>: before every block of {PRESSURE_BLOCK} queries, a sweep \
reads one byte of every cache line of a buffer of E bytes (E = {sizes}). Only the queries are \
timed, not the sweep: what remains is the query cost with the caches in the state the sweep \
left them, as when the rest of an engine has pushed the tables out. E = 0 is the hot case.</li>\n\
</ul>\n\
<p><strong>The floor</strong> is the empty kernel, which just returns its input, measured the \
same way in every workload: the cost of the loop itself. A variant measured below the floor by \
more than the noise is marked <span class=\"suspect\">suspect</span>: the compiler probably \
deleted its work.</p>\n\
<p><strong>Ratios and ranks.</strong> A variant's ratio is to the variant with the best \
median in the same workload (1.00&times; = best). Variants are ranked by the geometric mean \
of their ratios over all the family's workloads.</p>\n\
<p><strong>Cycles</strong> are estimates: ns/op times the core clock, estimated in the same \
run from chains of dependent adds (one cycle each). <strong>Quick</strong> records are smoke \
tests with short time budgets. <strong>Feature-masked</strong> records were run with \
<code>--disable</code>: they show the ranking a CPU without those features would see, \
measured on this one.</p>",
        sizes = esc(&sizes.join(", ")),
        block_kib = BLOCK_BYTES >> 10,
        least = BLOCK_RANGE.0,
        most = BLOCK_RANGE.1,
    );
    certainty(out);
    workloads_list(out);
    out.push_str("</section>\n");
}

/// How sure the numbers are: intervals, paired ratios, ties; schema-1 records; the cache
/// simulation.
fn certainty(out: &mut String) {
    let _ = writeln!(
        out,
        "<p><strong>Cache state.</strong> Every sample is taken hot: untimed passes of the \
same variant over its own queries in the reverse order (at least 50 &micro;s and four passes, \
fewer where four take over 1 ms), then its one timed pass, so no timed pass starts on tables \
another variant left; under cache pressure a sweep of the stated size then precedes every \
timed block. Records older than schema 3 do not say so: their samples started on whatever the \
variant before them had left.</p>\n\
<p><strong>How sure.</strong> Each median comes with its 95% interval (&plusmn; in the \
tables, whiskers in the charts): between the two pairs of order statistics of the rounds whose \
binomial coverages bracket 95%, interpolated (Hettmansperger and Sheather), then widened on a \
log scale by the square root of the design effect where the run's sweeps differ in level more \
than the rounds within them. Because every round measures all the variants of a workload, a \
variant's ratio to the best is taken round by round (paired), so drift that hits a whole round \
cancels; each process's median of those ratios is one figure, and [a, b] is the 95% interval \
of their mean on a log scale. Its width pools what every comparison of the workload (or, over \
a family's workloads, of the family) says of the noise between processes, and adds the \
placement noise: what separates two compiled copies of one code, which no number of processes \
shows and the A/A controls estimate. The ranked tables show each variant's ratio to the \
first-ranked variant over the family's workloads, taken the same way.</p>\n\
<p><strong>Controls.</strong> Every family measures the same code under two names (an A/A \
pair: a second copy of one variant named <code>-aa</code>, or perft's and the search's default \
configuration under several names). What the pairs differ by, beyond their processes' noise, \
is the placement noise every interval carries. A pair itself is reported tied when its \
interval, taken with the placement noise the other pairs show, includes 1.00 at the level \
1 &minus; 0.05/k for the run's k pairs (Bonferroni: all pairs of a run at once). \
Two variants are tied, marked {TIE}, exactly when the 95% interval of their ratio includes \
1.00, and a variant tied with the first-ranked one shares rank 1. Records before schema 5 \
called a tie also where the interval reached into the family's widest A/A ratio.</p>\n\
<p><strong>Older records</strong> (schema 1) kept no per-round values: their tables and \
whiskers show the interquartile range of the samples instead, labelled as such, and ties \
cannot be called for them.</p>\n\
<p><strong>Cache simulation.</strong> Records made with <code>run --cache-sim</code> also \
replay each cache-pressure workload under valgrind's cache simulator, configured to the \
CPU's L1d and one larger cache level as its last level (the record says which). The counts, \
L1d and last-level misses per query, do not depend on what else the machine was doing, so \
they show where a table falls out of a cache even where the timings scatter; a chart draws \
them beside the timings, on the same eviction axis.</p>"
    );
}

/// The families this build knows, each with its summary and input distributions.
fn workloads_list(out: &mut String) {
    out.push_str("<p><strong>Families and input distributions</strong> (the first distribution of each family is the headline in the tables):</p>\n<ul>\n");
    for family in Families::families() {
        let _ = writeln!(
            out,
            "<li><code>{}</code>: {}<ul>",
            esc(family.name),
            esc(family.summary)
        );
        for d in family.distributions {
            let pressure = if d.name == family.pressure_distribution.name {
                " (also measured under cache pressure)"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "<li><code>{}</code>: {}{pressure}</li>",
                esc(d.name),
                esc(d.summary)
            );
        }
        out.push_str("</ul></li>\n");
    }
    out.push_str("</ul>\n");
}
