//! What every SIMD kernel shares, written once for every lane width: moving queries into the
//! 64-bit lanes of a vector, answers out of them, a batch through
//! [`in_chunks`](crate::framework::chunks::in_chunks), and a single query through a whole vector. A kernel
//! file then holds only its kernel body.
//!
//! Three small traits meet here:
//! - [`Lane`]: a query that travels in one 64-bit lane (a [`Bitboard`], or a [`SquarePair`]
//!   as `from | to << 8`);
//! - [`Vector`]: `N` such lanes on one instruction set, implemented once per instruction set
//!   in `avx2.rs`, `avx512.rs` and `neon.rs`, each compiled only for its architecture;
//! - [`LaneKernel`]: a kernel body, `N` queries in, `N` answers out, lane by lane; its type
//!   holds the instruction set's capability token (see [`crate::framework::cpu`]).
//!
//! [`batch`] and [`one`] are safe: a [`LaneKernel`] holds a token, which only run-time
//! detection makes, so the CPU has the instruction set its vector needs.
//!
//! Queries and answers of several words (`repr(C)` structs of `u64`s, such as a side's pawns
//! and colour in, six pattern sets out) go through [`batch_pairs`] in the same way: a
//! [`PairVector`] splits two-word structs into one vector per word and stores answer words
//! back two at a time, and a [`PairKernel`] computes the answer words from the query words.

/// [`Vector::enabled`], [`Vector::body`] and [`Vector::chunks`] for an instruction set of
/// `$lanes` lanes: the same three functions on every one, compiled with its `$feature`
/// enabled. For the `Vector` impls below.
macro_rules! enabled {
    ($feature:literal, $lanes:literal) => {
        #[target_feature(enable = $feature)]
        #[inline]
        unsafe fn enabled<R>(f: impl FnOnce() -> R) -> R {
            f()
        }

        #[target_feature(enable = $feature)]
        #[inline]
        unsafe fn body<B: LaneBody<Self, $lanes>>(lanes: Self) -> Self {
            B::lanes(lanes)
        }

        /// The closure is written here, so it is compiled with the instruction set too.
        #[target_feature(enable = $feature)]
        #[inline]
        unsafe fn chunks<I: Copy, O: Copy + Default, C: Chunk<I, O, M>, const M: usize>(
            inputs: &[I],
            outputs: &mut [O],
            pad: I,
            chunk: C,
        ) {
            crate::framework::chunks::in_chunks(inputs, outputs, pad, |inputs, outputs| {
                // SAFETY: the instruction set is enabled here, and the caller holds the token
                // that proves the CPU has it.
                unsafe { chunk.run(inputs, outputs) }
            })
        }
    };
}

/// The lane operations that are one intrinsic on two vectors, `self` first: `name: intrinsic`.
/// For the `Vector` impls below.
macro_rules! binary {
    ($($name:ident: $intrinsic:path),* $(,)?) => {
        $(
            #[inline(always)]
            unsafe fn $name(self, other: Self) -> Self {
                $intrinsic(self, other)
            }
        )*
    };
}

pub mod board;

use crate::{board::bitboard::Bitboard, board::square::Square, board::square::SquarePair};

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "x86_64")]
pub mod fills;
#[cfg(target_arch = "aarch64")]
pub mod neon;

/// A query that travels in one 64-bit lane.
pub(crate) trait Lane: Copy {
    /// A query that fills the lanes past the end of a batch; its answers are dropped.
    const PAD: Self;

    /// The query as the kernel bodies read a lane.
    fn lane(self) -> u64;

    /// `N` queries into the lanes of a vector, lane `i` = `queries[i].lane()`.
    ///
    /// # Safety
    /// As for [`Vector`]'s methods.
    unsafe fn load<V: Vector<N>, const N: usize>(queries: &[Self; N]) -> V;
}

impl Lane for Bitboard {
    const PAD: Bitboard = Bitboard::EMPTY;

    #[inline(always)]
    fn lane(self) -> u64 {
        self.0
    }

