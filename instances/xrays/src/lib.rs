//! The harness's stages compiled for the x-ray and attack-set families.
//!
//! A crate of its own so that cargo compiles these families' measuring loops beside the other
//! groups', each on a core of its own: [`harness::suite::stages`] says why.

use harness::suite::stages::FamilyStages;

strategies::registry!(
    Group {
        strategies::xray_attacks::RookXrayFamily,
        strategies::xray_attacks::BishopXrayFamily,
        strategies::xray_attacks_multi::XrayAttacksMultiFamily,
        strategies::blockers_by_targets::BlockersByTargetsFamily,
        strategies::attacks_to::AttacksToFamily,
        strategies::attacked::AttackedFamily,
        strategies::attacked_by_piece::AttackedByPieceFamily,
    }
);

/// The stages of this crate's families.
pub fn stages() -> Vec<FamilyStages> {
    FamilyStages::list::<Group>()
}
