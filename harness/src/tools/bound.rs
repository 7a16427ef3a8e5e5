//! How far each kernel is from what the machine could do: a throughput bound of the code that
//! answers its queries, beside the cycles the run measured. An estimate, from two tools:
//!
//! 1. Valgrind's Callgrind counts how often each instruction of the measured loop runs. The
//!    run starts this same binary under Callgrind as a worker (`bitbench bound-worker`,
//!    hidden), which makes one untimed and one counted pass of every variant's loop in its
//!    family's headline workload (the first, throughput): the loop the runner times, in the
//!    copy for the level valgrind's CPU reports, without the untimed read of the queries that
//!    comes before it. Counting is switched on and off with Callgrind's client requests
//!    ([`crate::tools::cachesim::client`]). The variants valgrind cannot run (it decodes no
//!    AVX-512) are counted afterwards by the same worker run natively and single-stepped
//!    through its counted passes ([`step`]), in the copy the runner timed; so are the
//!    variants that need any CPU feature where Callgrind ran another copy than that, since
//!    `advise --kernels` judges them by their bound.
//! 2. The counted code is cut into blocks: runs of adjacent instructions executed equally
//!    often, ended by a jump, a call or a return. LLVM's machine-code analyser (`llvm-mca`),
//!    for this CPU's scheduling model, says of each block how many micro-ops it issues and,
//!    in its instruction tables, which units (execution ports, dividers) each instruction may
//!    use and for how many cycles. A processor runs the blocks of a loop side by side, so the
//!    bound takes them together, each block's instructions as many times as it ran: the larger
//!    of their micro-ops over the dispatch width and, from `ports_bound`, the most cycles any
//!    set of units needs for the instructions that can use no other unit (an instruction that
//!    loads or stores and computes counted as two: its memory part on the load and store units,
//!    the rest on the others); with no dependency, cache miss or misprediction. The model is corrected where this CPU is known to differ
//!    from it (`without_port_one`).
//!
//! The bound is those cycles over the work of the pass; "x of bound" is the measured cycles
//! per unit (the run's clock estimate) over it. Far above 1 is a kernel limited by something
//! else: latency chains, memory, branches. Code outside the binary (the timer's vDSO) is not
//! in the bound; the record says how much of the counted instructions the blocks covered.
//!
//! With `BITBENCH_BOUND_BLOCKS=DIR` set, each loop's blocks are also written to
//! `DIR/<family>.<variant>.s`, as llvm-mca read them, each with its count: the assembly to read
//! when a kernel is far from its bound.

#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
pub mod step;

use crate::choose::select::{entries, Selection};
use crate::errln;
use crate::measure::workload::{Prepared, Workload};
use crate::record::{Bound, BoundMethod, Record};
use crate::tools::cachesim::client;
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use strategies::{Bench, Cpu, Kernel, Level, Visitor};

/// Where to keep each loop's blocks, if set (see [the module](self)).
pub const BLOCKS_ENV: &str = "BITBENCH_BOUND_BLOCKS";
/// The prefix of the worker's dump names.
const DUMP: &str = "bound";
/// The most blocks of one variant's counted code given to llvm-mca, hottest first.
const MAX_BLOCKS: usize = 96;

/// The tools the bound needs, found.
#[derive(Clone, Debug)]
pub struct Tools {
    /// The `llvm-mca` to run (`llvm-mca-16` where installed).
    pub mca: String,
    /// Its version line and the CPU model it uses for this host.
    pub version: String,
    pub model: String,
    /// Whether this core loads on three ports where the model has two: an AVX-512 core with
    /// AVX512-FP16, Sapphire Rapids and later.
    pub three_load_ports: bool,
}

/// Whether this core loads on three ports (Golden Cove's 2, 3 and 11) where LLVM 16's models
/// of Intel's AVX-512 cores, the only ones it gives AVX-512 instructions, have two: an
/// AVX-512 core with AVX512-FP16 (Sapphire Rapids and later). Timed on such a core, reported
/// as family 6 model 167, in docs/notebook.md.
fn three_load_ports() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512fp16")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether valgrind, objdump and llvm-mca can run here; the error says how to get them.
pub fn find_tools() -> Result<Tools> {
    let runs = |program: &str, arg: &str| {
        Command::new(program)
            .arg(arg)
            .output()
            .ok()
            .filter(|o| o.status.success())
    };
    let missing = "the bound needs valgrind, objdump and llvm-mca (Debian: apt-get install \
                   valgrind binutils llvm-16)";
    if runs("valgrind", "--version").is_none() || runs("objdump", "--version").is_none() {
        bail!("{missing}");
    }
    let (mca, output) = ["llvm-mca-16", "llvm-mca"]
        .iter()
        .find_map(|p| runs(p, "--version").map(|o| (p.to_string(), o)))
        .with_context(|| missing.to_string())?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(name).map(|v| v.trim().to_string()))
    };
    let model = field("Host CPU:").context("llvm-mca --version names no host CPU")?;
    let version = text
        .lines()
        .find_map(|l| {
            l.split_once("LLVM version")
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "?".into());
    Ok(Tools {
        mca,
        version: format!("LLVM {version}"),
        model,
        three_load_ports: three_load_ports(),
    })
}