    #[inline(always)]
    unsafe fn load<V: Vector<N>, const N: usize>(sets: &[Bitboard; N]) -> V {
        // SAFETY: the caller meets the conditions of `Vector`'s methods, as this one requires.
        unsafe { V::load(&sets.map(|set| set.0)) }
    }
}

/// A pair is `from | to << 8`: the from-square in the low byte, the to-square in the next.
impl Lane for SquarePair {
    const PAD: SquarePair = SquarePair::new(Square::A1, Square::A1);

    #[inline(always)]
    fn lane(self) -> u64 {
        self.from as u64 | (self.to as u64) << 8
    }

    #[inline(always)]
    unsafe fn load<V: Vector<N>, const N: usize>(pairs: &[SquarePair; N]) -> V {
        // A pair is two bytes (`repr(C)`), so this is a copy, widened in the vector.
        let pairs = pairs.map(|pair| u16::from_le_bytes([pair.from as u8, pair.to as u8]));
        // SAFETY: the caller meets the conditions of `Vector`'s methods, as this one requires.
        unsafe { V::widen(&pairs) }
    }
}

/// A vector of `N` 64-bit lanes on one instruction set.
///
/// Its methods may be called only on a CPU that has the instruction set, and all but
/// [`Vector::enabled`] only inside `enabled`: they are `#[inline(always)]`, so that they are
/// compiled there, as part of the function that enables the instruction set.
///
/// # Safety
/// An implementation promises that [`Vector::Token`] exists only where the CPU has the
/// instruction set, that `enabled` enables it, and that the other methods need nothing more:
/// [`batch`] and [`one`] rely on it.
// Every method has the one safety condition stated above, for the trait.
#[allow(clippy::missing_safety_doc)]
pub unsafe trait Vector<const N: usize>: Copy {
    /// The capability token that proves the CPU has the instruction set.
    type Token: Copy + core::fmt::Debug;

    /// Runs `f` inside a function compiled with the instruction set enabled, so that `f`, and
    /// everything inlined into it, is compiled with it too.
    ///
    /// # Safety
    /// The CPU has the instruction set (the caller holds a [`Self::Token`]).
    unsafe fn enabled<R>(f: impl FnOnce() -> R) -> R;

    /// `B`'s body on `lanes`, inside a function compiled with the instruction set enabled: a
    /// body written once over `Vector` carries no `#[target_feature]` of its own, so it is
    /// compiled with the instruction set here, where [`batch`]'s and [`one`]'s closures (small
    /// enough to inline into [`Vector::enabled`]) call it. (Inlined into such a closure
    /// itself, each intrinsic became a call, and the gate counted several times the
    /// instructions: docs/notebook.md, "Measurements behind the code".)
    ///
    /// # Safety
    /// As for [`Vector::enabled`].
    unsafe fn body<B: LaneBody<Self, N>>(lanes: Self) -> Self;

    /// [`in_chunks`](crate::framework::chunks::in_chunks) inside a function compiled with the instruction
    /// set enabled: `chunk` runs on every chunk of `M` queries. The closure that calls it is
    /// written in that function, so it is compiled with the instruction set too and `chunk`'s
    /// body, `#[inline(always)]`, lands in it whole. (A closure written outside, handed in
    /// through [`Vector::enabled`], is compiled without the instruction set; once it is too big
    /// for the compiler to inline, each intrinsic in it becomes a call, and the gate counted
    /// several times the instructions: docs/notebook.md, "Measurements behind the code".)
    ///
    /// # Safety
    /// As for [`Vector::enabled`].
    unsafe fn chunks<I: Copy, O: Copy + Default, C: Chunk<I, O, M>, const M: usize>(
        inputs: &[I],
        outputs: &mut [O],
        pad: I,
        chunk: C,
    );

    /// Every lane `lane`.
    unsafe fn splat(lane: u64) -> Self;

    /// Lane `i` from `lanes[i]`.
    unsafe fn load(lanes: &[u64; N]) -> Self;

    /// Lane `i` from `lanes[i]`, zero-extended. The default goes through [`Vector::load`];
    /// x86 widens in one instruction.
    #[inline(always)]
    unsafe fn widen(lanes: &[u16; N]) -> Self {
        // SAFETY: the caller meets the conditions of `Vector`'s methods, as this one requires.
        unsafe { Self::load(&lanes.map(u64::from)) }
    }

