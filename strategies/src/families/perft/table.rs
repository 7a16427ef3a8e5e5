//! The published perft table for every configuration: the check the issue asks for before any
//! configuration's timings are trusted, too long for `verify` (about 594 M nodes per
//! configuration), so it is run on its own:
//! `bitbench perft --verify-table`.

#[cfg(feature = "peers")]
use super::peers;
use super::workloads::{published_query, PUBLISHED};
use super::{configurations, Counter, PerftFamily, PerftQuery, PerftVariant};
use crate::framework::cpu::{Cpu, Unsupported};
use crate::framework::family::Family;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The depth each published position is checked at: the initial position to 6 (119,060,324),
/// Kiwipete to 5 (193,690,690), position 3 to 6 (11,030,083), position 4 to 5 (15,833,292),
/// position 5 to 5 (89,941,194), position 6 to 5 (164,075,551).
pub const TABLE_DEPTHS: [u32; 6] = [6, 5, 6, 5, 5, 5];

/// One variant's check of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    /// The variant's name (`rook_attacks.pext`, `cozy_chess`).
    pub variant: &'static str,
    pub outcome: TableOutcome,
    /// Nodes counted.
    pub nodes: u64,
    /// Seconds it took, on one thread.
    pub seconds: f64,
}

/// How a variant fared.
#[derive(Clone, Debug, PartialEq)]
pub enum TableOutcome {
    /// Every count equals the published one.
    Agreed,
    /// The first count that differs.
    Disagreed {
        position: &'static str,
        depth: u32,
        expected: u64,
        got: u64,
    },
    /// Not run: why.
    NotRunnable(String),
}

/// Counts each of `queries` with `variant`: the outcome, the nodes and the seconds counted;
/// stops at the first wrong count.
fn count_all(
    count: Counter,
    variant: PerftVariant,
    cpu: &Cpu,
    queries: &[(&'static str, PerftQuery)],
) -> Result<(TableOutcome, u64, f64), Unsupported> {
    let (mut nodes, mut seconds) = (0, 0.0);
    for &(position, query) in queries {
        let (got, took) = count(variant, cpu, query)?;
        nodes += got;
        seconds += took;
        if got != query.nodes {
            let outcome = TableOutcome::Disagreed {
                position,
                depth: query.depth,
                expected: query.nodes,
                got,
            };
            return Ok((outcome, nodes, seconds));
        }
    }
    Ok((TableOutcome::Agreed, nodes, seconds))
}

/// The variants the table is checked for: every configuration once (the default once, under
/// the first name it is listed by), then the peers.
fn table_variants() -> Vec<(&'static str, PerftVariant)> {
    let mut variants = configurations();
    for &peer in PerftVariant::PEERS {
        variants.push((PerftFamily::descriptor(peer).name, peer));
    }
    variants
}

/// Checks every configuration that runs on `cpu`, and the peers, against the published counts
/// at `depths` (each at most the deepest published, [`TABLE_DEPTHS`] by default), on `threads`
/// threads (each variant on one thread), each count by `count`. Calls `done` as each variant
/// finishes; returns the rows in the order of the variants.
pub fn verify_table(
    cpu: &Cpu,
    depths: [u32; 6],
    threads: usize,
    count: Counter,
    done: &(dyn Fn(&TableRow) + Sync),
) -> Vec<TableRow> {
    let queries: Vec<(&'static str, PerftQuery)> = (0..PUBLISHED.len())
        .map(|i| {
            let depth = depths[i].clamp(1, PUBLISHED[i].counts.len() as u32);
            (PUBLISHED[i].name, published_query(i, depth))
        })
        .collect();
    let variants = table_variants();
    // The peers' boards are built before any clock starts.
    #[cfg(feature = "peers")]
    let _ = (peers::CozyChess::prepared(), peers::Chess::prepared());
    let next = AtomicUsize::new(0);
    let rows: Mutex<Vec<Option<TableRow>>> = Mutex::new(vec![None; variants.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(name, variant)) = variants.get(i) else {
                    break;
                };
                let (outcome, nodes, seconds) = match count_all(count, variant, cpu, &queries) {
                    Ok(counted) => counted,
                    Err(why) => (TableOutcome::NotRunnable(why.to_string()), 0, 0.0),
                };
                let row = TableRow {
                    variant: name,
                    outcome,
                    nodes,
                    seconds,
                };
                done(&row);
                rows.lock().expect("no thread panicked")[i] = Some(row);
            });
        }
    });
    rows.into_inner()
        .expect("no thread panicked")
        .into_iter()
        .map(|row| row.expect("every variant ran"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_to_depth_3_agrees_for_every_configuration() {
        fn count(v: PerftVariant, cpu: &Cpu, q: PerftQuery) -> Result<(u64, f64), Unsupported> {
            PerftFamily::visit(v, cpu, super::super::Timed(q))
        }
        let rows = verify_table(&Cpu::detect(), [3; 6], 2, count, &|_| {});
        assert!(rows.len() >= 30, "{}", rows.len());
        let ran = rows
            .iter()
            .filter(|r| !matches!(r.outcome, TableOutcome::NotRunnable(_)));
        for row in ran {
            assert_eq!(row.outcome, TableOutcome::Agreed, "{}", row.variant);
            assert_eq!(row.nodes, 8_902 + 97_862 + 2_812 + 9_467 + 62_379 + 89_890);
        }
    }

    #[test]
    fn published_counts_match_the_reference_table() {
        for (published, reference) in PUBLISHED
            .iter()
            .zip(crate::bench::reference::PERFT_POSITIONS)
        {
            assert_eq!(published.fen, reference.fen);
            assert_eq!(&published.counts[..4], &reference.counts[..]);
        }
    }
}