/// Runs the worker under Callgrind and gives each measurement of the headline workloads its
/// bound; the record says how ([`Record::bound`]).
pub fn bound(
    record: &mut Record,
    tools: &Tools,
    selection: &Selection,
    cpu: &Cpu,
    seed: u64,
) -> Result<()> {
    let started = std::time::Instant::now();
    let exe = std::env::current_exe().context("finding this binary")?;
    let options = [
        "--collect-atstart=no",
        "--instr-atstart=no",
        "--dump-instr=yes",
        "--dump-line=no",
        "--compress-pos=no",
        "--compress-strings=no",
    ]
    .map(String::from);
    errln!(
        "bound: the headline loops under Callgrind, then llvm-mca ({})",
        tools.model
    );
    let scratch = crate::tools::cachesim::callgrind_worker(
        &options,
        "bound-worker",
        selection,
        cpu,
        seed,
        "the bound's worker",
    )?;
    let mut dumps = read_dumps(scratch.path())?;
    // The kernels that need a CPU feature are judged by their bound (`advise --kernels`), so
    // each is counted in the copy the runner timed: where Callgrind ran another (valgrind's
    // CPU has no AVX-512, so on an AVX-512 host it runs the `x86-64-v3` copies), its dump is
    // dropped and the kernel single-stepped instead.
    let timed = Level::detect(cpu).name();
    let needs_feature: std::collections::BTreeSet<(&str, &str)> = record
        .measurements
        .iter()
        .filter(|m| !m.requires.is_empty())
        .map(|m| (m.family.as_str(), m.variant.as_str()))
        .collect();
    dumps.retain(|d| {
        d.level == timed || !needs_feature.contains(&(d.family.as_str(), d.variant.as_str()))
    });
    let stepped = step_uncounted(record, &mut dumps, cpu, seed);
    errln!(
        "bound: {} loops counted in {:.0} s; their blocks to llvm-mca",
        dumps.len(),
        started.elapsed().as_secs_f64()
    );
    let code = Code::read(&exe, dumps.iter().flat_map(|d| d.counts.keys().copied()))?;
    let per_dump: Vec<Vec<Block>> = dumps.iter().map(|dump| blocks(&code, dump)).collect();
    if let Some(dir) = std::env::var_os(BLOCKS_ENV) {
        for (dump, blocks) in dumps.iter().zip(&per_dump) {
            keep_blocks(Path::new(&dir), dump, blocks)?;
        }
    }
    let cycles = in_parallel(&per_dump, |i, blocks| {
        block_cycles(tools, &scratch.path().join(format!("blocks-{i}.s")), blocks)
    })?;
    let mut bounds = BTreeMap::new();
    let mut levels = Vec::new();
    for (dump, cycles) in dumps.iter().zip(cycles) {
        let Some((cycles, counted)) = cycles else {
            errln!(
                "bound: llvm-mca read none of {}/{}'s blocks",
                dump.family,
                dump.variant
            );
            continue;
        };
        let total = dump.total_ir as f64;
        bounds.insert(
            (
                dump.family.clone(),
                dump.variant.clone(),
                dump.workload.clone(),
            ),
            Bound {
                cycles: cycles / dump.work as f64,
                instructions: total / dump.work as f64,
                covered: if total > 0.0 { counted / total } else { 0.0 },
            },
        );
        if !levels.contains(&dump.level) {
            levels.push(dump.level.clone());
        }
    }
    let mut filled = 0;
    for m in record.measurements.iter_mut() {
        let key = (m.family.clone(), m.variant.clone(), m.workload.clone());
        if m.ranked() && m.mode == crate::record::Mode::Throughput && m.eviction_bytes == 0 {
            if let Some(b) = bounds.get(&key) {
                m.bound = Some(*b);
                filled += 1;
            }
        }
    }
    errln!(
        "bound: {filled} measurements given a bound in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    let counts = if stepped > 0 {
        "valgrind callgrind counts (where valgrind cannot run the code, counts single-stepped \
         under ptrace)"
    } else {
        "valgrind callgrind counts"
    };
    record.bound = Some(BoundMethod {
        tool: format!(
            "llvm-mca ({}), the micro-ops of a loop's blocks together, over the dispatch \
             width or the ports that can run them (memory and computing parts apart{}), \
             whichever needs more cycles, each block counted by {counts}",
            tools.version,
            if tools.three_load_ports {
                "; three load ports, where the model has two"
            } else {
                ""
            }
        ),
        model: tools.model.clone(),
        level: levels.join(", "),
    });
    Ok(())
}

/// Counts, by single-stepping the worker natively ([`step`]), the variants without a dump:
/// those Callgrind could not run (needing AVX-512, which valgrind does not decode), and those
/// whose dump [`bound`] dropped for counting another copy than the runner timed: every
/// variant the run measured in the headline throughput workload of a family that has counted
/// loops, and that has no dump. Adds their dumps to `dumps`; returns how many. A tracer that
/// cannot run here is reported, and those variants go without a bound.
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
fn step_uncounted(record: &Record, dumps: &mut Vec<Dump>, cpu: &Cpu, seed: u64) -> usize {
    use std::collections::BTreeSet;
    let families: BTreeSet<&str> = dumps.iter().map(|d| d.family.as_str()).collect();
    let counted: BTreeSet<(&str, &str)> = dumps
        .iter()
        .map(|d| (d.family.as_str(), d.variant.as_str()))
        .collect();
    let mut missing: Vec<String> = Vec::new();
    for m in &record.measurements {
        let name = format!("{}/{}", m.family, m.variant);
        if m.ranked()
            && m.mode == crate::record::Mode::Throughput
            && m.eviction_bytes == 0
            && families.contains(m.family.as_str())
            && !counted.contains(&(m.family.as_str(), m.variant.as_str()))
            && !missing.contains(&name)
        {
            missing.push(name);
        }
    }
    if missing.is_empty() {
        return 0;
    }
    let started = std::time::Instant::now();
    let mut args = Vec::new();
    for feature in cpu.disabled() {
        args.extend(["--disable".to_string(), feature.name().to_string()]);
    }
    // One traced worker per core, the variants dealt out between them: stepping is the
    // slow part, and each worker is one thread.
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(missing.len());
    let shares: Vec<Vec<String>> = (0..workers)
        .map(|w| {
            let share: Vec<String> = missing.iter().skip(w).step_by(workers).cloned().collect();
            let mut args = args.clone();
            args.extend([
                "--only".to_string(),
                share.join(","),
                "bound-worker".to_string(),
                "--seed".to_string(),
                seed.to_string(),
            ]);
            args
        })
        .collect();
    let counted = std::env::current_exe()
        .map_err(anyhow::Error::from)
        .and_then(|exe| in_parallel(&shares, |_, args| step::count(&exe, args)))
        .map(|passes| passes.into_iter().flatten().collect::<Vec<_>>());
    match counted {
        Ok(passes) => {
            let before = dumps.len();
            for pass in passes {
                if let Some(mut dump) = named_dump(&pass.name) {
                    dump.counts = pass.counts;
                    dump.total_ir = pass.total;
                    dumps.push(dump);
                }
            }
            errln!(
                "bound: {} loops single-stepped in the copy the runner timed in {:.0} s",
                dumps.len() - before,
                started.elapsed().as_secs_f64()
            );
            dumps.len() - before
        }
        Err(e) => {
            errln!(
                "bound: {} variants valgrind cannot run go without a bound: {e:#}",
                missing.len()
            );
            0
        }
    }
}