    /// Lane `i` to `lanes[i]`.
    unsafe fn store(self, lanes: &mut [u64; N]);

    /// Lane 0.
    unsafe fn first(self) -> u64;

    // The lane operations kernel bodies are written in, once for every instruction set: each
    // applies to every lane alike. A body is a generic `unsafe fn` over `Vector`, called where
    // these may be (see the trait's documentation).

    /// Every lane 0.
    unsafe fn zero() -> Self;

    /// `self & other`.
    unsafe fn and(self, other: Self) -> Self;

    /// `self | other`.
    unsafe fn or(self, other: Self) -> Self;

    /// `self & !other`.
    unsafe fn andnot(self, other: Self) -> Self;

    /// `self ^ other`.
    unsafe fn xor(self, other: Self) -> Self;

    /// `self << K`, `K` in 1..=63.
    unsafe fn shl<const K: i32>(self) -> Self;

    /// `self >> K` (logical), `K` in 1..=63.
    unsafe fn shr<const K: i32>(self) -> Self;

    /// `self << by`, by each lane's own amount (0..=63).
    unsafe fn shl_by(self, by: Self) -> Self;

    /// `self >> by` (logical), by each lane's own amount (0..=63).
    unsafe fn shr_by(self, by: Self) -> Self;

    /// `self + other`, wrapping.
    unsafe fn add(self, other: Self) -> Self;

    /// `self - other`, wrapping.
    unsafe fn sub(self, other: Self) -> Self;

    /// All ones where the lanes are equal, 0 elsewhere.
    unsafe fn eq(self, other: Self) -> Self;

    /// All ones where `self`'s lane is greater, 0 elsewhere; for lanes below 2^63 (AVX2
    /// compares signed, NEON unsigned, which agree there).
    unsafe fn gt(self, other: Self) -> Self;

    /// Bit by bit, `if_set` where `self` has a one and `if_clear` where it has a zero: with
    /// `self` all ones or all zeros per lane (as [`Vector::eq`] makes it), a choice per lane.
    unsafe fn select(self, if_set: Self, if_clear: Self) -> Self;
}

/// A [`Vector`] that loads its lanes from a table by index: the gathers of AVX2 and AVX-512F
/// (x86-64 only; NEON has none).
///
/// # Safety
/// As for [`Vector`].
#[cfg(target_arch = "x86_64")]
// Every method has the one safety condition stated above, for the trait.
#[allow(clippy::missing_safety_doc)]
pub unsafe trait Gather<const N: usize>: Vector<N> {
    /// Lane `i` from `table[indices[i]]`.
    ///
    /// # Safety
    /// As for [`Vector`]'s methods, and every lane of `indices` is below `table.len()`.
    unsafe fn gather(table: &[Bitboard], indices: Self) -> Self;
}

/// The work on one chunk of `M` queries, for [`Vector::chunks`]: a type with an
/// `#[inline(always)]` method rather than a closure, so that it inlines wherever it is called.
pub trait Chunk<I, O, const M: usize>: Copy {
    /// # Safety
    /// As for [`Vector`]'s methods: called inside [`Vector::chunks`].
    unsafe fn run(self, inputs: &[I; M], outputs: &mut [O; M]);
}

/// A SIMD kernel body: `N` queries in the lanes of a vector, their answers in the same lanes.
///
/// Implemented by the kernel type, which holds the token of its vector's instruction set: that
/// is what makes [`batch`] and [`one`] safe to call.
pub(crate) trait LaneKernel<const N: usize>: Copy {
    type Vector: Vector<N>;

    /// The token the kernel holds.
    fn token(self) -> <Self::Vector as Vector<N>>::Token;

    /// The answers to the queries in `lanes` (as [`Lane::lane`] wrote them), lane by lane.
    fn lanes(self, lanes: Self::Vector) -> Self::Vector;
}

