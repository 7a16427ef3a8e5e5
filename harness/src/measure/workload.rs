//! Workloads: what is measured, defined once and used by the suite's runner and by
//! `cargo bench` alike.
//!
//! A workload is a family, an input distribution and a mode; the variant is supplied when it
//! runs. Its queries are drawn from a generator seeded by the run's seed: each round of the
//! runner draws one fresh set, and every variant runs on exactly that set, each in its own
//! seeded random order ([`Prepared::draw`]). So every variant sees identical queries, but no
//! code ever replays a sequence of queries that a branch predictor could have learned. Both
//! halves matter: a fixed pool, replayed, lets the predictor learn a loop's trip counts (by
//! different amounts for different copies of the same loop), and two variants whose machine
//! code LLVM merged run faster when one follows the other on the same queries in the same
//! order (what each did to a figure, with `lookup` and the two peers, is in docs/notebook.md,
//! "Measurements behind the code").
//!
//! - **Throughput**: the batch kernel over blocks of independent queries, as many as
//!   [`BLOCK_BYTES`] of queries and answers hold, 256 to 1,024 ([`block`]).
//! - **Latency**: one query at a time, each input made to depend on the previous answer: the
//!   answer's fold ANDed with a zero the compiler cannot see ([`std::hint::black_box`]) is
//!   folded into the next input by the family's [`Bench::mix`]. The link alone is what the
//!   empty kernel measures here.
//! - **Cache pressure**: before every block of [`PRESSURE_BLOCK`] queries, a sweep reads one
//!   byte of every cache line of an eviction buffer of E bytes. Only the queries are timed
//!   (a clock read before and after each block), so the sweep itself is not in the figure:
//!   what remains is the query cost with the caches in the state the sweep left them.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};
use strategies::bench::run_at;
use strategies::level::{CompiledFor, ForBaseline, Job};
use strategies::{inputs, Answer, Bench, Distribution, Kernel, Level, Queries, Visitor};

/// Queries per pass in throughput and latency mode, unless the family's shape says otherwise or
/// they would hold more than its [`pool_bytes`](strategies::Shape::pool_bytes).
pub const POOL: usize = strategies::Shape::DEFAULT.pool;
/// The queries and answers of one batch call in throughput mode: at most this many bytes, so
/// that they stay in L1 beside the variant's own table lines. A block that fills L1 pushes
/// those lines out, and the batch kernel is then timed slower than a plain loop over the same
/// queries (the blocks that did so are in docs/notebook.md, "Measurements behind the code").
pub const BLOCK_BYTES: usize = 16 << 10;
/// Queries per batch call in throughput mode, at least and at most: a call costs tens of cycles
/// before its first query (the call itself, where a `#[target_feature]` kernel cannot be
/// inlined, and its constants). The fewer queries a call has, the larger the share of that
/// cost each carries: a fast kernel in short blocks is timed slower than its plain loop (the
/// measurement is in docs/notebook.md, "Measurements behind the code"). [`BLOCK_BYTES`] sets
/// the size within the range.
pub const BLOCK_RANGE: (usize, usize) = (256, 1024);

/// Queries per batch call in throughput mode, for queries of `input_bytes` and answers of
/// `answer_bytes` each: as many as [`BLOCK_BYTES`] holds, rounded down to a multiple of 64
/// (whole vectors for every SIMD width), within [`BLOCK_RANGE`]. 1,024 for a bitboard's
/// answer to a bitboard, 640 for a slider query, 256 for pawn structure and the position
/// families.
pub const fn block(input_bytes: usize, answer_bytes: usize) -> usize {
    let (least, most) = BLOCK_RANGE;
    let per_query = input_bytes + answer_bytes;
    let fits = BLOCK_BYTES / if per_query == 0 { 1 } else { per_query } / 64 * 64;
    if fits < least {
        least
    } else if fits > most {
        most
    } else {
        fits
    }
}