#[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
fn step_uncounted(_: &Record, _: &mut Vec<Dump>, _: &Cpu, _: u64) -> usize {
    0
}

/// One dump of the worker: what was counted, and each instruction's count.
struct Dump {
    family: String,
    variant: String,
    /// The work of the counted pass, in the family's unit.
    work: u64,
    /// The level of the loop copy that ran.
    level: String,
    /// The workload's distribution (its mode is throughput).
    workload: String,
    /// Address (in the file: Callgrind gives each object's addresses as its file does) to
    /// count, for this binary's instructions.
    counts: BTreeMap<u64, u64>,
    /// Every instruction counted, this binary's or not.
    total_ir: u64,
}

fn read_dumps(dir: &Path) -> Result<Vec<Dump>> {
    let exe = std::env::current_exe()?;
    let name = exe.file_name().map(|n| n.to_string_lossy().into_owned());
    let mut dumps = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let text = std::fs::read_to_string(entry?.path())?;
        if let Some(dump) = parse_dump(&text, name.as_deref().unwrap_or("bitbench")) {
            dumps.push(dump);
        }
    }
    dumps.sort_by(|a, b| (&a.family, &a.variant).cmp(&(&b.family, &b.variant)));
    Ok(dumps)
}

/// A dump named `bound/family/variant/work/level/distribution`; the instructions of the object whose
/// file is named `exe` are kept, and the line after a `calls=` (a call's inclusive cost) is not
/// an instruction's own.
fn parse_dump(text: &str, exe: &str) -> Option<Dump> {
    let trigger = text
        .lines()
        .find_map(|l| l.strip_prefix("desc: Trigger: Client Request: "))?;
    let mut dump = named_dump(trigger.trim())?;
    let mut counts = BTreeMap::new();
    let mut total_ir = 0;
    let mut ours = false;
    let mut call_cost = false;
    for line in text.lines() {
        if let Some(object) = line.strip_prefix("ob=") {
            ours = Path::new(object.trim())
                .file_name()
                .and_then(|n| n.to_str())
                == Some(exe);
        } else if line.starts_with("calls=") {
            call_cost = true;
        } else if let Some(rest) = line.strip_prefix("0x") {
            if std::mem::take(&mut call_cost) {
                continue;
            }
            let mut fields = rest.split_whitespace();
            let (Some(address), Some(ir)) = (fields.next(), fields.next()) else {
                continue;
            };
            let (Ok(address), Ok(ir)) = (u64::from_str_radix(address, 16), ir.parse::<u64>())
            else {
                continue;
            };
            total_ir += ir;
            if ours {
                *counts.entry(address).or_insert(0) += ir;
            }
        }
    }
    dump.counts = counts;
    dump.total_ir = total_ir;
    Some(dump)
}

/// An empty dump named `bound/family/variant/work/level/distribution`, as the worker names
/// each counted pass.
fn named_dump(name: &str) -> Option<Dump> {
    let mut parts = name.split('/');
    if parts.next()? != DUMP {
        return None;
    }
    Some(Dump {
        family: parts.next()?.to_string(),
        variant: parts.next()?.to_string(),
        work: parts.next()?.parse::<u64>().ok()?.max(1),
        level: parts.next()?.to_string(),
        workload: parts.next()?.to_string(),
        counts: BTreeMap::new(),
        total_ir: 0,
    })
}

/// The instructions around the counted addresses, disassembled by objdump: file address to
/// AT&T text that llvm-mca reads.
struct Code {
    instructions: BTreeMap<u64, String>,
}

impl Code {
    fn read(exe: &Path, addresses: impl Iterator<Item = u64>) -> Result<Code> {
        let mut addresses: Vec<u64> = addresses.collect();
        addresses.sort_unstable();
        addresses.dedup();
        // Ranges of counted code less than 16 KiB apart, one objdump each: each run of objdump
        // reads the binary's headers, which costs more than disassembling the gaps.
        let mut ranges: Vec<(u64, u64)> = Vec::new();
        for &a in &addresses {
            match ranges.last_mut() {
                Some((_, end)) if a <= *end + 16 * 1024 => *end = a + 16,
                _ => ranges.push((a, a + 16)),
            }
        }
        let texts = in_parallel(&ranges, |_, &(start, stop)| {
            let output = Command::new("objdump")
                .args(["-d", "-w", "--no-show-raw-insn"])
                .arg(format!("--start-address={start:#x}"))
                .arg(format!("--stop-address={stop:#x}"))
                .arg(exe)
                .output()
                .context("running objdump")?;
            if !output.status.success() {
                bail!("objdump failed on {}", exe.display());
            }
            Ok(output.stdout)
        })?;
        let mut instructions = BTreeMap::new();
        for text in texts {
            for line in String::from_utf8_lossy(&text).lines() {
                if let Some((address, text)) = parse_objdump_line(line) {
                    instructions.insert(address, text);
                }
            }
        }
        Ok(Code { instructions })
    }
}

/// `  14c6011:\tlea    -0x1f018(%rip),%rax        # 14a7000 <main>` to its address and the
/// instruction as llvm-mca reads it: no comment, no symbol, a branch's target in hexadecimal,
/// no prefix that only pads.
fn parse_objdump_line(line: &str) -> Option<(u64, String)> {
    let (address, rest) = line.trim_start().split_once(":\t")?;
    let address = u64::from_str_radix(address, 16).ok()?;
    let text = rest.split('#').next()?.split('<').next()?.trim();
    let mut words: Vec<&str> = text
        .split_whitespace()
        .filter(|w| !matches!(*w, "cs" | "ds" | "data16" | "notrack" | "bnd"))
        .collect();
    let mnemonic = *words.first()?;
    if mnemonic.starts_with('(') {
        return None;
    }
    let branch =
        mnemonic.starts_with('j') || mnemonic.starts_with("call") || mnemonic.starts_with("loop");
    let target;
    if branch && words.len() == 2 && u64::from_str_radix(words[1], 16).is_ok() {
        target = format!("0x{}", words[1]);
        words[1] = &target;
    }
    Some((address, words.join(" ")))
}

