//! The commands of `bitbench`, one module per group.

pub mod advise;
pub mod checks;
pub mod engine;
pub mod fork;
pub mod list;
pub mod perft;
pub mod records;
pub mod run;
pub mod search;

use crate::args::Context;
use harness::suite::stages::FamilyStages;
use strategies::Families;

/// The commit this binary was built from, `-dirty` if its sources differed from it; empty
/// outside a git checkout (`build.rs`).
pub const GIT_COMMIT: &str = env!("BITBENCH_GIT_COMMIT");

/// Every family's stages, in the registry's order, from the crates that compile them
/// (`instances/`: [`harness::suite::stages`] says why they are apart).
pub fn families() -> Vec<FamilyStages> {
    FamilyStages::in_order_of::<Families>(&[
        instances_pieces::stages(),
        instances_sliders::stages(),
        instances_xrays::stages(),
        instances_perft::stages(),
        instances_search::stages(),
    ])
}

/// Verifies every selected variant of `context`; prints the outcome. Nothing is timed that has
/// not agreed with the reference.
pub fn verified(context: &Context, seed: u64) -> bool {
    let width = harness::base::console::width();
    match harness::suite::verified::<Families>(
        &families(),
        &context.cpu,
        &context.selection,
        seed,
        width,
    ) {
        Ok(summary) => {
            harness::out!("{summary}");
            true
        }
        Err(disagreements) => {
            harness::err!("{disagreements}");
            false
        }
    }
}

/// Refuses a `--with` that names a key twice (`slider=magic,slider=pext`): which would win is
/// a guess.
pub fn refuse_repeated_keys(with: &str) -> anyhow::Result<()> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for pair in with.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, name) = pair.split_once('=').unwrap_or((pair, ""));
        let key = key.trim();
        if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
            anyhow::bail!(
                "--with names {key} twice ({key}={first}, {key}={}); give each key once",
                name.trim()
            );
        }
        seen.push((key, name.trim()));
    }
    Ok(())
}