/// A SIMD kernel made of a body written once over [`Vector`] (the zero-sized type `B`, a
/// [`LaneBody`] or a [`PairBody`]) and one instruction set's vector `V`: it holds `V`'s token,
/// so it is a [`LaneKernel`] or a [`PairKernel`] that [`batch`], [`one`] and [`batch_pairs`]
/// may run. A family implements its technique trait for `Lanes<ItsBody, V, N>` once,
/// generically over `V`; each instruction set is then a type alias
/// (`pub type Avx512Batch = Lanes<Forks, __m512i, 8>`).
#[derive(Clone, Copy, Debug)]
pub struct Lanes<B, V: Vector<N>, const N: usize> {
    token: V::Token,
    body: core::marker::PhantomData<B>,
}

impl<B, V: Vector<N>, const N: usize> Lanes<B, V, N> {
    /// The kernel, on the CPU `token` proves has `V`'s instruction set.
    pub fn new(token: V::Token) -> Lanes<B, V, N> {
        Lanes {
            token,
            body: core::marker::PhantomData,
        }
    }
}

/// A kernel body on one query per lane: the answers to the queries in `lanes`, lane by lane.
pub trait LaneBody<V: Vector<N>, const N: usize>: Copy {
    /// # Safety
    /// As for [`Vector`]'s methods.
    unsafe fn lanes(lanes: V) -> V;
}

/// A kernel body on two-word queries with answers of `F` words: see [`PairKernel::words`].
pub trait PairBody<V: PairVector<N>, const N: usize, const F: usize>: Copy {
    /// # Safety
    /// As for [`Vector`]'s methods.
    unsafe fn words(first: V, second: V) -> [V; F];
}

impl<B: LaneBody<V, N>, V: Vector<N>, const N: usize> LaneKernel<N> for Lanes<B, V, N> {
    type Vector = V;

    fn token(self) -> V::Token {
        self.token
    }

    #[inline(always)]
    fn lanes(self, lanes: V) -> V {
        // SAFETY: the kernel holds `V`'s token, so the CPU has its instruction set.
        unsafe { V::body::<B>(lanes) }
    }
}

impl<B, V, const N: usize, const F: usize> PairKernel<N, F> for Lanes<B, V, N>
where
    B: PairBody<V, N, F>,
    V: PairVector<N>,
{
    type Vector = V;

    fn token(self) -> V::Token {
        self.token
    }

    #[inline(always)]
    fn words(self, first: V, second: V) -> [V; F] {
        // SAFETY: the kernel holds `V`'s token, so the CPU has its instruction set.
        unsafe { B::words(first, second) }
    }
}

/// `outputs[i]` = the answer to `inputs[i]`, `N` queries per vector: whole vectors first, then
/// the rest padded with [`Lane::PAD`] (see [`in_chunks`](crate::framework::chunks::in_chunks)).
///
/// # Panics
/// If `inputs` and `outputs` differ in length.
#[inline(always)]
pub(crate) fn batch<I: Lane, K: LaneKernel<N>, const N: usize>(
    kernel: K,
    inputs: &[I],
    outputs: &mut [Bitboard],
) {
    let _proof = kernel.token();
    // SAFETY: `_proof` is the token of the vector's instruction set, which exists only if the
    // CPU has it; the vector's methods run inside `enabled`, as they must. (This closure is
    // small enough to inline whole into `enabled`, a kernel's body being a call to
    // `Vector::body`: through `Vector::chunks` instead, the gate counted 1.5 to 4.6 % more
    // instructions, so `batch` keeps it.)
    unsafe {
        K::Vector::enabled(|| {
            crate::framework::chunks::in_chunks(
                inputs,
                outputs,
                I::PAD,
                |inputs: &[I; N], outputs: &mut [Bitboard; N]| {
                    let answers = kernel.lanes(I::load(inputs));
                    let mut lanes = [0; N];
                    answers.store(&mut lanes);
                    *outputs = lanes.map(Bitboard);
                },
            )
        })
    }
}

