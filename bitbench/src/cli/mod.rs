//! The commands of `bitbench`, one module per group.

pub mod advise;
pub mod checks;
pub mod engine;
pub mod list;
pub mod perft;
pub mod records;
pub mod run;

use harness::suite::stages::FamilyStages;
use strategies::Families;

/// Every family's stages, in the registry's order, from the crates that compile them
/// (`instances/`: [`harness::suite::stages`] says why they are apart).
pub fn families() -> Vec<FamilyStages> {
    FamilyStages::in_order_of::<Families>(&[
        instances_pieces::stages(),
        instances_sliders::stages(),
        instances_xrays::stages(),
        instances_perft::stages(),
    ])
}
