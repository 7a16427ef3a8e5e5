//! What the harness sees of a family: its variants as data ([`Descriptor`]), a way to run one
//! variant's monomorphized code ([`Family::visit`] with a [`Visitor`]), and the family's
//! reference semantics. A family declares its variants as one table with
//! [`family!`](crate::framework::family::table::family!) ([`table`]); a pair of rook and bishop families shares one
//! table ([`pieces`]).
//!
//! Dispatch is paid once per batch: `visit` matches on the variant once and hands the visitor
//! a concrete [`Kernel`] type, so the visitor's loop is compiled separately for every variant
//! and the per-query call is inlined, never made through a function pointer or `dyn`. The
//! families whose query is a whole perft or search hand the visitor one type instead
//! ([`erased`]): their batch is reached through one virtual call, and its queries' loop is
//! still each variant's own.

pub mod erased;
pub mod pieces;
pub mod table;

use crate::framework::answer::Answer;
use crate::framework::cpu::{Cpu, Feature, Unsupported};
use crate::framework::level::CompiledFor;
use core::fmt::{Debug, Display};

/// Where a technique comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A seed document in `../shared/seeds/`, and the section of it.
    Seed {
        file: &'static str,
        section: &'static str,
    },
    /// New in bitbench: not in the seeds.
    New,
    /// A published crate, measured as a peer: how engines really do it.
    External {
        krate: &'static str,
        item: &'static str,
        tables: &'static str,
    },
}

impl Source {
    /// A seed document and its section.
    pub const fn seed(file: &'static str, section: &'static str) -> Source {
        Source::Seed { file, section }
    }

    /// A published crate: the crate and version, the item, how its tables are built.
    pub const fn external(krate: &'static str, item: &'static str, tables: &'static str) -> Source {
        Source::External {
            krate,
            item,
            tables,
        }
    }

    /// One line for tables: `seed 000_… § Rectangular Lookup`, `new` or `crate chess …`.
    pub fn describe(&self) -> String {
        match self {
            Source::Seed { file, section } => format!("seed {file} § {section}"),
            Source::New => "new".to_string(),
            Source::External {
                krate,
                item,
                tables,
            } => {
                format!("external: crate {krate}, {item} ({tables})")
            }
        }
    }

    pub fn is_external(&self) -> bool {
        matches!(self, Source::External { .. })
    }
}

/// Everything the harness and the reports need to know about a variant, as plain data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Descriptor {
    /// The family's name, as in `family/variant`.
    pub family: &'static str,
    /// The variant's name, unique within its family.
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    pub source: Source,
    /// Bytes of static tables the variant reads (0 for pure calculation).
    pub table_bytes: usize,
    /// CPU features it needs at run time.
    pub requires: &'static [Feature],
}

impl Descriptor {
    /// `family/variant`: the name used by `cargo bench`, the records and the charts.
    pub fn id(&self) -> String {
        format!("{}/{}", self.family, self.name)
    }
}

/// A variant as the harness runs it: one query, or a batch of independent queries.
///
/// Implementations are zero-sized (or hold only a zero-sized capability token) and `Copy`.
pub trait Kernel<F: Family + ?Sized>: Copy {
    /// One query.
    fn query(self, input: F::Input) -> F::Output;
    /// `outputs[i] = query(inputs[i])` for every `i`. Any length, any alignment.
    ///
    /// # Panics
    /// If the slices differ in length.
    fn batch(self, inputs: &[F::Input], outputs: &mut [F::Output]);

    /// `batch`, in a loop's copy compiled for level `C` ([`Level::run`] runs a job's
    /// [`Job::run_in`] with it): for a kernel whose fastest form of the batch depends on the
    /// instructions it is compiled with. The default is `batch`.
    ///
    /// [`Level::run`]: crate::framework::level::Level::run
    /// [`Job::run_in`]: crate::framework::level::Job::run_in
    #[inline(always)]
    fn batch_in<C: CompiledFor>(self, inputs: &[F::Input], outputs: &mut [F::Output]) {
        self.batch(inputs, outputs)
    }

    /// Where this kernel's answer to `input` departs from the reference, in more words than
    /// the two answers, for a verification report; `None` (the default) when the answers say
    /// it all. The search's kernels say where their tree leaves the default configuration's.
    fn explain(self, _input: F::Input) -> Option<String> {
        None
    }
}

/// Code the harness wants run with one variant's concrete kernel type.
pub trait Visitor<F: Family + ?Sized> {
    type Output;
    fn visit<K: Kernel<F>>(self, kernel: K) -> Self::Output;
}

