//! Counting what Callgrind cannot run: the bound worker natively, single-stepped under
//! `ptrace`, each instruction of its counted passes counted as it runs.
//!
//! Valgrind decodes no AVX-512, so under Callgrind the worker sees a CPU without it and the
//! variants that need it are never counted. Here the worker runs on the real CPU, in the loop
//! copy the runner timed, and marks each counted pass with a trap ([`start`], [`stop`]); the
//! tracer lets it run at full speed between passes and steps it one instruction at a time
//! within them. The result is what a Callgrind dump gives: each instruction's count, by its
//! address in the binary's file. Each step is a trap into the operating system's kernel, so
//! only short passes are counted this way ([`PASS_QUERIES`]).
//!
//! The markers are traps only when the process is being traced (`TracerPid` in
//! `/proc/self/status`) and asked to mark ([`ENV`]): run any other way, they do nothing.

use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Set by the tracer in the worker's environment: mark the counted passes.
pub const ENV: &str = "BITBENCH_STEP_COUNT";
/// The queries of a pass counted by stepping, the first of the drawn set; Callgrind counts
/// the whole pass. The loop's set-up is shared by fewer queries, which adds a little to the
/// bound (docs/method.md).
pub const PASS_QUERIES: usize = 256;

/// `ptrace`'s unused address argument: variadic, so it must be passed pointer-sized.
const NULL: *mut libc::c_void = std::ptr::null_mut();
const START: u64 = 1;
const STOP: u64 = 2;
const NAME: u64 = 3;

/// Whether this process marks its counted passes: traced, and asked to.
pub fn marking() -> bool {
    static MARKING: OnceLock<bool> = OnceLock::new();
    *MARKING.get_or_init(|| {
        std::env::var_os(ENV).is_some()
            && std::fs::read_to_string("/proc/self/status")
                .ok()
                .and_then(|s| {
                    s.lines()
                        .find_map(|l| l.strip_prefix("TracerPid:").map(|p| p.trim() != "0"))
                })
                .unwrap_or(false)
    })
}

/// In the worker: the counted pass starts after this call.
#[inline(never)]
pub fn start() {
    if marking() {
        trap(START, "");
    }
}

/// In the worker: the counted pass has ended.
#[inline(never)]
pub fn stop() {
    if marking() {
        trap(STOP, "");
    }
}

/// In the worker, after [`stop`]: the pass's name (as a Callgrind dump's trigger), made
/// outside the counted code.
#[inline(never)]
pub fn name(name: &str) {
    if marking() {
        trap(NAME, name);
    }
}

/// One trap for the tracer to read: the marker's kind and its name's bytes in registers.
#[inline(never)]
fn trap(kind: u64, name: &str) {
    // SAFETY: called only while a tracer is attached (`marking`), which takes the SIGTRAP of
    // `int3`, reads the registers and resumes after it; the trap changes no register or
    // memory, and `name` outlives the call.
    unsafe {
        core::arch::asm!(
            "int3",
            in("rax") kind,
            in("rdi") name.as_ptr(),
            in("rsi") name.len(),
            options(nostack, preserves_flags),
        );
    }
}

/// One counted pass: its name, each of this binary's instructions' count by file address,
/// and every instruction counted, the binary's or not.
pub struct Counted {
    pub name: String,
    pub counts: BTreeMap<u64, u64>,
    pub total: u64,
}