/// Writes `blocks` to `dir/<family>.<variant>.s` ([`BLOCKS_ENV`]).
fn keep_blocks(dir: &Path, dump: &Dump, blocks: &[Block]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut text = format!(
        "# {}/{} on {}, {} copy: blocks hottest first, runs per unit of work\n",
        dump.family, dump.variant, dump.workload, dump.level
    );
    for (i, block) in blocks.iter().enumerate() {
        text.push_str(&format!(
            "# runs {:.4} times per unit\n# LLVM-MCA-BEGIN b{i}\n",
            block.count as f64 / dump.work as f64
        ));
        for line in &block.lines {
            text.push_str(line);
            text.push('\n');
        }
        text.push_str("# LLVM-MCA-END\n");
    }
    let path = dir.join(format!("{}.{}.s", dump.family, dump.variant));
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
}

/// A straight run of counted code: its instructions and how often it ran.
struct Block {
    lines: Vec<String>,
    count: u64,
}

/// The dump's counted code cut into blocks (see [the module](self)), hottest first, at most
/// [`MAX_BLOCKS`].
fn blocks(code: &Code, dump: &Dump) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut previous: Option<(u64, bool)> = None;
    for (&address, &count) in &dump.counts {
        let Some(text) = code.instructions.get(&address) else {
            previous = None;
            continue;
        };
        // Adjacent: no instruction between this one and the last counted one.
        let adjacent = previous
            .is_some_and(|(last, _)| code.instructions.range(last + 1..address).next().is_none());
        let continues = adjacent
            && previous.is_some_and(|(_, ended)| !ended)
            && blocks.last().is_some_and(|b| b.count == count);
        if !continues {
            blocks.push(Block {
                lines: Vec::new(),
                count,
            });
        }
        blocks.last_mut().expect("pushed").lines.push(text.clone());
        let mnemonic = text.split_whitespace().next().unwrap_or("");
        let ends = mnemonic.starts_with('j')
            || mnemonic.starts_with("call")
            || mnemonic.starts_with("ret");
        previous = Some((address, ends));
    }
    blocks.sort_by_key(|b| std::cmp::Reverse(b.count * b.lines.len() as u64));
    blocks.truncate(MAX_BLOCKS);
    blocks
}

/// `f` of each item, in order, one item at a time on each core
/// ([`run_in_parallel`](crate::base::parallel::run_in_parallel)): the tools the bound runs
/// (objdump, llvm-mca) are a process per item, and nothing is measured while the bound is
/// made. The first error, if any; a signal stops the items not yet begun.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(usize, &T) -> Result<R> + Sync,
) -> Result<Vec<R>> {
    let f = &f;
    let jobs = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let job = move || {
                crate::base::signals::check()
                    .context("the bound")
                    .and_then(|()| f(i, item))
            };
            Box::new(job) as Box<dyn FnOnce() -> Result<R> + Send + '_>
        })
        .collect();
    crate::base::parallel::run_in_parallel(jobs)
        .into_iter()
        .collect()
}

/// The loop's bound over `blocks`, in cycles, and the instructions of the blocks llvm-mca read;
/// `None` if it read none. Every block's instructions count as many times as the block ran,
/// all together, since the processor runs the blocks of a loop side by side: the bound is the
/// larger of their micro-ops over the dispatch width ([`parse_mca`]) and the most cycles any
/// set of units needs for the instructions that can use no other ([`parse_tables`],
/// [`ports_bound`]). A block it cannot read is left out of both (the record's `covered` says
/// how much was in). `file` is where the blocks are written for llvm-mca to read.
fn block_cycles(tools: &Tools, file: &Path, blocks: &[Block]) -> Result<Option<(f64, f64)>> {
    let write = |blocks: &[(usize, &Block)]| -> Result<()> {
        let mut text = String::new();
        for (i, block) in blocks {
            text.push_str(&format!("# LLVM-MCA-BEGIN b{i}\n"));
            for line in &block.lines {
                text.push_str(line);
                text.push('\n');
            }
            text.push_str("# LLVM-MCA-END\n");
        }
        std::fs::write(file, text).context("writing the blocks for llvm-mca")
    };
    // Each region's micro-ops and the dispatch width (the summary), and its instructions'
    // units (the instruction tables).
    let run = || -> Result<Option<Regions>> {
        let mca = |view: &[&str]| -> Result<Option<String>> {
            let output = Command::new(&tools.mca)
                .arg(format!("-mcpu={}", tools.model))
                .args(["-mtriple=x86_64-unknown-linux-gnu", "-iterations=1"])
                .args(["-instruction-info=false", "-resource-pressure=false"])
                .args(view)
                .arg(file)
                .output()
                .context("running llvm-mca")?;
            Ok(output
                .status
                .success()
                .then(|| String::from_utf8_lossy(&output.stdout).into_owned()))
        };
        let (Some(summary), Some(tables)) = (mca(&[])?, mca(&["-instruction-tables"])?) else {
            return Ok(None);
        };
        let (width, uops) = parse_mca(&summary);
        Ok(Some(Regions {
            width,
            uops,
            rows: parse_tables(&tables, tools.three_load_ports),
        }))
    };
    let all: Vec<(usize, &Block)> = blocks.iter().enumerate().collect();
    write(&all)?;
    let regions = match run()? {
        Some(r) => r,
        // One block llvm-mca cannot read fails the file: then each block alone.
        None => {
            let mut regions = Regions::default();
            for one in &all {
                write(std::slice::from_ref(one))?;
                if let Some(r) = run()? {
                    regions.width = r.width;
                    regions
                        .uops
                        .extend(r.uops.into_values().map(|v| (one.0, v)));
                    regions
                        .rows
                        .extend(r.rows.into_values().map(|v| (one.0, v)));
                }
            }
            regions
        }
    };
    Ok(loop_bound(blocks, &regions))
}

/// [`block_cycles`]' bound from what llvm-mca said of the `blocks`, each block's instructions
/// counted as many times as it ran: the cycles, and the instructions of the blocks it read.
fn loop_bound(blocks: &[Block], regions: &Regions) -> Option<(f64, f64)> {
    // The blocks llvm-mca read, each with its micro-ops and instructions.
    let read = || {
        regions
            .rows
            .iter()
            .filter_map(|(i, rows)| Some((blocks.get(*i)?, *regions.uops.get(i)?, rows.as_slice())))
    };
    if read().next().is_none() || regions.width == 0.0 {
        return None;
    }
    let dispatch: f64 = read().map(|(b, uops, _)| b.count as f64 * uops).sum();
    let weighted: Vec<(u64, f64)> = read()
        .flat_map(|(b, _, rows)| rows.iter().map(|&(u, c)| (u, c * b.count as f64)))
        .collect();
    let cycles = (dispatch / regions.width).max(ports_bound(&weighted));
    let counted = read()
        .map(|(b, _, _)| (b.count * b.lines.len() as u64) as f64)
        .sum();
    Some((cycles, counted))
}