/// How long [`Prepared::run_hot`] warms a variant up at least before its timed pass.
pub const WARM_UP: Duration = Duration::from_micros(50);
/// Untimed passes [`Prepared::run_hot`] makes at least, as long as they take less than
/// [`WARM_CAP`] in all.
pub const WARM_PASSES: u32 = 4;
/// Past this, [`Prepared::run_hot`] makes no further untimed pass for [`WARM_PASSES`]' sake
/// (a perft pass takes milliseconds, and its tables are warm after one).
pub const WARM_CAP: Duration = Duration::from_millis(1);
/// Queries per pass in cache-pressure mode: four blocks, each after its own sweep.
pub const PRESSURE_POOL: usize = 256;
/// Queries between two sweeps in cache-pressure mode.
pub const PRESSURE_BLOCK: usize = 64;
/// The eviction sizes of cache-pressure mode, in bytes.
pub const EVICTION_SIZES: [u64; 7] = [0, 16 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20, 16 << 20];

pub use crate::record::Mode;

/// A family's workload: its distribution and mode (and eviction size under pressure).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Workload {
    pub family: &'static str,
    pub distribution: Distribution,
    pub mode: Mode,
    /// Bytes swept between blocks; 0 outside cache-pressure mode.
    pub eviction_bytes: u64,
    /// Queries per pass outside cache-pressure mode: the family's
    /// [`Shape::pool`](strategies::Shape::pool), fewer where its queries would hold more than its
    /// [`pool_bytes`](strategies::Shape::pool_bytes)
    /// ([`Shape::pass_queries`](strategies::Shape::pass_queries)).
    pub pool: usize,
    /// The family's weight in the time budget ([`Shape::weight`](strategies::Shape::weight)).
    pub weight: u32,
    /// What the time is per ([`Shape::unit`](strategies::Shape::unit)).
    pub unit: &'static str,
    /// The size of one answer in bytes.
    pub answer_bytes: usize,
}

impl Workload {
    /// Every workload of `F`: each distribution in throughput and latency mode, then the
    /// pressure distribution at every eviction size.
    pub fn matrix<F: Bench>() -> Vec<Workload> {
        let shape = F::shape();
        let workload = |distribution, mode, eviction_bytes| Workload {
            family: F::NAME,
            distribution,
            mode,
            eviction_bytes,
            pool: shape.pass_queries(std::mem::size_of::<F::Input>()),
            weight: shape.weight,
            unit: shape.unit,
            answer_bytes: std::mem::size_of::<F::Output>(),
        };
        let modes: &[Mode] = if shape.latency {
            &[Mode::Throughput, Mode::Latency]
        } else {
            &[Mode::Throughput]
        };
        let mut matrix = Vec::new();
        for &distribution in F::distributions() {
            for &mode in modes {
                matrix.push(workload(distribution, mode, 0));
            }
        }
        if shape.cache_pressure {
            for eviction_bytes in EVICTION_SIZES {
                matrix.push(workload(
                    *F::pressure_distribution(),
                    Mode::CachePressure,
                    eviction_bytes,
                ));
            }
        }
        matrix
    }

    /// `distribution/mode`, plus `/E` under pressure: the workload part of a `cargo bench` id.
    pub fn label(&self) -> String {
        match self.mode {
            Mode::CachePressure => {
                format!(
                    "{}/{}/{}",
                    self.distribution.name,
                    self.mode.name(),
                    crate::base::units::bytes_compact(self.eviction_bytes)
                )
            }
            _ => format!("{}/{}", self.distribution.name, self.mode.name()),
        }
    }

    /// Queries per pass.
    pub fn queries_per_pass(&self) -> usize {
        match self.mode {
            Mode::CachePressure => PRESSURE_POOL.min(self.pool),
            _ => self.pool,
        }
    }

    /// Generates the workload's queries from `seed` and allocates its buffers.
    pub fn prepare<F: Bench>(&self, seed: u64) -> Prepared<F> {
        assert_eq!(self.family, F::NAME, "workload of another family");
        let stream = format!("measure/{}/{}", F::NAME, self.distribution.name);
        let mut rng = inputs::rng(seed, &stream);
        let queries = F::queries(&self.distribution, &mut rng, self.queries_per_pass());
        let mut prepared = Prepared {
            workload: *self,
            work: work::<F>(&queries),
            sets: vec![queries],
            current: 0,
            rng,
            out: vec![F::Output::default(); Prepared::<F>::BLOCK],
            scratch: Vec::with_capacity(Prepared::<F>::BLOCK),
            eviction: None,
        };
        prepared.acquire();
        prepared
    }
}