/// Runs `exe` with `args` under the tracer, to its end, and returns its marked passes.
pub fn count(exe: &Path, args: &[String]) -> Result<Vec<Counted>> {
    let mut command = Command::new(exe);
    command
        .args(args)
        .env(ENV, "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: runs in the child between fork and exec, where only async-signal-safe calls
    // are allowed; `ptrace(PTRACE_TRACEME)` is one system call.
    unsafe {
        command.pre_exec(|| {
            if libc::ptrace(libc::PTRACE_TRACEME, 0, NULL, NULL) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let child = command.spawn().context("starting the traced worker")?;
    let mut tracee = Tracee {
        pid: child.id() as libc::pid_t,
        done: false,
    };
    // The exec stops the child with a SIGTRAP; from there the tracee dies with the tracer.
    tracee.wait_stop()?;
    // SAFETY: `pid` is our stopped tracee.
    unsafe {
        libc::ptrace(
            libc::PTRACE_SETOPTIONS,
            tracee.pid,
            NULL,
            libc::PTRACE_O_EXITKILL as libc::c_long,
        );
    }
    let bias = load_bias(tracee.pid, exe)?;
    let exe_range = exe_range(tracee.pid, exe)?;
    let mut passes = Vec::new();
    let mut signal = 0;
    loop {
        tracee.resume(libc::PTRACE_CONT, signal)?;
        let Some(stopped) = tracee.wait_stop()? else {
            break;
        };
        signal = 0;
        if stopped != libc::SIGTRAP {
            signal = stopped;
            continue;
        }
        let regs = tracee.regs()?;
        if regs.rax == NAME {
            if let Some(pass) = passes
                .last_mut()
                .filter(|p: &&mut Counted| p.name.is_empty())
            {
                pass.name = tracee.read(regs.rdi, regs.rsi as usize)?;
            }
            continue;
        }
        if regs.rax != START {
            continue;
        }
        // The marker's `int3` is one byte before where the trap left the tracee; the pass
        // ends when it is reached again (by `stop`), and is named by the trap after it.
        let marker = regs.rip - 1;
        let mut counts = BTreeMap::new();
        let mut total = 0u64;
        let mut rip = regs.rip;
        loop {
            if rip == marker {
                break;
            }
            total += 1;
            if (exe_range.0..exe_range.1).contains(&rip) {
                *counts.entry(rip - bias).or_insert(0) += 1;
            }
            rip = loop {
                tracee.resume(libc::PTRACE_SINGLESTEP, 0)?;
                match tracee.wait_stop()? {
                    Some(libc::SIGTRAP) => break tracee.regs()?.rip,
                    // Signals ignored by default (a terminal's resize, say) stop the tracee
                    // before the step; they are dropped, and the same instruction stepped.
                    Some(libc::SIGWINCH | libc::SIGCHLD | libc::SIGURG) => continue,
                    Some(other) => {
                        bail!("the traced worker stopped with signal {other} in a pass")
                    }
                    None => bail!("the traced worker ended in a counted pass"),
                }
            };
        }
        passes.push(Counted {
            name: String::new(),
            counts,
            total,
        });
    }
    Ok(passes)
}

/// The traced child; killed if the tracer gives up on it before it ends.
struct Tracee {
    pid: libc::pid_t,
    done: bool,
}

impl Tracee {
    /// Waits for the next stop: its signal, or `None` once the child has ended (an error if
    /// it failed).
    fn wait_stop(&mut self) -> Result<Option<i32>> {
        let mut status = 0;
        // SAFETY: waits for our own child, writing its status to a local.
        if unsafe { libc::waitpid(self.pid, &mut status, 0) } == -1 {
            bail!(
                "waiting for the traced worker: {}",
                std::io::Error::last_os_error()
            );
        }
        if libc::WIFSTOPPED(status) {
            return Ok(Some(libc::WSTOPSIG(status)));
        }
        self.done = true;
        if libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0 {
            return Ok(None);
        }
        bail!("the traced worker failed (wait status {status:#x})")
    }

    fn resume(&self, request: libc::c_uint, signal: i32) -> Result<()> {
        // SAFETY: `pid` is our stopped tracee; CONT and SINGLESTEP take a signal as data.
        if unsafe { libc::ptrace(request, self.pid, NULL, signal as libc::c_long) } == -1 {
            bail!(
                "ptrace on the traced worker: {}",
                std::io::Error::last_os_error()
            );
        }
        Ok(())
    }

    fn regs(&self) -> Result<libc::user_regs_struct> {
        // SAFETY: an all-zero `user_regs_struct` is valid (integers only), and GETREGS fills
        // it from our stopped tracee.
        unsafe {
            let mut regs: libc::user_regs_struct = std::mem::zeroed();
            let data: *mut libc::user_regs_struct = &mut regs;
            if libc::ptrace(libc::PTRACE_GETREGS, self.pid, NULL, data) == -1 {
                bail!(
                    "reading the traced worker's registers: {}",
                    std::io::Error::last_os_error()
                );
            }
            Ok(regs)
        }
    }

    /// `len` bytes of the tracee's memory at `address`, as text.
    fn read(&self, address: u64, len: usize) -> Result<String> {
        use std::os::unix::fs::FileExt;
        let mem = std::fs::File::open(format!("/proc/{}/mem", self.pid))
            .context("opening the traced worker's memory")?;
        let mut bytes = vec![0; len];
        mem.read_exact_at(&mut bytes, address)
            .context("reading a marker's name")?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }
}

impl Drop for Tracee {
    fn drop(&mut self) {
        if !self.done {
            // SAFETY: kills and reaps our own child, which has not been reaped.
            unsafe {
                libc::kill(self.pid, libc::SIGKILL);
                libc::waitpid(self.pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// The mappings of `exe` in `pid`'s address space, from `/proc/PID/maps`: (start, end, file
/// offset) each.
fn mappings(pid: libc::pid_t, exe: &Path) -> Result<Vec<(u64, u64, u64)>> {
    let maps = std::fs::read_to_string(format!("/proc/{pid}/maps"))
        .context("reading the traced worker's mappings")?;
    let exe = std::fs::canonicalize(exe)?;
    let mut found = Vec::new();
    for line in maps.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() < 6 || Path::new(fields[5]) != exe {
            continue;
        }
        let (Some((start, end)), Ok(offset)) = (
            fields[0].split_once('-'),
            u64::from_str_radix(fields[2], 16),
        ) else {
            continue;
        };
        if let (Ok(start), Ok(end)) = (u64::from_str_radix(start, 16), u64::from_str_radix(end, 16))
        {
            found.push((start, end, offset));
        }
    }
    if found.is_empty() {
        bail!("the traced worker has no mapping of {}", exe.display());
    }
    Ok(found)
}

/// The span of addresses the binary occupies in the tracee.
fn exe_range(pid: libc::pid_t, exe: &Path) -> Result<(u64, u64)> {
    let maps = mappings(pid, exe)?;
    let start = maps.iter().map(|m| m.0).min().unwrap_or(0);
    let end = maps.iter().map(|m| m.1).max().unwrap_or(0);
    Ok((start, end))
}

/// What to subtract from a run-time address of the binary to get its address in the file,
/// as objdump prints it: where its first mapping was placed for a position-independent
/// binary (ELF type `ET_DYN`, its first segment at address 0, as Rust links them), nothing
/// for a fixed one.
fn load_bias(pid: libc::pid_t, exe: &Path) -> Result<u64> {
    use std::io::Read;
    let mut header = [0u8; 18];
    std::fs::File::open(exe)
        .and_then(|mut f| f.read_exact(&mut header))
        .context("reading the binary's header")?;
    if u16::from_le_bytes([header[16], header[17]]) != 3 {
        return Ok(0);
    }
    let maps = mappings(pid, exe)?;
    maps.iter()
        .filter(|m| m.2 == 0)
        .map(|m| m.0)
        .min()
        .context("the binary's first mapping")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_do_nothing_in_a_process_nobody_traces() {
        // Under `cargo test` no tracer is attached, so even with the variable set the traps
        // are never executed (one would end this process with SIGTRAP).
        std::env::set_var(ENV, "1");
        assert!(!marking());
        start();
        stop();
        name("bound/f/v/1/x86-64/uniform");
    }
}