/// A family of interchangeable techniques: same inputs, same outputs, same semantics.
pub trait Family: 'static {
    /// The family's name, as in `family/variant`: lower case, digits and `_`.
    const NAME: &'static str;
    /// One line saying what every variant computes.
    const SUMMARY: &'static str;
    /// A query. `Display` writes it for a mismatch report (a board as a diagram, a position as
    /// FEN).
    type Input: Copy + PartialEq + Debug + Display + Send + Sync + 'static;
    /// An answer: a bitboard, a bool, a count or a struct of bitboards (see [`Answer`]).
    type Output: Answer;
    /// The registry: one value per variant, ours first, peers last.
    type Variant: Copy + PartialEq + Debug + 'static;

    /// Every variant, whether or not it runs on this CPU.
    fn variants() -> &'static [Self::Variant];

    fn descriptor(variant: Self::Variant) -> &'static Descriptor;

    /// Runs `visitor` with the variant's kernel, or says why it cannot run here.
    fn visit<V: Visitor<Self>>(
        variant: Self::Variant,
        cpu: &Cpu,
        visitor: V,
    ) -> Result<V::Output, Unsupported>;

    /// The independent, obviously-correct answer every variant is checked against (feature
    /// `bench`: an engine does not need it).
    #[cfg(feature = "bench")]
    fn reference(input: Self::Input) -> Self::Output;

    /// The cheapest answer that depends on the input (the input's bits passed through as an
    /// answer): what the empty kernel, the floor of every measurement, returns.
    fn echo(input: Self::Input) -> Self::Output;

    /// Finds a variant by name (case-sensitive).
    fn find(name: &str) -> Option<Self::Variant> {
        Self::variants()
            .iter()
            .copied()
            .find(|&v| Self::descriptor(v).name == name)
    }

    /// Whether the variant can run under `cpu`, or why not.
    fn runnable(variant: Self::Variant, cpu: &Cpu) -> Result<(), Unsupported> {
        cpu.check_all(Self::descriptor(variant).requires)
    }
}

/// Its input with the feature `bench` of this crate, nothing without it. [`family!`](crate::framework::family::table::family!)
/// wraps a family's reference in it, so that a family declared in any crate follows this
/// crate's features, not its own.
#[cfg(feature = "bench")]
#[doc(hidden)]
#[macro_export]
macro_rules! if_bench {
    ($($item:tt)*) => { $($item)* };
}

/// See the other definition: without the feature `bench`, nothing.
#[cfg(not(feature = "bench"))]
#[doc(hidden)]
#[macro_export]
macro_rules! if_bench {
    ($($item:tt)*) => {};
}
pub use if_bench;

/// `each!(inputs, out, |&input| answer)`: `out[i]` = `answer` for `inputs[i]`, for every `i`;
/// the scalar batch loop, the default of a technique trait's `*_batch` method (a macro, not a
/// function taking a closure, so that the loop is the same code it replaces: through a closure
/// some techniques' queries stopped being inlined, and the gate counted more instructions;
/// docs/notebook.md, "Measurements behind the code").
///
/// # Panics
/// If the slices differ in length.
#[macro_export]
macro_rules! each {
    ($inputs:expr, $out:expr, |$input:pat_param| $answer:expr) => {{
        let (inputs, out) = ($inputs, $out);
        assert_eq!(inputs.len(), out.len(), "batch slices differ in length");
        for (out, $input) in out.iter_mut().zip(inputs) {
            *out = $answer;
        }
    }};
}
pub use each;

/// A family trait's batch method, its default the scalar loop: `out[i]` is the answer to
/// `inputs[i]`, the loop monomorphized per variant with the query inlined. A SIMD technique
/// overrides it.
///
/// ```text
/// scalar_batch!(fn forks_batch(self, targets: &[Bitboard], out: &mut [Bitboard]) =
///     |&set| self.forks(set));
/// ```
#[macro_export]
macro_rules! scalar_batch {
    (
        fn $name:ident($self_:ident, $inputs:ident: &[$input:ty], $out:ident: &mut [$output:ty])
            = |$each:pat_param| $answer:expr
    ) => {
        /// `out[i]` = the answer to `inputs[i]`; any length, any alignment. The default is the
        /// scalar loop, monomorphized per variant with the query inlined.
        ///
        /// # Panics
        /// If the two slices differ in length.
        #[inline(always)]
        fn $name($self_, $inputs: &[$input], $out: &mut [$output]) {
            $crate::each!($inputs, $out, |$each| $answer);
        }
    };
}
pub use scalar_batch;

/// The empty kernel: returns its input. Measured like every variant, it is the floor.
pub struct Empty<F>(core::marker::PhantomData<F>);

impl<F> Empty<F> {
    pub const fn new() -> Self {
        Empty(core::marker::PhantomData)
    }
}

impl<F> Default for Empty<F> {
    fn default() -> Self {
        Self::new()
    }
}

impl<F> Clone for Empty<F> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<F> Copy for Empty<F> {}

impl<F: Family> Kernel<F> for Empty<F> {
    #[inline(always)]
    fn query(self, input: F::Input) -> F::Output {
        F::echo(input)
    }

    #[inline(always)]
    fn batch(self, inputs: &[F::Input], outputs: &mut [F::Output]) {
        assert_eq!(inputs.len(), outputs.len(), "batch slices differ in length");
        for (output, &input) in outputs.iter_mut().zip(inputs) {
            *output = F::echo(input);
        }
    }
}
