//! `bitbench advise --shares`: the share of a search node's time, and of a perft node's, that
//! each technique family takes, estimated. The default configuration's calls of each family
//! per node are counted exactly (`strategies::search::profile`: the same on every CPU); each
//! call is priced at what the default technique costs alone in the record, on its family's
//! headline distribution, hot, in throughput mode (independent queries) and in latency mode
//! (each waiting for the last); a node's time is the default configuration's inside the search
//! and inside perft, from the same record. The two prices bound the estimate: inside a node the
//! calls overlap other work, as in a batch, and wait on it, as in a chain.

use crate::record::{Mode, Record};
use serde::Serialize;
use strategies::perft::PerftFamily;
use strategies::search::family::SearchFamily;
use strategies::search::profile::{perft_profile, search_profile, Call, Profile};
use strategies::search::workloads::{MEASURED_DEPTH, TABLE_SIZES};
use strategies::Family;

/// One technique family's calls and price.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Share {
    /// The family that measures the call alone.
    pub family: String,
    /// The default configuration's technique.
    pub technique: String,
    pub search_calls_per_node: f64,
    pub perft_calls_per_node: f64,
    /// ns per query alone, throughput and latency (`None` where not measured).
    pub throughput_ns: Option<f64>,
    pub latency_ns: Option<f64>,
}

/// The estimate of one record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shares {
    pub record: String,
    pub cpu: String,
    /// The default configuration's ns per node inside the search (headline table size) and
    /// inside perft, from the record.
    pub search_node_ns: Option<f64>,
    pub perft_node_ns: Option<f64>,
    pub search_depth: u32,
    pub search_table_mib: u16,
    pub rows: Vec<Share>,
}

impl Share {
    /// The share of a node's time at `calls` per node and `ns_per_node`: at the throughput and
    /// the latency price.
    pub fn of(&self, calls: f64, ns_per_node: Option<f64>) -> (Option<f64>, Option<f64>) {
        let share = |price: Option<f64>| Some(calls * price? / ns_per_node?);
        (share(self.throughput_ns), share(self.latency_ns))
    }
}

/// The estimate for `record` (read from `name`).
pub fn shares(name: &str, record: &Record) -> Shares {
    let search = search_profile(u32::from(MEASURED_DEPTH), usize::from(TABLE_SIZES[0]));
    let perft = perft_profile();
    let price = |family: &str, technique: &str, mode: Mode| {
        let headline = record.headline(family)?;
        let m = record.find(family, technique, &headline, mode, 0)?;
        Some(m.ns_per_op.median)
    };
    let node = |family: &str, default: &str| price(family, default, Mode::Throughput);
    let rows = Call::ALL
        .into_iter()
        .map(|call| {
            let per_node = |p: &Profile| p.per_node(call);
            Share {
                family: call.family().to_string(),
                technique: call.default_technique().to_string(),
                search_calls_per_node: per_node(&search),
                perft_calls_per_node: per_node(&perft),
                throughput_ns: price(call.family(), call.default_technique(), Mode::Throughput),
                latency_ns: price(call.family(), call.default_technique(), Mode::Latency),
            }
        })
        .collect();
    Shares {
        record: name.to_string(),
        cpu: record.machine.cpu.describe(),
        search_node_ns: node(
            SearchFamily::NAME,
            strategies::search::family::default_name(),
        ),
        perft_node_ns: node(PerftFamily::NAME, strategies::perft::default_name()),
        search_depth: u32::from(MEASURED_DEPTH),
        search_table_mib: TABLE_SIZES[0],
        rows,
    }
}
