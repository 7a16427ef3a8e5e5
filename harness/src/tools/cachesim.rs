//! A noise-free view of the cache-pressure sweep: valgrind's cache simulation (Callgrind with
//! `--cache-sim=yes`), configured to this CPU's L1d and last-level cache, counts the
//! instructions, L1d misses and last-level misses per query of every variant at every
//! eviction size. Counts do not depend on what else the machine is doing, so they show the
//! cache tradeoff where timings under pressure move by tens of percent between runs.
//!
//! `run --cache-sim` measures as usual, then starts this same binary once under Callgrind as a
//! worker (`bitbench cache-sim-worker`, hidden). The worker replays each pressure workload:
//! the eviction sweep runs with counting off (its accesses still pass through the simulated
//! caches, leaving them as a real sweep would), each block of queries with counting on, and a
//! dump of the counters after each (variant, eviction size). Counting is switched with
//! Callgrind's client requests (module `client`), which are no-ops outside valgrind.

use crate::choose::select::{entries, Selection};
use crate::errln;
use crate::measure::workload::{Prepared, Workload, PRESSURE_BLOCK};
use crate::measure::FLOOR;
use crate::record::{CacheCounts, Mode, Record, SimulatedCache, SimulatedCaches};
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use strategies::bench::run_at;
use strategies::family::Empty;
use strategies::level::Batch;
use strategies::{Bench, Cpu, Feature, Kernel, Level, Visitor};

/// Whether valgrind can run here; the error says how to get it.
pub fn check_available() -> Result<()> {
    let found = Command::new("valgrind").arg("--version").output();
    match found {
        Ok(output) if output.status.success() => Ok(()),
        _ => bail!(
            "--cache-sim needs valgrind, which is not installed here (Debian: apt-get install valgrind)"
        ),
    }
}

/// Valgrind's model of this CPU's caches: the L1d, and as its "last level" the largest cache
/// level that the heaviest eviction sweep can overflow (a cache more than twice that size
/// would show no misses at any eviction size: on a VM that reports its host's 480 MiB L3, the
/// L2 is simulated instead, and the record says which level it is). The associativity is
/// adjusted where valgrind needs a power-of-two number of sets.
pub fn simulated_caches(record: &Record) -> Result<SimulatedCaches> {
    let cpu = &record.machine.cpu;
    let l1 = cpu
        .data_cache_of(1)
        .context("the record does not know this CPU's L1d size")?;
    let reach = 2 * crate::measure::workload::EVICTION_SIZES
        .iter()
        .max()
        .copied()
        .unwrap_or(0);
    let levels: Vec<&crate::base::machine::Cache> = (2..=4)
        .filter_map(|level| cpu.data_cache_of(level))
        .collect();
    let last = levels
        .iter()
        .rev()
        .find(|c| c.size_bytes <= reach)
        .or(levels.first())
        .copied()
        .context("the record does not know this CPU's caches beyond L1")?;
    let model = |c: &crate::base::machine::Cache| {
        let line = c.line_bytes.unwrap_or(64);
        let mut ways = c.associativity.unwrap_or(8).max(1);
        // Sets must be a power of two: keep the size and the line, adjust the ways.
        let sets = |ways: u32| c.size_bytes / (u64::from(ways) * u64::from(line));
        while ways > 1 && !sets(ways).is_power_of_two() {
            ways -= 1;
        }
        SimulatedCache {
            level: c.level,
            size_bytes: sets(ways) * u64::from(ways) * u64::from(line),
            associativity: ways,
            line_bytes: line,
        }
    };
    Ok(SimulatedCaches {
        tool: "valgrind callgrind --cache-sim=yes".into(),
        l1d: model(l1),
        ll: model(last),
    })
}

/// Starts this binary's hidden command `worker` under Callgrind with `options`, passing on
/// the run's disabled features, selection and seed, and waits for it ([`callgrind`]); returns
/// the scratch folder holding its dumps (`dump.<pid>`).
pub(crate) fn callgrind_worker(
    options: &[String],
    worker: &str,
    selection: &Selection,
    cpu: &Cpu,
    seed: u64,
    what: &'static str,
) -> Result<tempfile::TempDir> {
    let mut args = Vec::new();
    if !selection.names().is_empty() {
        args.extend(["--only".to_string(), selection.names().join(",")]);
    }
    args.extend([worker.to_string(), "--seed".to_string(), seed.to_string()]);
    callgrind(options, cpu.disabled(), &args, what)
}