/// The answer to one query: the query in every lane, the answer from lane 0. For latency:
/// one query costs one whole vector.
#[inline(always)]
pub(crate) fn one<I: Lane, K: LaneKernel<N>, const N: usize>(kernel: K, input: I) -> Bitboard {
    let _proof = kernel.token();
    // SAFETY: as in `batch`.
    unsafe {
        K::Vector::enabled(move || Bitboard(kernel.lanes(K::Vector::splat(input.lane())).first()))
    }
}

/// A `repr(C)` struct of `F` `u64` words, which a SIMD kernel reads as `[u64; F]`.
///
/// # Safety
/// `Self` has the size of `[u64; F]`, alignment 8, and every byte initialized (no padding).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only x86 kernels use it so far
pub(crate) unsafe trait AsWords<const F: usize>: Copy {}

/// A `repr(C)` struct of `F` `u64` words, which a SIMD kernel writes as `[u64; F]`.
///
/// # Safety
/// As for [`AsWords`], and any `[u64; F]` is a valid `Self`.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only x86 kernels use it so far
pub(crate) unsafe trait FromWords<const F: usize>: AsWords<F> + Default {}

/// A [`Vector`] that moves two-word structs in and out of its lanes.
///
/// The two words of `N` structs load as two vectors, the first words and the second words,
/// each in the vector's *pair order* of lanes (whatever order its unpack instructions leave);
/// answer words go back from vectors in that same order. A kernel body works lane-wise, so the
/// order never shows outside the vector's implementation.
///
/// # Safety
/// As for [`Vector`]; the methods may be called only inside [`Vector::enabled`] or
/// [`Vector::chunks`].
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
// only x86 kernels use it so far
// Every method has the one safety condition stated above, for the trait.
#[allow(clippy::missing_safety_doc)]
pub unsafe trait PairVector<const N: usize>: Vector<N> {
    /// The first and the second words of `pairs`, in pair order.
    unsafe fn load_pairs(pairs: &[[u64; 2]; N]) -> (Self, Self);

    /// Every word of every struct in `out`, from `answers` in pair order: word `w` of each
    /// struct from `answers[w]`. `F` is even.
    unsafe fn store_words<const F: usize>(answers: &[Self; F], out: &mut [[u64; F]; N]);
}

/// A SIMD kernel body on two-word queries with answers of `F` words (`F` even), `N` queries
/// per vector. Implemented by the kernel type, which holds its instruction set's token.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only x86 kernels use it so far
pub(crate) trait PairKernel<const N: usize, const F: usize>: Copy {
    type Vector: PairVector<N>;

    /// The token the kernel holds.
    fn token(self) -> <Self::Vector as Vector<N>>::Token;

    /// The answers' words, one vector per word, from the queries' first and second words,
    /// lane by lane.
    fn words(self, first: Self::Vector, second: Self::Vector) -> [Self::Vector; F];
}

/// `outputs[i]` = the answer to `inputs[i]`, `N` queries per vector: whole vectors first, then
/// the rest padded with `pad` (see [`in_chunks`](crate::framework::chunks::in_chunks)).
///
/// # Panics
/// If `inputs` and `outputs` differ in length.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only x86 kernels use it so far
#[inline(always)]
pub(crate) fn batch_pairs<I, O, K, const N: usize, const F: usize>(
    kernel: K,
    inputs: &[I],
    outputs: &mut [O],
    pad: I,
) where
    I: AsWords<2>,
    O: FromWords<F>,
    K: PairKernel<N, F>,
{
    const {
        assert!(F.is_multiple_of(2), "answer words are stored two at a time");
        // What `AsWords` and `FromWords` promise about size and alignment, checked here too.
        assert!(
            size_of::<I>() == 16 && align_of::<I>() == 8,
            "a query is two words"
        );
        assert!(
            size_of::<O>() == 8 * F && align_of::<O>() == 8,
            "an answer is F words"
        );
    };
    let _proof = kernel.token();
    // SAFETY: `_proof` is the token of the vector's instruction set, which exists only if the
    // CPU has it.
    unsafe { K::Vector::chunks(inputs, outputs, pad, Pairs::<K, F>(kernel)) }
}