/// A buffer whose every cache line a sweep reads. Filled with data, so its pages are real
/// (a zeroed allocation could map every page to one shared zero page and evict nothing).
pub struct EvictionBuffer {
    words: Vec<u64>,
}

impl EvictionBuffer {
    pub fn new(bytes: u64) -> EvictionBuffer {
        let words = (0..bytes / 8)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        EvictionBuffer { words }
    }

    /// Reads one word of every 64-byte line.
    #[inline(never)]
    pub fn sweep(&self) -> u64 {
        let mut sum = 0u64;
        for word in self.words.iter().step_by(8) {
            sum = sum.wrapping_add(*word);
        }
        black_box(sum)
    }
}

/// A workload with its queries generated and buffers allocated, ready to run any variant.
pub struct Prepared<F: Bench> {
    pub workload: Workload,
    /// Query sets of one pass each; [`Prepared::run`] uses the selected one.
    sets: Vec<Queries<F::Input>>,
    /// The work of one pass over the drawn queries, in the family's unit.
    work: u64,
    current: usize,
    rng: ChaCha8Rng,
    out: Vec<F::Output>,
    /// One block of queries in the order [`Prepared::warm`] runs them.
    scratch: Vec<F::Input>,
    eviction: Option<EvictionBuffer>,
}

impl<F: Bench> Prepared<F> {
    /// Queries per batch call in throughput mode (and per warm-up block): [`block`] of the
    /// family's query and answer sizes, a constant in each family's loop.
    const BLOCK: usize = block(size_of::<F::Input>(), size_of::<F::Output>());

    /// Draws the next set of queries from the workload's generator and makes `orders` copies
    /// of it, each shuffled into its own random order (the generator decides, so the same seed
    /// gives the same sets and orders); selects the first.
    pub fn draw(&mut self, orders: usize) {
        let (distribution, per_pass) =
            (self.workload.distribution, self.workload.queries_per_pass());
        let set = F::queries(&distribution, &mut self.rng, per_pass);
        self.work = work::<F>(&set);
        self.sets = (0..orders.max(1))
            .map(|_| shuffled(&set, &mut self.rng))
            .collect();
        self.current = 0;
    }

    /// Keeps the first `queries` queries of every drawn set (all of them if fewer), and the
    /// work they make: a shorter pass, for a counter too slow for a whole one (the bound's
    /// single-stepping).
    pub fn truncate(&mut self, queries: usize) {
        for set in &mut self.sets {
            set.inputs.truncate(queries);
            if let Some(masks) = &mut set.masks {
                masks.truncate(queries);
            }
        }
        if let Some(set) = self.sets.first() {
            self.work = work::<F>(set);
        }
    }

    /// Selects the query set (one order of the drawn queries) that the next run uses.
    pub fn select(&mut self, set: usize) {
        assert!(
            set < self.sets.len(),
            "query set {set} of {}",
            self.sets.len()
        );
        self.current = set;
    }

    /// Allocates what measuring needs beyond the query generator: the eviction buffer of a
    /// cache-pressure workload. [`Prepared::release`] gives it back between slices.
    pub fn acquire(&mut self) {
        if self.workload.mode == Mode::CachePressure
            && self.workload.eviction_bytes > 0
            && self.eviction.is_none()
        {
            self.eviction = Some(EvictionBuffer::new(self.workload.eviction_bytes));
        }
    }

    /// Frees the drawn queries and the eviction buffer; the generator keeps its place, so the
    /// next [`Prepared::draw`] continues the same sequence of queries.
    pub fn release(&mut self) {
        self.sets = Vec::new();
        self.current = 0;
        self.eviction = None;
    }

    /// One sweep of the eviction buffer (nothing without one).
    pub fn sweep(&self) {
        if let Some(eviction) = &self.eviction {
            eviction.sweep();
        }
    }

    /// The selected query set.
    pub fn queries(&self) -> &Queries<F::Input> {
        &self.sets[self.current]
    }

