//! The harness's stages compiled for the slider families: rook, bishop and queen attacks.
//!
//! A crate of its own so that cargo compiles these families' measuring loops beside the other
//! groups', each on a core of its own: [`harness::suite::stages`] says why.

use harness::suite::stages::FamilyStages;

strategies::registry!(
    Group {
        strategies::sliders::RookAttacksFamily,
        strategies::sliders::BishopAttacksFamily,
        strategies::queen_attacks::QueenAttacksFamily,
    }
);

/// The stages of this crate's families.
pub fn stages() -> Vec<FamilyStages> {
    FamilyStages::list::<Group>()
}
