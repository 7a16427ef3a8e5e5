//! Forks: the same measurement in several processes.
//!
//! A process is one sample of what varies between processes: where the loader and the allocator
//! put code, tables and queries, and what the machine's neighbours did while it ran. However
//! many rounds one process takes, they share that state, and no interval computed inside it can
//! show it. So a run measures in [`Plan::forks`] processes (3 by default): this binary started
//! again as a worker that builds the same workloads from the same arguments and seed
//! (`bitbench fork-worker`, hidden), waits, and measures one slice when told to.
//!
//! - Verification runs once, in the parent, before any fork starts; the forks only measure.
//! - Each fork estimates its own clock first ([`crate::measure::clock`]), one fork after
//!   another when the parent asks, so that no two estimates share the cores; the record keeps
//!   every fork's estimate, its timer's self-check. Each slice comes back with the clock at
//!   each of its rounds, which converts them to cycles.
//! - The forks share the run's budget: each slice of the plan ([`Plan::sweeps`] per workload)
//!   is split between the forks, which measure one after another, in an order rotated per
//!   sweep, so that drift falls on all of them alike (and the `i`-th slice of every workload
//!   is one fork's, which pairs two workloads slice by slice). Only one process measures at a
//!   time; the others wait on a pipe.
//! - The parent keeps which fork measured each slice ([`super::Samples::forks`]); the analysis
//!   takes intervals over forks ([`crate::base::nested`]).
//! - `--forks 1` measures in the parent itself, as before forks existed.
//!
//! The protocol is a line of JSON each way per slice, on the worker's standard input and
//! output; its errors go to standard error, which the parent passes through.
//!
//! **A planted bias, for tests only.** With [`PLANT_ENV`] set to `family/variant:fork:factor`,
//! the worker of that fork multiplies that variant's times by the factor before it hands them
//! over: the check that a per-process outlier is reported by name. With `*` for the fork,
//! every worker does: a difference between two copies of one code (an A/A twin), which the
//! run must call. A run with it set says so
//! in its record and on its first line.

use super::clock::{self, ClockEstimate};
use super::{Halt, Interrupted, Plan, Progress, Slice, WorkloadRun};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use strategies::Cpu;

/// Set in a worker's environment: its fork's index, from 0.
pub const FORK_ENV: &str = "BITBENCH_FORK";

/// The test-only planted bias: `family/variant:fork:factor` (see [the module](self)).
pub const PLANT_ENV: &str = "BITBENCH_PLANT_FORK_BIAS";

/// How to start one worker: the command line of `bitbench fork-worker` with the arguments
/// that build the same workloads. The caller's environment, plus [`FORK_ENV`], is its
/// environment.
pub type Spawn<'a> = &'a dyn Fn() -> Command;

/// What a worker says once it has built its workloads.
#[derive(Serialize, Deserialize)]
struct Ready {
    /// `family/workload-label` of each workload, in order: the parent checks they are its own.
    workloads: Vec<String>,
}

/// The line that asks a worker for its clock estimate, which it answers with an
/// `Option<ClockEstimate>`.
const CLOCK: &str = "clock";

/// One slice to measure.
#[derive(Serialize, Deserialize)]
struct Order {
    workload: usize,
    budget_ns: u64,
    min_rounds: usize,
    max_rounds: usize,
}

/// Which forks a planted bias is in: one, or every one (`*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlantedIn {
    Fork(usize),
    Every,
}

impl std::fmt::Display for PlantedIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlantedIn::Fork(fork) => write!(f, "{fork}"),
            PlantedIn::Every => f.write_str("*"),
        }
    }
}

/// The planted bias of [`PLANT_ENV`], if set: `(family/variant, fork, factor)`.
pub fn planted() -> Option<(String, PlantedIn, f64)> {
    let spec = std::env::var(PLANT_ENV).ok()?;
    let mut parts = spec.rsplitn(3, ':');
    let factor: f64 = parts.next()?.parse().ok()?;
    let fork = match parts.next()? {
        "*" => PlantedIn::Every,
        fork => PlantedIn::Fork(fork.parse().ok()?),
    };
    Some((parts.next()?.to_string(), fork, factor))
}

/// The label the protocol names a workload by.
fn label(w: &dyn WorkloadRun) -> String {
    format!("{}/{}", w.family(), w.workload().label())
}

/// The worker's side: builds nothing (the caller has built `workloads` as the parent did),
/// says it is ready, estimates the clock when the parent asks, then measures each slice it
/// is sent and hands back that slice's times per slot, until its input ends. `index` is its
/// fork.
pub fn serve(
    mut workloads: Vec<Box<dyn WorkloadRun>>,
    cpu: &Cpu,
    plan: &Plan,
    index: usize,
    stop: &AtomicBool,
) -> Result<(), String> {
    for w in &mut workloads {
        w.park();
    }
    let plant = planted().filter(|p| p.1 == PlantedIn::Every || p.1 == PlantedIn::Fork(index));
    let ready = Ready {
        workloads: workloads.iter().map(|w| label(w.as_ref())).collect(),
    };
    let mut out = std::io::stdout().lock();
    let mut say = |line: String| -> Result<(), String> {
        writeln!(out, "{line}")
            .and_then(|_| out.flush())
            .map_err(|e| format!("fork {index}: writing to the parent: {e}"))
    };
    say(json(&ready))?;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| format!("fork {index}: reading from the parent: {e}"))?;
        if line == "exit" {
            break;
        }
        if line == CLOCK {
            say(json(&clock::estimate(if plan.quick { 5 } else { 20 })))?;
            continue;
        }
        let order: Order =
            serde_json::from_str(&line).map_err(|e| format!("fork {index}: order {line}: {e}"))?;
        let w = workloads
            .get_mut(order.workload)
            .ok_or_else(|| format!("fork {index}: no workload {}", order.workload))?;
        w.measure(
            cpu,
            Duration::from_nanos(order.budget_ns),
            order.min_rounds,
            order.max_rounds,
            stop,
        )
        .map_err(|Interrupted| format!("fork {index}: interrupted"))?;
        let mut slice = w.drain();
        if let Some((id, _, factor)) = &plant {
            for (name, times) in w.names().iter().zip(&mut slice.slots) {
                if format!("{}/{name}", w.family()) == *id {
                    times.iter_mut().for_each(|t| *t *= factor);
                }
            }
        }
        say(json(&slice))?;
    }
    Ok(())
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("plain data serializes")
}