/// What llvm-mca says of the regions of one file, by region index.
#[derive(Debug, Default)]
struct Regions {
    /// The model's dispatch width, micro-ops a cycle.
    width: f64,
    /// Each region's micro-ops, one pass of it.
    uops: BTreeMap<usize, f64>,
    /// Each region's instructions as [`parse_tables`] reads them.
    rows: BTreeMap<usize, Vec<(u64, f64)>>,
}

/// The dispatch width and each region's micro-ops (`Total uOps` of one iteration), from
/// llvm-mca's summary view.
fn parse_mca(text: &str) -> (f64, BTreeMap<usize, f64>) {
    let mut width = 0.0;
    let mut out = BTreeMap::new();
    let mut region = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.split_once("Code Region - b").map(|(_, r)| r) {
            region = rest.trim().parse::<usize>().ok();
        } else if let Some(value) = line.strip_prefix("Total uOps:") {
            if let (Some(r), Ok(v)) = (region, value.trim().parse::<f64>()) {
                out.insert(r, v);
            }
        } else if let Some(value) = line.strip_prefix("Dispatch Width:") {
            width = value.trim().parse().unwrap_or(width);
        }
    }
    (width, out)
}

/// Region index to its instructions' parts, each `(units, cycles)`, from llvm-mca's
/// instruction tables (`-instruction-tables`): the units it may use (a bit each, in the tables'
/// column order) and its resource cycles, which the tables spread evenly over those units. An
/// instruction that both reads or writes memory and computes, such as `vpandq (%rax),%zmm1,%zmm2`,
/// is two parts: its memory micro-ops on the memory units ([`memory_units`]) and the rest on the
/// others, since one part's cycles cannot be spent on the other's units. On an Intel model
/// with AVX-512, a region that touches a 512-bit register runs its vector instructions without
/// port 1 ([`without_port_one`]); with `three_load_ports`, a load that the model issues on its
/// two load ports may use a third ([`THIRD_LOAD_PORT`]).
fn parse_tables(text: &str, three_load_ports: bool) -> BTreeMap<usize, Vec<(u64, f64)>> {
    let mut out = BTreeMap::new();
    let mut region = None;
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    let mut columns = None;
    let mut ports = VectorPorts::default();
    let mut memory = 0u64;
    let mut rows: Vec<Row> = Vec::new();
    let mut finish = |region: Option<usize>, rows: &mut Vec<Row>, ports: &VectorPorts| {
        if let (Some(r), false) = (region, rows.is_empty()) {
            out.insert(r, without_port_one(rows, ports));
        }
        rows.clear();
    };
    for line in text.lines() {
        if let Some(rest) = line.split_once("Code Region - b").map(|(_, r)| r) {
            finish(region, &mut rows, &ports);
            region = rest.trim().parse::<usize>().ok();
            names.clear();
            columns = None;
        } else if line.starts_with("Resource pressure by instruction:") {
            columns = Some(0);
        } else if columns == Some(0) && line.trim_start().starts_with('[') {
            // The header: one `[i]` or `[i.j]` per unit, then `Instructions:`.
            let header: Vec<&str> = line
                .split_whitespace()
                .filter(|t| t.starts_with('['))
                .collect();
            ports = VectorPorts::named(&header, &names);
            memory = memory_units(&header, &names);
            columns = Some(header.len());
        } else if let Some(n @ 1..=64) = columns {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let cells: Option<Vec<f64>> = fields
                .iter()
                .take(n)
                .map(|f| if *f == "-" { Some(0.0) } else { f.parse().ok() })
                .collect();
            match cells {
                Some(cells) if cells.len() == n => {
                    let text = fields[n..].join(" ");
                    let vector = ["xmm", "ymm", "zmm"].iter().any(|r| text.contains(r));
                    let wide = text.contains("zmm");
                    let used = (0..n).filter(|&i| cells[i] > 0.0);
                    let (mut on_memory, mut computing) =
                        (Row::new(vector, wide), Row::new(vector, wide));
                    for i in used {
                        let part = if memory & (1 << i) != 0 {
                            &mut on_memory
                        } else {
                            &mut computing
                        };
                        part.units |= 1 << i;
                        part.cycles += cells[i];
                    }
                    if three_load_ports && ports.loads != 0 && on_memory.units == ports.loads {
                        on_memory.units |= THIRD_LOAD_PORT;
                    }
                    rows.extend([on_memory, computing].into_iter().filter(|r| r.units != 0));
                }
                _ => columns = None,
            }
        } else if columns.is_none() {
            // The resources' list: `[i]   - NAME`, before the tables.
            if let Some((unit, name)) = line.split_once(" - ") {
                if unit.starts_with('[') {
                    names.insert(unit.trim().to_string(), name.trim().to_string());
                }
            }
        }
    }
    finish(region, &mut rows, &ports);
    out
}

/// The unit added for a third load port: a column the tables never have (they have a few
/// dozen at most).
const THIRD_LOAD_PORT: u64 = 1 << 63;

/// One part of an instruction of llvm-mca's tables: the units it may use (a bit each, in the tables'
/// column order), its resource cycles on them, and whether it names a vector register, or a
/// 512-bit one.
#[derive(Clone, Copy, Debug)]
struct Row {
    units: u64,
    cycles: f64,
    vector: bool,
    wide: bool,
}

impl Row {
    /// No units yet.
    fn new(vector: bool, wide: bool) -> Row {
        Row {
            units: 0,
            cycles: 0.0,
            vector,
            wide,
        }
    }
}