/// Runs this binary under Callgrind with `options`, `--disable` for each of `disabled`, then
/// `args`, and waits for it ([`wait_unless_stopped`]); returns the scratch folder holding its
/// dumps (`dump.<pid>`). A failure names `what` and ends with the last lines valgrind printed.
pub(crate) fn callgrind(
    options: &[String],
    disabled: &[Feature],
    args: &[String],
    what: &str,
) -> Result<tempfile::TempDir> {
    let scratch = tempfile::tempdir().context("a scratch folder for Callgrind's dumps")?;
    let exe = std::env::current_exe().context("finding this binary")?;
    let mut command = Command::new("valgrind");
    command
        .arg("--tool=callgrind")
        .args(options)
        .arg(format!(
            "--callgrind-out-file={}/dump.%p",
            scratch.path().display()
        ))
        .arg(exe);
    for feature in disabled {
        command.arg("--disable").arg(feature.name());
    }
    command.args(args);
    let output = wait_unless_stopped(command, what)?;
    if !output.status.success() {
        bail!(
            "{what} failed under valgrind: {}",
            String::from_utf8_lossy(&output.stderr)
                .lines()
                .rev()
                .take(5)
                .collect::<Vec<_>>()
                .join(" / ")
        );
    }
    Ok(scratch)
}