/// One running worker.
struct Fork {
    index: usize,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fork {
    fn start(index: usize, spawn: Spawn<'_>) -> Result<Fork, Halt> {
        let mut command = spawn();
        command
            .env(FORK_ENV, index.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let mut child = command
            .spawn()
            .map_err(|e| Halt::Failed(format!("starting fork {index}: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Halt::Failed(format!("fork {index} has no pipes")));
        };
        Ok(Fork {
            index,
            child,
            input,
            output: BufReader::new(output),
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Halt> {
        let sent = writeln!(self.input, "{line}").and_then(|_| self.input.flush());
        sent.map_err(|e| self.gone(&format!("writing to it: {e}")))
    }

    /// The failure of a worker that stopped answering: what went wrong, and how it ended if it
    /// has (`signal: 9 (SIGKILL)`, `exit status: 2`).
    fn gone(&mut self, what: &str) -> Halt {
        std::thread::sleep(Duration::from_millis(50));
        let ended = match self.child.try_wait() {
            Ok(Some(status)) => format!("; it ended ({status})"),
            _ => String::new(),
        };
        Halt::Failed(format!(
            "fork {}: {what}{ended} (its errors, if any, are above)",
            self.index
        ))
    }

    /// The next line, parsed; a worker that ended is an interruption if a signal came,
    /// a failure otherwise.
    fn receive<T: for<'de> Deserialize<'de>>(&mut self, stop: &AtomicBool) -> Result<T, Halt> {
        let mut line = String::new();
        let read = self.output.read_line(&mut line);
        if stop.load(Ordering::Relaxed) {
            return Err(Halt::Interrupted);
        }
        match read {
            Ok(0) => Err(self.gone("no answer")),
            Ok(_) => serde_json::from_str(&line).map_err(|e| {
                Halt::Failed(format!(
                    "fork {} answered {:?}: {e}",
                    self.index,
                    line.trim()
                ))
            }),
            Err(e) => Err(Halt::Failed(format!("reading fork {}: {e}", self.index))),
        }
    }
}

impl Drop for Fork {
    fn drop(&mut self) {
        // After `exit` the worker ends by itself; otherwise (an error, a signal) it is stopped.
        if !matches!(self.child.try_wait(), Ok(Some(_))) && self.send("exit").is_err() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The parent's side: measures `workloads` in `plan.forks` workers started by `spawn`, slice
/// by slice (see [the module](self)); each fork's times are absorbed into the parent's own
/// workloads, which never measure. Returns each fork's clock estimate, in fork order.
pub(super) fn measure_forked(
    workloads: &mut [Box<dyn WorkloadRun>],
    plan: &Plan,
    spawn: Spawn<'_>,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
) -> Result<Vec<Option<ClockEstimate>>, Halt> {
    let count = plan.forks.max(1);
    for w in workloads.iter_mut() {
        w.park();
    }
    let mut forks = (0..count)
        .map(|i| Fork::start(i, spawn))
        .collect::<Result<Vec<_>, _>>()?;
    let labels: Vec<String> = workloads.iter().map(|w| label(w.as_ref())).collect();
    for fork in &mut forks {
        let ready: Ready = fork.receive(stop)?;
        if ready.workloads != labels {
            return Err(Halt::Failed(format!(
                "fork {} built other workloads than this process ({} against {})",
                fork.index,
                ready.workloads.len(),
                labels.len()
            )));
        }
    }
    // One estimate at a time: three processes timing their add chains on two cores at once
    // would time each other.
    let mut clocks = Vec::new();
    for fork in &mut forks {
        fork.send(CLOCK)?;
        clocks.push(fork.receive::<Option<ClockEstimate>>(stop)?);
    }
    super::schedule(workloads, plan, count, progress, stop, &mut |state, at| {
        for j in 0..count {
            if stop.load(Ordering::Relaxed) {
                return Err(Halt::Interrupted);
            }
            let fork = &mut forks[(j + at.sweep) % count];
            fork.send(&json(&Order {
                workload: at.workload,
                budget_ns: (at.budget / count as u32).as_nanos() as u64,
                min_rounds: at.min_rounds,
                max_rounds: at.max_rounds,
            }))?;
            let slice: Slice = fork.receive(stop)?;
            if slice.slots.len() != state.slots() {
                return Err(Halt::Failed(format!(
                    "fork {} measured {} slots of {}, not {}",
                    fork.index,
                    slice.slots.len(),
                    labels[at.workload],
                    state.slots()
                )));
            }
            state.absorb(fork.index, slice);
        }
        Ok(())
    })?;
    for fork in &mut forks {
        fork.send("exit")?;
    }
    Ok(clocks)
}
