//! Tables computed from a record: the ranked summary per family printed after a run
//! ([`ranked_tables`]), every measurement as Markdown written beside the charts
//! ([`full_tables`]), and how both show how sure each number is ([`uncertainty`], which the
//! charts and the site share).

mod full;
mod ranked;
mod text_table;
pub mod uncertainty;

pub use full::{full_tables, simulated_caches};
pub use ranked::ranked_tables;
