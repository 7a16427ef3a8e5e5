//! The harness's stages compiled for the perft family, and the perft the commands run.
//!
//! A crate of its own so that cargo compiles these families' measuring loops beside the other
//! groups', each on a core of its own: [`harness::suite::stages`] says why. The perft of
//! `bitbench perft`, of its published table and of `bitbench engine` is matched here too, as the
//! search's command is in `instances/search`: a non-generic function that matches on a
//! configuration compiles every configuration's generator in its own crate, and these were
//! three more copies, one of them in the library itself, which every other crate waits for.

use harness::suite::stages::FamilyStages;
use strategies::movegen::configs::{self, Choice, ConfigError, ConfigVisitor};
use strategies::movegen::{self, Config};
use strategies::perft::{PerftFamily, PerftQuery, PerftVariant, Timed};
use strategies::position::{Move, Position};
use strategies::{Cpu, Family, Unsupported};

strategies::registry!(
    Group {
        strategies::perft::PerftFamily,
    }
);

/// The stages of this crate's families.
pub fn stages() -> Vec<FamilyStages> {
    FamilyStages::list::<Group>()
}

/// Perft of `query` with `variant` (a configuration of ours or a peer's), timed: the
/// [`strategies::perft::Counter`] of the published table and of `bitbench engine`.
pub fn count(
    variant: PerftVariant,
    cpu: &Cpu,
    query: PerftQuery,
) -> Result<(u64, f64), Unsupported> {
    PerftFamily::visit(variant, cpu, Timed(query))
}

/// Perft of `position` to `depth` with the configuration `choice`, matched once.
pub fn perft(
    choice: Choice,
    cpu: &Cpu,
    position: &Position,
    depth: u32,
) -> Result<u64, ConfigError> {
    struct Perft<'a>(&'a Position, u32);
    impl ConfigVisitor for Perft<'_> {
        type Output = u64;
        fn visit<C: Config>(self, config: C) -> u64 {
            movegen::perft(config, self.0, self.1)
        }
    }
    configs::visit(choice, cpu, Perft(position, depth))
}

/// [`movegen::divide`] with the configuration `choice`, matched once: each legal move with the
/// perft of the position after it at `depth - 1`, in the generator's order.
pub fn divide(
    choice: Choice,
    cpu: &Cpu,
    position: &Position,
    depth: u32,
) -> Result<Vec<(Move, u64)>, ConfigError> {
    struct Divide<'a>(&'a Position, u32);
    impl ConfigVisitor for Divide<'_> {
        type Output = Vec<(Move, u64)>;
        fn visit<C: Config>(self, config: C) -> Vec<(Move, u64)> {
            movegen::divide(config, self.0, self.1)
        }
    }
    configs::visit(choice, cpu, Divide(position, depth))
}