/// [`batch_pairs`]'s chunk: `N` two-word queries through a [`PairKernel`].
#[derive(Clone, Copy)]
struct Pairs<K, const F: usize>(K);

impl<I, O, K, const N: usize, const F: usize> Chunk<I, O, N> for Pairs<K, F>
where
    I: AsWords<2>,
    O: FromWords<F>,
    K: PairKernel<N, F>,
{
    #[inline(always)]
    unsafe fn run(self, inputs: &[I; N], outputs: &mut [O; N]) {
        // SAFETY: by `AsWords`, `N` inputs are `N` fully initialized `[u64; 2]` with their
        // alignment; by `FromWords`, so are `N` outputs as `[u64; F]`, and any words written
        // are valid outputs. The vector's methods: the caller meets their conditions.
        unsafe {
            let inputs = &*inputs.as_ptr().cast::<[[u64; 2]; N]>();
            let outputs = &mut *outputs.as_mut_ptr().cast::<[[u64; F]; N]>();
            let (first, second) = K::Vector::load_pairs(inputs);
            K::Vector::store_words(&self.0.words(first, second), outputs);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::framework::chunks::in_chunks;

    /// Three lanes in an array: a vector on every CPU, to test the driver at an odd width.
    #[derive(Clone, Copy)]
    struct Three([u64; 3]);

    // SAFETY: the methods use no instruction set at all, so any CPU has what they need.
    unsafe impl Vector<3> for Three {
        type Token = ();
        unsafe fn enabled<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        unsafe fn body<B: LaneBody<Three, 3>>(lanes: Three) -> Three {
            B::lanes(lanes)
        }
        unsafe fn chunks<I: Copy, O: Copy + Default, C: Chunk<I, O, M>, const M: usize>(
            inputs: &[I],
            outputs: &mut [O],
            pad: I,
            chunk: C,
        ) {
            // SAFETY: no instruction set is needed.
            in_chunks(inputs, outputs, pad, |i, o| unsafe { chunk.run(i, o) })
        }
        unsafe fn splat(lane: u64) -> Three {
            Three([lane; 3])
        }
        unsafe fn load(lanes: &[u64; 3]) -> Three {
            Three(*lanes)
        }
        unsafe fn store(self, lanes: &mut [u64; 3]) {
            *lanes = self.0
        }
        unsafe fn first(self) -> u64 {
            self.0[0]
        }
        unsafe fn zero() -> Three {
            Three([0; 3])
        }
        unsafe fn and(self, other: Three) -> Three {
            self.zip(other, |a, b| a & b)
        }
        unsafe fn or(self, other: Three) -> Three {
            self.zip(other, |a, b| a | b)
        }
        unsafe fn andnot(self, other: Three) -> Three {
            self.zip(other, |a, b| a & !b)
        }
        unsafe fn xor(self, other: Three) -> Three {
            self.zip(other, |a, b| a ^ b)
        }
        unsafe fn shl<const K: i32>(self) -> Three {
            Three(self.0.map(|a| a << K))
        }
        unsafe fn shr<const K: i32>(self) -> Three {
            Three(self.0.map(|a| a >> K))
        }
        unsafe fn shl_by(self, by: Three) -> Three {
            self.zip(by, |a, b| a << b)
        }
        unsafe fn shr_by(self, by: Three) -> Three {
            self.zip(by, |a, b| a >> b)
        }
        unsafe fn add(self, other: Three) -> Three {
            self.zip(other, u64::wrapping_add)
        }
        unsafe fn sub(self, other: Three) -> Three {
            self.zip(other, u64::wrapping_sub)
        }
        unsafe fn eq(self, other: Three) -> Three {
            self.zip(other, |a, b| if a == b { !0 } else { 0 })
        }
        unsafe fn gt(self, other: Three) -> Three {
            self.zip(other, |a, b| if a > b { !0 } else { 0 })
        }
        unsafe fn select(self, if_set: Three, if_clear: Three) -> Three {
            Three(core::array::from_fn(|l| {
                (self.0[l] & if_set.0[l]) | (!self.0[l] & if_clear.0[l])
            }))
        }
    }

    impl Three {
        fn zip(self, other: Three, f: impl Fn(u64, u64) -> u64) -> Three {
            Three(core::array::from_fn(|l| f(self.0[l], other.0[l])))
        }
    }

    /// Answers a pair's lane with its from-square moved up by 16, so that a lane in the wrong
    /// place, or a pair read wrongly, shows.
    #[derive(Clone, Copy)]
    struct Echo;

    impl LaneKernel<3> for Echo {
        type Vector = Three;
        fn token(self) {}
        fn lanes(self, lanes: Three) -> Three {
            Three(lanes.0.map(|lane| lane | (lane & 0xff) << 16))
        }
    }

    #[test]
    fn every_length_and_the_single_query_reach_the_right_lanes() {
        let pairs: Vec<SquarePair> = SquarePair::all().step_by(37).take(20).collect();
        let expected = |p: &SquarePair| Bitboard(p.lane() | (p.from as u64) << 16);
        for length in 0..=pairs.len() {
            let mut outputs = vec![Bitboard::FULL; length];
            batch(Echo, &pairs[..length], &mut outputs);
            let wanted: Vec<Bitboard> = pairs[..length].iter().map(expected).collect();
            assert_eq!(outputs, wanted, "length {length}");
        }
        for pair in &pairs {
            assert_eq!(one(Echo, *pair), expected(pair));
        }
        assert_eq!(SquarePair::new(Square::H8, Square::B1).lane(), 63 | 1 << 8);
    }

    /// `Three` splits pairs into its lanes in the order (2, 0, 1), as an unpack might: lane
    /// `l` holds struct `ORDER[l]`. A driver that stored answers in the wrong place would show.
    const ORDER: [usize; 3] = [2, 0, 1];

    // SAFETY: as for `Vector<3>`: no instruction set at all.
    unsafe impl PairVector<3> for Three {
        unsafe fn load_pairs(pairs: &[[u64; 2]; 3]) -> (Three, Three) {
            (
                Three(ORDER.map(|i| pairs[i][0])),
                Three(ORDER.map(|i| pairs[i][1])),
            )
        }
        unsafe fn store_words<const F: usize>(answers: &[Three; F], out: &mut [[u64; F]; 3]) {
            for (lane, i) in ORDER.into_iter().enumerate() {
                for (word, answer) in answers.iter().enumerate() {
                    out[i][word] = answer.0[lane];
                }
            }
        }
    }

    /// Two words in, four out: each word, their sum and their difference.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    #[repr(C)]
    struct Four([u64; 4]);
    #[derive(Clone, Copy)]
    #[repr(C)]
    struct Two([u64; 2]);
    // SAFETY: `repr(C)` of `[u64; 2]`.
    unsafe impl AsWords<2> for Two {}
    // SAFETY: `repr(C)` of `[u64; 4]`, and any words are a valid `Four`.
    unsafe impl AsWords<4> for Four {}
    // SAFETY: as above.
    unsafe impl FromWords<4> for Four {}

    #[derive(Clone, Copy)]
    struct Sums;

    impl PairKernel<3, 4> for Sums {
        type Vector = Three;
        fn token(self) {}
        fn words(self, first: Three, second: Three) -> [Three; 4] {
            let lanes = |f: fn(u64, u64) -> u64| {
                Three(core::array::from_fn(|l| f(first.0[l], second.0[l])))
            };
            [
                first,
                second,
                lanes(u64::wrapping_add),
                lanes(u64::wrapping_sub),
            ]
        }
    }

    #[test]
    fn pairs_of_every_length_come_back_to_their_own_structs() {
        let inputs: Vec<Two> = (0..8u64).map(|i| Two([i * 1000 + 7, i * 13])).collect();
        for length in 0..=inputs.len() {
            let mut outputs = vec![Four([u64::MAX; 4]); length];
            batch_pairs(Sums, &inputs[..length], &mut outputs, Two([0; 2]));
            let wanted: Vec<Four> = inputs[..length]
                .iter()
                .map(|&Two([a, b])| Four([a, b, a + b, a - b]))
                .collect();
            assert_eq!(outputs, wanted, "length {length}");
        }
    }
}
