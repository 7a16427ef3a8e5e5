//! Builds the results site: `cargo run --example site -- [RESULTS [OUT]]`
//! (defaults: `results` and `RESULTS/site`).

use std::path::PathBuf;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let results = args.next().unwrap_or_else(|| PathBuf::from("results"));
    let out = args.next().unwrap_or_else(|| results.join("site"));
    let site = harness::site::build_site(&results, &out)?;
    println!(
        "site: {} records from {} CPUs, {} charts, {} files skipped: {}",
        site.records,
        site.cpus,
        site.charts,
        site.skipped.len(),
        site.index.display()
    );
    Ok(())
}
