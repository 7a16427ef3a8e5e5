//! The ground floor of the harness: what every stage uses and that knows no stage.
//!
//! - [`console`]: printing to a standard output that may be a closed pipe or full;
//! - [`signals`]: SIGINT, SIGTERM and SIGHUP turned into a clean stop at a safe point;
//! - [`output`]: outputs written whole or not at all, never replacing what bitbench did not
//!   write;
//! - [`names`]: the one gate between a name and a path;
//! - [`units`]: sizes in bytes as people read them;
//! - [`stats`]: summary statistics and the least-squares line;
//! - [`nested`]: intervals over rounds within forks and forks within a run;
//! - [`pooled`]: intervals of a ratio that pool the noise a run's comparisons share;
//! - [`machine`]: the machine a run happens on;
//! - [`parallel`]: independent jobs spread over the machine's cores.

pub mod console;
pub mod machine;
pub mod names;
pub mod nested;
pub mod output;
pub mod parallel;
pub mod pooled;
pub mod signals;
pub mod stats;
pub mod units;