/// The columns of the units that load and store (a bit each, from the tables' `header` and
/// the region's unit `names`): on LLVM 16's Intel models (`HWPort2`, `ICXPort9`,
/// `ADLPPort11`: a number after `Port`) ports 2, 3 and 11 (loads), 7 and 8 (store
/// addresses), 4 and 9 (store data), and Sandy Bridge's 23; on AMD's, the address
/// generators, the load-store unit, the load and store queues and the floating-point store
/// unit.
fn memory_units(header: &[&str], names: &BTreeMap<String, String>) -> u64 {
    let memory = |name: &str| match name.split_once("Port") {
        Some((_, port)) => port
            .parse::<u32>()
            .is_ok_and(|p| [2, 3, 4, 7, 8, 9, 11, 23].contains(&p)),
        None => ["AGU", "LSU", "Load", "Store", "FPSt"]
            .iter()
            .any(|unit| name.contains(unit)),
    };
    header
        .iter()
        .enumerate()
        .filter(|(_, h)| names.get(**h).is_some_and(|n| memory(n)))
        .map(|(i, _)| 1u64 << i)
        .sum()
}

/// The names of the execution ports 0, 1 and 5, and of the load ports 2 and 3, in LLVM 16's
/// scheduling models of Intel's cores with AVX-512 (`skylake-avx512` to `sapphirerapids`,
/// `icelake-*`, `tigerlake`, `rocketlake`); other models (AMD's among them) are left as
/// llvm-mca describes them.
const INTEL_AVX512_PORTS: [[&str; 5]; 2] = [
    ["SKXPort0", "SKXPort1", "SKXPort5", "SKXPort2", "SKXPort3"],
    ["ICXPort0", "ICXPort1", "ICXPort5", "ICXPort2", "ICXPort3"],
];

/// The columns of ports 0, 1 and 5, and of the load ports, in a region's tables, where its
/// model is one of [`INTEL_AVX512_PORTS`].
#[derive(Clone, Copy, Debug, Default)]
struct VectorPorts {
    /// The bits of ports 0 and 5, of port 1, and of ports 2 and 3.
    others: u64,
    one: u64,
    loads: u64,
}

impl VectorPorts {
    /// From the tables' `header` (`[i]` a column) and the region's unit `names` by `[i]`.
    fn named(header: &[&str], names: &BTreeMap<String, String>) -> VectorPorts {
        let bit = |wanted: &str| {
            header
                .iter()
                .position(|h| names.get(*h).is_some_and(|n| n == wanted))
                .map_or(0, |i| 1u64 << i)
        };
        INTEL_AVX512_PORTS
            .iter()
            .map(|[zero, one, five, two, three]| VectorPorts {
                others: bit(zero) | bit(five),
                one: bit(one),
                loads: bit(two) | bit(three),
            })
            .find(|p| p.one != 0 && p.others.count_ones() == 2)
            .unwrap_or_default()
    }
}

/// `rows` as ports issue them where a region touches a 512-bit register on an Intel core with
/// AVX-512: while 512-bit micro-ops are in flight, ports 0 and 1 run them together and port 1
/// takes no vector micro-op, so a vector instruction that may also use port 0 or 5 uses those
/// alone (LLVM 16's models give some 512-bit instructions, `vpternlogq` among them, port 1,
/// and every 128- and 256-bit one keeps it). Timed on Intel family 6 model 167, in
/// docs/notebook.md. Elsewhere `rows` unchanged.
fn without_port_one(rows: &[Row], ports: &VectorPorts) -> Vec<(u64, f64)> {
    let fused = ports.one != 0 && rows.iter().any(|r| r.wide);
    rows.iter()
        .map(|r| {
            let units = if fused && r.vector && r.units & ports.others != 0 {
                r.units & !ports.one
            } else {
                r.units
            };
            (units, r.cycles)
        })
        .collect()
}

/// The fewest cycles in which `rows`' instructions, each `(units, cycles)`: the set of units it
/// may use (a bit each) and the resource cycles it needs on them, can all be issued: for every
/// set of units, the cycles of the instructions that can use no unit outside it, over its size;
/// the largest. llvm-mca's own block reciprocal throughput takes each unit or group of units
/// on its own, so that the micro-ops of two groups that share a port (any of ports 0, 1 and 5;
/// ports 0 and 1) are not added up; this adds them. The sets tried are the unions of the
/// instructions' own (no other set gives more), as many as [`UNIONS`].
fn ports_bound(rows: &[(u64, f64)]) -> f64 {
    let mut by_units: BTreeMap<u64, f64> = BTreeMap::new();
    for &(units, cycles) in rows.iter().filter(|(units, _)| *units != 0) {
        *by_units.entry(units).or_default() += cycles;
    }
    let mut unions: std::collections::BTreeSet<u64> = by_units.keys().copied().collect();
    let mut frontier: Vec<u64> = unions.iter().copied().collect();
    while !frontier.is_empty() && unions.len() < UNIONS {
        let mut next = Vec::new();
        for &set in &frontier {
            for &units in by_units.keys() {
                if unions.len() < UNIONS && unions.insert(set | units) {
                    next.push(set | units);
                }
            }
        }
        frontier = next;
    }
    unions
        .into_iter()
        .map(|set| {
            let within: f64 = by_units
                .iter()
                .filter(|(&units, _)| units & !set == 0)
                .map(|(_, cycles)| cycles)
                .sum();
            within / set.count_ones() as f64
        })
        .fold(0.0, f64::max)
}

/// The most sets of units [`ports_bound`] tries for one loop.
const UNIONS: usize = 4096;

/// One family's part of [`worker`], compiled for its type: [`count_family`] of the family (see
/// `suite::stages`).
pub type Stage = fn(&Counting<'_>);

/// What [`worker`] hands each family's [`Stage`].
pub struct Counting<'a> {
    selection: &'a Selection,
    cpu: &'a Cpu,
    seed: u64,
}

/// The worker: every selected variant that runs here, of every family whose loops are copied
/// per level ([`strategies::Bench::LEVELS`]), in its family's headline workload; one dump each.
/// Run under Callgrind by [`bound`].
pub fn worker(families: &[Stage], selection: &Selection, cpu: &Cpu, seed: u64) {
    let counting = Counting {
        selection,
        cpu,
        seed,
    };
    for stage in families {
        stage(&counting);
    }
}

/// Family `F`'s part of [`worker`].
pub fn count_family<F: Bench>(counting: &Counting<'_>) {
    if !F::LEVELS || !counting.selection.includes_family(F::NAME) {
        return;
    }
    let Some(workload) = Workload::matrix::<F>().into_iter().next() else {
        return;
    };
    let mut prepared = workload.prepare::<F>(counting.seed);
    prepared.draw(1);
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    if step::marking() {
        prepared.truncate(step::PASS_QUERIES);
    }
    let level = Level::detect(counting.cpu);
    for (variant, _) in entries::<F>(counting.cpu, counting.selection)
        .into_iter()
        .filter(|(_, e)| e.runnable.is_ok())
    {
        let name = F::descriptor(variant).name;
        let _ = F::visit(
            variant,
            counting.cpu,
            CountVariant {
                prepared: &mut prepared,
                name,
                level,
            },
        );
    }
}

