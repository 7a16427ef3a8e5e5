//! Tables computed from a record: the ranked summary per family printed after a run
//! ([`ranked_tables`]), every measurement as Markdown written beside the charts
//! ([`full_tables`]), and how both show how sure each number is
//! ([`uncertainty`](crate::render::uncertainty), which the charts and the site share). Text from a record reaches Markdown escaped ([`markdown`]).
//! The harness's own checks, `crosscheck` and `invariance`, and the results of `advise` and
//! `compare`, render here too.

pub mod advise;
mod checks;
pub mod compare;
mod full;
pub mod markdown;
mod ranked;
mod text_table;
pub mod verdicts;
pub use text_table::TextTable;

pub use checks::{crosscheck_table, invariance_table};
pub use full::simulated_caches;

/// Every measurement of a record as Markdown (`tables.md`), with every `&`, `<` and `>` as an
/// entity: the tables hold no markup of their own and no code spans, so a CPU brand or a tool
/// name from the record is shown as text, never passed through as HTML.
pub fn full_tables(record: &crate::record::Record) -> String {
    markdown::text(&full::full_tables(record))
}
pub use ranked::{ranked_tables, ranked_tables_in, WIDE};
