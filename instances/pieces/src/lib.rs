//! The harness's stages compiled for the leaper, pawn, line and legality families.
//!
//! A crate of its own so that cargo compiles these families' measuring loops beside the other
//! groups', each on a core of its own: [`harness::suite::stages`] says why.

use harness::suite::stages::FamilyStages;

strategies::registry!(
    Group {
        strategies::in_between::InBetweenFamily,
        strategies::knight_attacks::KnightFamily,
        strategies::attack_spans::AttackSpansFamily,
        strategies::pawn_structure::PawnStructureFamily,
        strategies::knight_fill::KnightFillFamily,
        strategies::knight_forks::KnightForksFamily,
        strategies::legality_test::LegalityTestFamily,
        strategies::checkers_pins::CheckersPinsFamily,
    }
);

/// The stages of this crate's families.
pub fn stages() -> Vec<FamilyStages> {
    FamilyStages::list::<Group>()
}
