//! The harness's stages compiled for the perft family.
//!
//! A crate of its own so that cargo compiles these families' measuring loops beside the other
//! groups', each on a core of its own: [`harness::suite::stages`] says why.

use harness::suite::stages::FamilyStages;

strategies::registry!(
    Group {
        strategies::perft::PerftFamily,
    }
);

/// The stages of this crate's families.
pub fn stages() -> Vec<FamilyStages> {
    FamilyStages::list::<Group>()
}