    /// Runs `passes` passes over the queries with `kernel`, having only read the queries into
    /// cache first: the variant's tables are in whatever state the code before left them.
    /// `cargo bench` (whose iterations warm them) and the instruction-count gate use it; the
    /// runner's samples use [`Prepared::run_hot`]. Returns the time spent on queries and the
    /// work done (the number of queries, or of the family's unit). The loops are generic over
    /// `K`, so each variant gets its own compiled copy with the query inlined, and one more
    /// for each [`Level`] where the family has them ([`Bench::LEVELS`]): `level` picks the
    /// copy that runs.
    #[inline(never)]
    pub fn run<K: Kernel<F>>(&mut self, kernel: K, passes: u64, level: Level) -> (Duration, u64) {
        self.touch();
        self.run_untouched(kernel, passes, level)
    }

    /// [`Prepared::run`] without its first read of the queries ([`Prepared::touch`]): the
    /// timed passes alone, for the throughput bound, which counts the code the timer times.
    #[inline(never)]
    pub fn run_untouched<K: Kernel<F>>(
        &mut self,
        kernel: K,
        passes: u64,
        level: Level,
    ) -> (Duration, u64) {
        run_at::<F, _>(
            level,
            Timed {
                prepared: self,
                kernel,
                passes,
            },
        )
    }

    /// One untimed pass with `kernel` (`Prepared::warm`), then one timed pass over the
    /// selected queries: the state every sample of the runner is taken in ("hot"). The untimed
    /// pass brings the variant's own tables and its branch history into the state a timed pass
    /// keeps them in, whatever ran before it; under cache pressure, the sweep before every
    /// timed block then evicts the stated number of bytes after it. Without it, a variant with
    /// a large table would be timed on the table that the variants before it in the round had
    /// evicted, and its figure would depend on which variants share the run.
    ///
    /// A sample is one timed pass, in an order no pass has run before: the budget buys rounds,
    /// not passes. Timing several passes over one order, a branch predictor learns the order;
    /// timing them over several orders, or warming up on a second copy of the queries, takes
    /// room in L2 that a plain loop leaves to the tables, and evicts the large ones. The
    /// untimed pass is repeated until [`WARM_UP`] has passed: a CPU that powers its 512-bit
    /// units down after a while without them runs the first microseconds of AVX-512 code at a
    /// fraction of its throughput, and one pass of a fast kernel is shorter than that. And it
    /// makes at least [`WARM_PASSES`] passes unless they take over [`WARM_CAP`]: after one, a
    /// table larger than L2 is not yet in the state a loop over it keeps it in. What each of
    /// these did to a figure is in docs/notebook.md ("Measurements behind the code").
    #[inline(never)]
    pub fn run_hot<K: Kernel<F>>(&mut self, kernel: K, level: Level) -> (Duration, u64) {
        let warming = Instant::now();
        let mut passes = 0;
        loop {
            run_at::<F, _>(
                level,
                Warm {
                    prepared: self,
                    kernel,
                },
            );
            passes += 1;
            let warmed = warming.elapsed();
            if warmed >= WARM_UP && (passes >= WARM_PASSES || warmed >= WARM_CAP) {
                break;
            }
        }
        self.touch();
        run_at::<F, _>(
            level,
            Timed {
                prepared: self,
                kernel,
                passes: 1,
            },
        )
    }

    /// Untimed: every selected query through `kernel`, in the reverse order of the timed pass
    /// (the workload's own loop: the latency chain in latency mode, the batch loop otherwise).
    /// The same queries, so the same lines of the variant's tables, read from the same memory;
    /// but not the sequence the timed pass then runs, so the branch predictor is warm, not
    /// trained on the answer (warmed on the timed order itself, a kernel whose branches follow
    /// its queries, as knight `lookup`'s loop over the knights does, is timed faster than a
    /// plain loop over freshly shuffled queries: see docs/notebook.md, "Measurements
    /// behind the code"). Each block is reversed into a scratch block that stays in L1.
    #[inline(always)]
    fn warm<C: CompiledFor, K: Kernel<F>>(&mut self, kernel: K) {
        let inputs = &self.sets[self.current].inputs;
        let mut link = 0u64;
        let opaque_zero = black_box(0u64);
        for block in inputs.rchunks(Self::BLOCK) {
            self.scratch.clear();
            self.scratch.extend(block.iter().rev());
            match self.workload.mode {
                Mode::Latency => {
                    for &input in &self.scratch {
                        link = kernel.query(F::mix(input, link & opaque_zero)).fold();
                    }
                }
                Mode::Throughput | Mode::CachePressure => {
                    let out = &mut self.out[..block.len()];
                    kernel.batch_in::<C>(black_box(&self.scratch), out);
                    black_box(&mut *out);
                }
            }
        }
        black_box(link);
    }

