//! The one list of the crates under `instances/` that compile the harness's stages, family by
//! family ([`harness::suite::stages`] says why they are apart). The command reads it, and the
//! tests compile this same file (`tests/it/common.rs`), so that they check the command's list
//! rather than a copy of it.

use harness::suite::stages::FamilyStages;
use strategies::Families;

/// Every family's stages, in the registry's order, from the crates that compile them.
pub fn families() -> Vec<FamilyStages> {
    FamilyStages::in_order_of::<Families>(&[
        instances_pieces::stages(),
        instances_sliders::stages(),
        instances_xrays::stages(),
        instances_perft::stages(),
        instances_search::stages(),
    ])
}