/// Runs `command` (valgrind, for `what`) to its end, unless a signal stops bitbench first (see
/// [`crate::base::signals`]): then the child is killed and waited for, and the error says so.
fn wait_unless_stopped(mut command: Command, what: &str) -> Result<std::process::Output> {
    use std::io::Read;
    let mut child = command
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .context("starting valgrind")?;
    let mut stderr = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stderr.read_to_end(&mut bytes);
        bytes
    });
    let status = loop {
        // Asked first: Ctrl-C reaches the child too, which then ends with a failure.
        if let Some(stopped) = crate::base::signals::received() {
            let _ = child.kill();
            let _ = child.wait();
            return Err(anyhow::Error::new(stopped).context(what.to_string()));
        }
        if let Some(status) = child.try_wait().context("waiting for valgrind")? {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    Ok(std::process::Output {
        status,
        stdout: Vec::new(),
        stderr: reader.join().unwrap_or_default(),
    })
}

/// Runs the worker under Callgrind and adds its counts to the record's cache-pressure
/// measurements.
pub fn simulate(record: &mut Record, selection: &Selection, cpu: &Cpu, seed: u64) -> Result<()> {
    let caches = simulated_caches(record)?;
    let arg = |c: &SimulatedCache| format!("{},{},{}", c.size_bytes, c.associativity, c.line_bytes);
    let options = [
        "--cache-sim=yes".to_string(),
        format!("--D1={}", arg(&caches.l1d)),
        format!("--LL={}", arg(&caches.ll)),
        "--collect-atstart=no".to_string(),
    ];
    errln!("cache simulation: the pressure workloads under Callgrind (this takes a while)");
    let scratch = callgrind_worker(
        &options,
        "cache-sim-worker",
        selection,
        cpu,
        seed,
        "the cache simulation",
    )?;
    let counts = read_dumps(scratch.path())?;
    let mut filled = 0;
    for m in record
        .measurements
        .iter_mut()
        .filter(|m| m.mode == Mode::CachePressure)
    {
        let name = dump_name(&m.family, &m.variant, m.eviction_bytes);
        if let Some(&c) = counts.get(&name) {
            m.cache_sim = Some(c);
            filled += 1;
        }
    }
    errln!("cache simulation: {filled} measurements counted");
    record.cache_sim = Some(caches);
    Ok(())
}

fn dump_name(family: &str, variant: &str, eviction: u64) -> String {
    format!("{family}/{variant}/{eviction}")
}

/// Per dump name, the counts per query.
pub(crate) fn read_dumps(dir: &Path) -> Result<BTreeMap<String, CacheCounts>> {
    let mut counts = BTreeMap::new();
    for entry in std::fs::read_dir(dir)? {
        let text = std::fs::read_to_string(entry?.path())?;
        if let Some((name, c)) = parse_dump(&text) {
            counts.insert(name, c);
        }
    }
    Ok(counts)
}

/// One dump: its trigger name (`family/variant/eviction/queries`) and totals per query.
fn parse_dump(text: &str) -> Option<(String, CacheCounts)> {
    let trigger = text
        .lines()
        .find_map(|l| l.strip_prefix("desc: Trigger: Client Request: "))?;
    let (name, queries) = trigger.trim().rsplit_once('/')?;
    let queries: f64 = queries.parse().ok()?;
    let events: Vec<&str> = text
        .lines()
        .find_map(|l| l.strip_prefix("events: "))?
        .split_whitespace()
        .collect();
    let totals: Vec<f64> = text
        .lines()
        .find_map(|l| l.strip_prefix("summary: ").or(l.strip_prefix("totals: ")))?
        .split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect();
    let event = |name: &str| {
        events
            .iter()
            .position(|e| *e == name)
            .and_then(|i| totals.get(i))
            .copied()
            .unwrap_or(0.0)
    };
    Some((
        name.to_string(),
        CacheCounts {
            instructions: event("Ir") / queries,
            l1d_misses: (event("D1mr") + event("D1mw")) / queries,
            ll_misses: (event("DLmr") + event("DLmw")) / queries,
        },
    ))
}

/// One family's part of [`worker`], compiled for its type: [`replay_family`] of the family (see
/// `suite::stages`).
pub type Stage = fn(&Replay<'_>);

/// The worker: every selected, runnable variant (and the floor) of every family of
/// `families`, at every eviction size, its counters dumped after each. Run under Callgrind by
/// [`simulate`].
pub fn worker(families: &[Stage], selection: &Selection, cpu: &Cpu, seed: u64) {
    let replay = Replay {
        selection,
        cpu,
        seed,
    };
    for stage in families {
        stage(&replay);
    }
}

/// What [`worker`] hands each family's [`Stage`].
pub struct Replay<'a> {
    selection: &'a Selection,
    cpu: &'a Cpu,
    seed: u64,
}

/// Family `F`'s part of [`worker`].
pub fn replay_family<F: Bench>(replay: &Replay<'_>) {
    if !replay.selection.includes_family(F::NAME) {
        return;
    }
    let variants: Vec<F::Variant> = entries::<F>(replay.cpu, replay.selection)
        .into_iter()
        .filter(|(_, e)| e.runnable.is_ok())
        .map(|(v, _)| v)
        .collect();
    for workload in Workload::matrix::<F>()
        .into_iter()
        .filter(|w| w.mode == Mode::CachePressure)
    {
        let mut prepared = workload.prepare::<F>(replay.seed);
        prepared.draw(1);
        replay_one(
            &mut prepared,
            FLOOR,
            Empty::<F>::new(),
            Level::detect(replay.cpu),
        );
        for &variant in &variants {
            let name = F::descriptor(variant).name;
            let _ = F::visit(
                variant,
                replay.cpu,
                ReplayVariant {
                    prepared: &mut prepared,
                    name,
                    level: Level::detect(replay.cpu),
                },
            );
        }
    }
}

struct ReplayVariant<'a, F: Bench> {
    prepared: &'a mut Prepared<F>,
    name: &'static str,
    /// The copy of the loop that runs: the highest level valgrind's CPU has, which has no
    /// AVX-512, so `x86-64-v3` where the harness timed `x86-64-v4`.
    level: Level,
}

impl<F: Bench> Visitor<F> for ReplayVariant<'_, F> {
    type Output = ();
    fn visit<K: Kernel<F>>(self, kernel: K) {
        replay_one(self.prepared, self.name, kernel, self.level);
    }
}

/// One warm-up pass, then a counted pass, then a dump named after what was counted.
fn replay_one<F: Bench, K: Kernel<F>>(
    prepared: &mut Prepared<F>,
    name: &str,
    kernel: K,
    level: Level,
) {
    let workload = prepared.workload;
    let mut out = [F::Output::default(); PRESSURE_BLOCK];
    let mut queries = 0u64;
    for counted in [false, true] {
        client::zero_stats();
        for block in prepared.queries().inputs.chunks(PRESSURE_BLOCK) {
            prepared.sweep();
            let out = &mut out[..block.len()];
            if counted {
                client::toggle_collect();
            }
            run_at::<F, _>(
                level,
                Batch::<F, K> {
                    kernel,
                    inputs: black_box(block),
                    outputs: out,
                },
            );
            black_box(&mut *out);
            if counted {
                client::toggle_collect();
                queries += block.len() as u64;
            }
        }
    }
    let dump = format!(
        "{}/{queries}",
        dump_name(F::NAME, name, workload.eviction_bytes)
    );
    client::dump_stats_at(&dump);
}