struct CountVariant<'a, F: Bench> {
    prepared: &'a mut Prepared<F>,
    name: &'static str,
    level: Level,
}

impl<F: Bench> Visitor<F> for CountVariant<'_, F> {
    type Output = ();
    fn visit<K: Kernel<F>>(self, kernel: K) {
        // One pass to warm, one counted: the runner's timed pass, in the same copy, without
        // the untimed read of the queries before it. Only these run instrumented (valgrind's
        // `--instr-atstart=no`): the rest runs many times faster. Natively under the tracer
        // ([`step`]), the same pass is marked for it instead.
        client::start_instrumentation();
        self.prepared.run(kernel, 1, self.level);
        self.prepared.touch();
        client::zero_stats();
        #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
        step::start();
        client::toggle_collect();
        let (_, work) = self.prepared.run_untouched(kernel, 1, self.level);
        client::toggle_collect();
        #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
        step::stop();
        let name = format!(
            "{DUMP}/{}/{}/{work}/{}/{}",
            F::NAME,
            self.name,
            self.level.name(),
            self.prepared.workload.distribution.name
        );
        #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
        step::name(&name);
        client::dump_stats_at(&name);
        client::stop_instrumentation();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each region's [`ports_bound`] alone.
    fn parse_port_bounds(text: &str) -> BTreeMap<usize, f64> {
        parse_tables(text, false)
            .into_iter()
            .map(|(region, rows)| (region, ports_bound(&rows)))
            .collect()
    }

    #[test]
    fn objdump_lines_become_what_llvm_mca_reads() {
        assert_eq!(
            parse_objdump_line(
                " 14c6004:\tmov    0x392d5ed(%rip),%rax        # 4df35f8 <_DYNAMIC>"
            ),
            Some((0x14c6004, "mov 0x392d5ed(%rip),%rax".into()))
        );
        assert_eq!(
            parse_objdump_line(" 14c6020:\tjne    14c6000 <main+0x20>"),
            Some((0x14c6020, "jne 0x14c6000".into()))
        );
        assert_eq!(
            parse_objdump_line(" 14c6030:\tcs nopw 0x0(%rax,%rax,1)"),
            Some((0x14c6030, "nopw 0x0(%rax,%rax,1)".into()))
        );
        assert_eq!(parse_objdump_line("00000000014c6000 <main>:"), None);
    }

    #[test]
    fn a_dump_keeps_its_own_binary_and_no_call_costs() {
        let dump = "version: 1\ndesc: Trigger: Client Request: bound/knight_attacks/lookup/4096/x86-64-v3/sets_0_10\n\
                    positions: instr\nevents: Ir\nob=/x/bitbench\nfn=f\n0x1010 4096\n0x1014 4096\n\
                    calls=1 0x2000\n0x1018 99999\n0x101c 4096\nob=/lib/libc.so\nfn=g\n0x9000 10\n";
        let d = parse_dump(dump, "bitbench").unwrap();
        assert_eq!(
            (d.family.as_str(), d.variant.as_str(), d.work),
            ("knight_attacks", "lookup", 4096)
        );
        assert_eq!(d.counts.len(), 3);
        assert_eq!(d.total_ir, 3 * 4096 + 10);
    }

    #[test]
    fn blocks_end_at_jumps_and_at_changes_of_count() {
        let code = Code {
            instructions: [
                (0x10, "add %rax,%rbx"),
                (0x13, "jne 0x10"),
                (0x15, "inc %rcx"),
                (0x18, "ret"),
            ]
            .into_iter()
            .map(|(a, t)| (a, t.to_string()))
            .collect(),
        };
        let dump = Dump {
            family: String::new(),
            variant: String::new(),
            work: 1,
            level: String::new(),
            workload: String::new(),
            counts: [(0x10, 100), (0x13, 100), (0x15, 100), (0x18, 1)]
                .into_iter()
                .collect(),
            total_ir: 301,
        };
        let b = blocks(&code, &dump);
        let shapes: Vec<(usize, u64)> = b.iter().map(|b| (b.lines.len(), b.count)).collect();
        assert_eq!(shapes, vec![(2, 100), (1, 100), (1, 1)]);
    }

    #[test]
    fn micro_ops_that_share_ports_add_up() {
        // Three ORs (any of ports 0, 1, 5), three shifts (0 or 1), three unpacks (1 or 5):
        // nine on three ports, three cycles, where each group alone would say 1.5.
        let (p015, p01, p15) = (0b111, 0b011, 0b110);
        let rows = [(p015, 1.0), (p01, 1.0), (p15, 1.0)].repeat(3);
        assert!((ports_bound(&rows) - 3.0).abs() < 1e-9);
        // Two shifts alone on ports 0 and 1: one cycle; a store elsewhere adds nothing.
        assert!((ports_bound(&[(p01, 1.0), (p01, 1.0), (0b1000, 1.0)]) - 1.0).abs() < 1e-9);
        assert_eq!(ports_bound(&[]), 0.0);
    }

    #[test]
    fn instruction_tables_are_read_per_region() {
        let text = "\n[0] Code Region - b3\n\nResources:\n[0]   - P0\n[1.0] - P1\n[1.1] - P1\n\n\
                    Resource pressure by instruction:\n\
                    [0]    [1.0]  [1.1]  Instructions:\n\
                    0.33   0.33   0.33   vpor %ymm2,%ymm1,%ymm1\n\
                     -     0.50   0.50   vpsllq $8,%ymm2,%ymm1\n\
                     -     0.50   0.50   vpsllq $8,%ymm2,%ymm3\n\n\
                    [1] Code Region - b4\n\nResource pressure by instruction:\n\
                    [0]    [1.0]  [1.1]  Instructions:\n\
                    1.00    -      -     imul %rax,%rbx\n";
        let r = parse_port_bounds(text);
        // The shifts need both units of P1 for a cycle; with the OR, 2.99 over three units.
        assert!((r[&3] - 1.0).abs() < 1e-9, "{r:?}");
        assert!((r[&4] - 1.0).abs() < 1e-9, "{r:?}");
        assert_eq!(r.len(), 2);
        assert_eq!(
            parse_tables(text, false)[&3],
            [(0b111, 0.99), (0b110, 1.0), (0b110, 1.0)]
        );
    }

    #[test]
    fn the_blocks_of_a_loop_share_the_ports() {
        let block = |count: u64| Block {
            lines: vec![String::new(); 4],
            count,
        };
        let (p0, p5) = (0b01, 0b10);
        // Four micro-ops on port 0, run twice, and four on port 5: each block alone needs 4
        // cycles a pass, 12 in all; side by side, port 0 needs 8 and port 5 4.
        let regions = Regions {
            width: 4.0,
            uops: [(0, 4.0), (1, 4.0)].into(),
            rows: [(0, vec![(p0, 1.0); 4]), (1, vec![(p5, 1.0); 4])].into(),
        };
        let (cycles, counted) = loop_bound(&[block(2), block(1)], &regions).unwrap();
        assert_eq!((cycles, counted), (8.0, 12.0));
        // Twelve micro-ops over a width of one: dispatch is the bound.
        let narrow = Regions {
            width: 1.0,
            ..regions
        };
        assert_eq!(loop_bound(&[block(2), block(1)], &narrow).unwrap().0, 12.0);
        // A block llvm-mca did not read is in neither figure.
        assert_eq!(loop_bound(&[], &narrow), None);
    }

    #[test]
    fn on_intel_a_512_bit_register_takes_port_one_from_vector_instructions() {
        let tables = |second: &str| {
            format!(
                "[0] Code Region - b0\n\nResources:\n[0]   - ICXPort0\n[1]   - ICXPort1\n\
                 [2]   - ICXPort5\n[3]   - ICXPort6\n\nResource pressure by instruction:\n\
                 [0]    [1]    [2]    [3]    Instructions:\n\
                 0.33   0.33   0.33    -     vpor %ymm2,%ymm1,%ymm1\n\
                 0.33   0.33   0.33    -     vpor %ymm2,%ymm1,%ymm3\n\
                 0.33   0.33   0.33    -     {second}\n\
                 0.25   0.25   0.25   0.25   add $16,%r9\n"
            )
        };
        // Three vector instructions on three ports: about a cycle (three
        // thirds of 0.99); the `add` has a fourth port.
        let r = parse_port_bounds(&tables("vpor %ymm2,%ymm1,%ymm4"));
        assert!((r[&0] - 1.0).abs() < 0.02, "{r:?}");
        // A `vpternlogq` on 512 bits: all three on ports 0 and 5, and the `add` on port 1.
        let r = parse_port_bounds(&tables("vpternlogq $0xea,%zmm2,%zmm1,%zmm4"));
        assert!((r[&0] - 1.5).abs() < 0.02, "{r:?}");
        // Another model's units are left as they are.
        let other = tables("vpternlogq $0xea,%zmm2,%zmm1,%zmm4").replace("ICXPort", "Zn4P");
        let r = parse_port_bounds(&other);
        assert!((r[&0] - 1.0).abs() < 0.02, "{r:?}");
    }

    #[test]
    fn an_instruction_that_loads_computes_on_the_other_ports() {
        let tables = |loaded: &str| {
            format!(
                "[0] Code Region - b0\n\nResources:\n[0]   - ICXPort0\n[1]   - ICXPort2\n\
                 [2]   - ICXPort3\n[3]   - ICXPort5\n\nResource pressure by instruction:\n\
                 [0]    [1]    [2]    [3]    Instructions:\n\
                 0.50    -      -     0.50   vpandq %zmm3,%zmm1,%zmm2\n\
                 0.50    -      -     0.50   vpandq %zmm3,%zmm1,%zmm4\n\
                 0.50    -      -     0.50   vpandq %zmm3,%zmm1,%zmm5\n\
                 0.50    -      -     0.50   vpandq %zmm3,%zmm1,%zmm6\n\
                 {loaded}\n{loaded}\n"
            )
        };
        // Two of them also load: six ANDs on ports 0 and 5 need 3 cycles, not the 2 that the
        // loads' cycles would give if they could be spent on those ports.
        let loaded = "0.50   0.50   0.50   0.50   vpandq (%rax),%zmm1,%zmm7";
        let r = parse_port_bounds(&tables(loaded));
        assert!((r[&0] - 3.0).abs() < 1e-9, "{r:?}");
        assert_eq!(
            parse_tables(&tables(loaded), false)[&0][4..6],
            [(0b0110, 1.0), (0b1001, 1.0)]
        );
        // Units of another name stay one part.
        let r = parse_port_bounds(&tables(loaded).replace("ICXPort", "Unit"));
        assert!((r[&0] - 2.0).abs() < 1e-9, "{r:?}");
    }

    #[test]
    fn a_core_with_three_load_ports_loads_on_three() {
        let load = "0.50   0.50    -      -      -     vmovdqu (%rax),%ymm1";
        let text = format!(
            "[0] Code Region - b0\n\nResources:\n[0]   - ICXPort2\n[1]   - ICXPort3\n\
             [2]   - ICXPort0\n[3]   - ICXPort1\n[4]   - ICXPort5\n\n\
             Resource pressure by instruction:\n[0]    [1]    [2]    [3]    [4]    Instructions:\n\
             {}",
            format!("{load}\n").repeat(6)
        );
        let bound = |three| ports_bound(&parse_tables(&text, three)[&0]);
        // Six loads: three cycles on the model's two load ports, two on three.
        assert!((bound(false) - 3.0).abs() < 1e-9);
        assert!((bound(true) - 2.0).abs() < 1e-9);
    }

    #[test]
    fn llvm_mca_summaries_are_read_per_region() {
        let text = "[0] Code Region - b0\n\nIterations:        1\nInstructions:      3\n\
                    Total Cycles:      9\nTotal uOps:        4\n\nDispatch Width:    6\n\
                    Block RThroughput: 1.5\n\n\
                    [1] Code Region - b7\n\nTotal uOps:        12\nDispatch Width:    6\n";
        let (width, uops) = parse_mca(text);
        assert_eq!(width, 6.0);
        assert_eq!(uops.get(&0), Some(&4.0));
        assert_eq!(uops.get(&7), Some(&12.0));
    }
}
