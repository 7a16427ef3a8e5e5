//! The harness's stages compiled for the search family, and the `search` command's searches.
//!
//! A crate of its own so that cargo compiles the search's configurations (one copy of the
//! whole search each) beside the other groups' loops, on a core of its own
//! ([`harness::suite::stages`] says why); the command's searches are here too, so that each
//! configuration's search is compiled once, for both.

use harness::suite::stages::FamilyStages;
use strategies::position::Position;
use strategies::search::configs::{self, Choice, ConfigError, SearchVisitor};
use strategies::search::{SearchConfig, SearchResult, TranspositionTable};

strategies::registry!(
    Group {
        strategies::search::family::SearchFamily,
    }
);

/// The stages of this crate's families.
pub fn stages() -> Vec<FamilyStages> {
    FamilyStages::list::<Group>()
}

/// Searches `position` to `depth` with the configuration `choice` and `table`, matched once;
/// or says why the configuration cannot run here.
pub fn search(
    choice: Choice,
    cpu: &strategies::Cpu,
    position: &Position,
    depth: u32,
    table: &mut TranspositionTable,
) -> Result<SearchResult, ConfigError> {
    struct Run<'a> {
        position: &'a Position,
        depth: u32,
        table: &'a mut TranspositionTable,
    }
    impl SearchVisitor for Run<'_> {
        type Output = SearchResult;
        fn visit<C: SearchConfig>(self, config: C) -> SearchResult {
            strategies::search::search(config, self.position, self.depth, self.table)
        }
    }
    configs::visit(
        choice,
        cpu,
        Run {
            position,
            depth,
            table,
        },
    )
}