/// Callgrind's client requests: the magic instruction sequence valgrind recognises (it is a
/// sequence of no-op rotates and a no-op exchange on real hardware), with the request and its
/// arguments in an array. Outside valgrind every request does nothing. Public for the gate,
/// which starts instrumentation only once its kernel is set up.
pub mod client {
    /// `VG_USERREQ_TOOL_BASE('C', 'T')`: Callgrind's requests.
    const BASE: u64 = (b'C' as u64) << 24 | (b'T' as u64) << 16;
    const ZERO_STATS: u64 = BASE + 1;
    const TOGGLE_COLLECT: u64 = BASE + 2;
    const DUMP_STATS_AT: u64 = BASE + 3;
    const START_INSTRUMENTATION: u64 = BASE + 4;
    const STOP_INSTRUMENTATION: u64 = BASE + 5;

    /// Starts Callgrind's instrumentation (with `--instr-atstart=no`, everything before runs
    /// uninstrumented, about twenty times faster, and is neither counted nor cache-simulated).
    pub fn start_instrumentation() {
        request([START_INSTRUMENTATION, 0, 0, 0, 0, 0]);
    }

    /// Stops Callgrind's instrumentation until the next [`start_instrumentation`].
    pub fn stop_instrumentation() {
        request([STOP_INSTRUMENTATION, 0, 0, 0, 0, 0]);
    }

    pub fn zero_stats() {
        request([ZERO_STATS, 0, 0, 0, 0, 0]);
    }

    pub fn toggle_collect() {
        request([TOGGLE_COLLECT, 0, 0, 0, 0, 0]);
    }

    /// Dumps the counters under `name` (no NUL inside).
    pub fn dump_stats_at(name: &str) {
        let text = std::ffi::CString::new(name).expect("no NUL in a dump name");
        request([DUMP_STATS_AT, text.as_ptr() as u64, 0, 0, 0, 0]);
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn request(args: [u64; 6]) {
        let mut result: u64 = 0;
        // SAFETY: the rotates of rdi by 3+13+61+51 = 128 bits leave it unchanged and the
        // exchange of rbx with itself does nothing, so on hardware this only moves `result`;
        // under valgrind the sequence is a client request that reads the six words of `args`,
        // which outlive it, and writes rdx. rbx is exchanged with itself, never changed.
        unsafe {
            core::arch::asm!(
                "rol rdi, 3", "rol rdi, 13", "rol rdi, 61", "rol rdi, 51",
                "xchg rbx, rbx",
                inout("rdx") result,
                in("rax") args.as_ptr(),
                out("rdi") _,
                options(nostack),
            );
        }
        let _ = result;
    }

    #[cfg(target_arch = "aarch64")]
    #[inline(always)]
    fn request(args: [u64; 6]) {
        let mut result: u64 = 0;
        // SAFETY: the rotates of x12 by 3+13+51+61 = 128 bits leave it unchanged and the OR of
        // x10 with itself does nothing, so on hardware this only moves `result`; under
        // valgrind the sequence is a client request that reads the six words of `args`, which
        // outlive it, and writes x3.
        unsafe {
            core::arch::asm!(
                "ror x12, x12, #3", "ror x12, x12, #13", "ror x12, x12, #51", "ror x12, x12, #61",
                "orr x10, x10, x10",
                inout("x3") result,
                in("x4") args.as_ptr(),
                out("x12") _,
                options(nostack),
            );
        }
        let _ = result;
    }

    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    fn request(_args: [u64; 6]) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dumps_are_read_per_query() {
        let dump = "version: 1\ncreator: callgrind\ndesc: Trigger: Client Request: in_between/rectangular/1048576/1024\n\
                    events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nsummary: 10240 2048 1024 0 512 0 0 256 0\n";
        let (name, counts) = parse_dump(dump).unwrap();
        assert_eq!(name, "in_between/rectangular/1048576");
        assert_eq!(counts.instructions, 10.0);
        assert_eq!(counts.l1d_misses, 0.5);
        assert_eq!(counts.ll_misses, 0.25);
    }

    #[test]
    fn requests_do_nothing_outside_valgrind() {
        client::zero_stats();
        client::toggle_collect();
        client::toggle_collect();
        client::dump_stats_at("nothing");
    }
}