    /// `passes` timed passes in the workload's mode: the time and the work done.
    #[inline(always)]
    fn timed<C: CompiledFor, K: Kernel<F>>(&mut self, kernel: K, passes: u64) -> (Duration, u64) {
        let count = self.work * passes;
        let elapsed = match self.workload.mode {
            Mode::Throughput => self.throughput::<C, K>(kernel, passes),
            Mode::Latency => self.latency(kernel, passes),
            Mode::CachePressure => self.pressure::<C, K>(kernel, passes),
        };
        (elapsed, count)
    }

    /// Reads the selected queries (and masks) once, untimed, so that a sample's first pass
    /// finds them in cache as its later passes do (each round draws one shuffled copy per
    /// variant, and the copies drawn after one push it out of L2).
    pub fn touch(&self) {
        let Queries { inputs, masks } = &self.sets[self.current];
        touch_lines(inputs);
        if let Some(masks) = masks {
            touch_lines(masks);
        }
    }

    #[inline(always)]
    fn throughput<C: CompiledFor, K: Kernel<F>>(&mut self, kernel: K, passes: u64) -> Duration {
        let Queries { inputs, masks } = &self.sets[self.current];
        let start = Instant::now();
        for _ in 0..passes {
            let size = Self::BLOCK;
            for (b, block) in inputs.chunks(size).enumerate() {
                let out = &mut self.out[..block.len()];
                kernel.batch_in::<C>(black_box(block), out);
                match masks {
                    Some(masks) => {
                        let masks = &masks[b * size..b * size + block.len()];
                        black_box(passing(out, masks));
                    }
                    None => {
                        black_box(&mut *out);
                    }
                }
            }
        }
        start.elapsed()
    }

    #[inline(always)]
    fn latency<K: Kernel<F>>(&mut self, kernel: K, passes: u64) -> Duration {
        let Queries { inputs, masks } = &self.sets[self.current];
        let opaque_zero = black_box(0u64);
        let mut link = 0u64;
        let start = Instant::now();
        for _ in 0..passes {
            match masks {
                Some(masks) => {
                    for (&input, &mask) in inputs.iter().zip(masks) {
                        let answer = kernel.query(F::mix(input, link & opaque_zero));
                        link = answer.fold() & mask;
                    }
                }
                None => {
                    for &input in inputs {
                        link = kernel.query(F::mix(input, link & opaque_zero)).fold();
                    }
                }
            }
        }
        let elapsed = start.elapsed();
        black_box(link);
        elapsed
    }

    #[inline(always)]
    fn pressure<C: CompiledFor, K: Kernel<F>>(&mut self, kernel: K, passes: u64) -> Duration {
        let Queries { inputs, masks } = &self.sets[self.current];
        debug_assert!(masks.is_none(), "pressure mode measures plain queries");
        let mut elapsed = Duration::ZERO;
        for _ in 0..passes {
            for block in inputs.chunks(PRESSURE_BLOCK) {
                if let Some(eviction) = &self.eviction {
                    eviction.sweep();
                }
                let out = &mut self.out[..block.len()];
                let start = Instant::now();
                kernel.batch_in::<C>(black_box(block), out);
                black_box(&mut *out);
                elapsed += start.elapsed();
            }
        }
        elapsed
    }
}

/// [`Prepared::timed`] as a [`Job`], for [`Level::run`].
struct Timed<'a, F: Bench, K> {
    prepared: &'a mut Prepared<F>,
    kernel: K,
    passes: u64,
}

impl<F: Bench, K: Kernel<F>> Job for Timed<'_, F, K> {
    type Output = (Duration, u64);
    #[inline(always)]
    fn run(self) -> (Duration, u64) {
        self.run_in::<ForBaseline>()
    }
    #[inline(always)]
    fn run_in<C: CompiledFor>(self) -> (Duration, u64) {
        self.prepared.timed::<C, K>(self.kernel, self.passes)
    }
}

/// [`Prepared::warm`] as a [`Job`], for [`Level::run`].
struct Warm<'a, F: Bench, K> {
    prepared: &'a mut Prepared<F>,
    kernel: K,
}

impl<F: Bench, K: Kernel<F>> Job for Warm<'_, F, K> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        self.run_in::<ForBaseline>()
    }
    #[inline(always)]
    fn run_in<C: CompiledFor>(self) {
        self.prepared.warm::<C, K>(self.kernel)
    }
}

/// Reads one element of `items` per 64-byte line.
fn touch_lines<T: Copy>(items: &[T]) {
    let step = (64 / std::mem::size_of::<T>().max(1)).max(1);
    for &item in items.iter().step_by(step) {
        black_box(item);
    }
}

/// The work of answering every query of a set, in the family's unit.
fn work<F: Bench>(queries: &Queries<F::Input>) -> u64 {
    queries.inputs.iter().map(F::work).sum::<u64>().max(1)
}

/// The same queries (with their masks) in a random order.
pub fn shuffled<I: Copy>(queries: &Queries<I>, rng: &mut ChaCha8Rng) -> Queries<I> {
    let mut order: Vec<usize> = (0..queries.inputs.len()).collect();
    order.shuffle(rng);
    Queries {
        inputs: order.iter().map(|&i| queries.inputs[i]).collect(),
        masks: queries
            .masks
            .as_ref()
            .map(|m| order.iter().map(|&i| m[i]).collect()),
    }
}

/// How many answers pass their test: no bit of the answer's fold in the mask (for an
/// in-between set and an occupancy: the move is unobstructed).
#[inline(always)]
fn passing<A: Answer>(answers: &[A], masks: &[u64]) -> usize {
    answers
        .iter()
        .zip(masks)
        .filter(|&(a, &m)| a.fold() & m == 0)
        .count()
}

/// Runs a prepared workload with whichever kernel `Family::visit` hands over.
pub struct Pass<'a, F: Bench> {
    pub prepared: &'a mut Prepared<F>,
    pub passes: u64,
    /// The copy of the loop that runs.
    pub level: Level,
}

impl<F: Bench> Visitor<F> for Pass<'_, F> {
    type Output = (Duration, u64);
    fn visit<K: Kernel<F>>(self, kernel: K) -> (Duration, u64) {
        self.prepared.run(kernel, self.passes, self.level)
    }
}

/// Runs a prepared workload hot ([`Prepared::run_hot`]) with whichever kernel
/// `Family::visit` hands over: one sample of the runner.
pub struct HotPass<'a, F: Bench> {
    pub prepared: &'a mut Prepared<F>,
    /// The copy of the loop that runs.
    pub level: Level,
}

impl<F: Bench> Visitor<F> for HotPass<'_, F> {
    type Output = (Duration, u64);
    fn visit<K: Kernel<F>>(self, kernel: K) -> (Duration, u64) {
        self.prepared.run_hot(kernel, self.level)
    }
}

/// Records what a prepared workload's kernel answers: used by tests to check that the
/// workloads run the verified variants on the intended queries.
pub struct Answers<'a, F: Bench> {
    pub queries: &'a Queries<F::Input>,
}

impl<F: Bench> Visitor<F> for Answers<'_, F> {
    type Output = Vec<F::Output>;
    fn visit<K: Kernel<F>>(self, kernel: K) -> Vec<F::Output> {
        let mut out = vec![F::Output::default(); self.queries.inputs.len()];
        kernel.batch(&self.queries.inputs, &mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::block;

    #[test]
    fn a_block_holds_16_kib_of_queries_and_answers_in_whole_vectors() {
        assert_eq!(block(8, 8), 1024, "a knight set and its attacks");
        assert_eq!(block(16, 8), 640, "a slider query and its attacks");
        assert_eq!(block(16, 48), 256, "pawn structure");
        assert_eq!(block(88, 1), 256, "a position query: the least");
        assert_eq!(block(0, 0), 1024, "nothing at all: the most");
    }
}
