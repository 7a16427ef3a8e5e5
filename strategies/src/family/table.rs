//! [`family!`](crate::family!): a family's variants declared as one table (as
//! [`registry!`](crate::registry!) declares the families, and criterion's `criterion_group!` a
//! suite). One row per variant names it, says what it does and where it comes from, the bytes
//! of table it reads, the CPU capability it needs and the expression that makes its kernel;
//! from that one list the macro writes the variant enum, [`Family::variants`](super::Family),
//! the [`Descriptor`](super::Descriptor)s and the dispatch of [`Family::visit`](super::Family)
//! (one `match`, every arm handing the visitor its concrete kernel type). Nothing is written
//! twice, so nothing can fall out of order.
//!
//! ```text
//! family! {
//!     /// Marker type for the knight-fork family, as the harness sees it.
//!     pub struct KnightForksFamily {
//!         name: "knight_forks",
//!         summary: "the squares from which a knight attacks two or more targets",
//!         query: Bitboard => Bitboard,
//!         reference: |targets| reference::forks(targets),
//!         echo: |targets| targets,
//!     }
//!
//!     /// The registry: every knight-fork variant.
//!     pub enum KnightForksVariant {
//!         PairLoop {
//!             name: "pair_loop",
//!             summary: "every pair of targets, the intersection of their knight-attack lookups",
//!             kernel: pair_loop::PairLoop,
//!             source: Source::seed(SEED, "Knight Forks (loop over pieces, ...)"),
//!             footprint: KNIGHT_BYTES,
//!         },
//!         Avx2Batch {
//!             name: "avx2_batch",
//!             summary: "the seed's forkTargetSquare on four target sets per __m256i",
//!             needs: avx2,
//!             kernel: avx2::batch::Avx2Batch::new(avx2),
//!             source: Source::New,
//!             footprint: 0,
//!         },
//!     }
//!
//!     // Every technique is a kernel: a query calls `forks`, a batch `forks_batch`.
//!     impl<T: KnightForks> Kernel for T {
//!         query(targets) => forks(targets),
//!         batch => forks_batch,
//!     }
//! }
//! ```
//!
//! - The family's header declares its marker type (`#[derive(Clone, Copy, Debug)]` is added)
//!   and writes its [`Family`](super::Family) impl: the name and summary, the query and answer
//!   types, the reference and the echo (the empty kernel's answer) as closures over one query.
//!   (`impl Family for ... { items }` in its place takes the items as written: the macro uses
//!   that form itself.)
//! - The `impl ... Kernel for T` block (optional: a family may write its `Kernel` impls by
//!   hand) makes every technique of the family's trait a kernel: which method a query calls,
//!   with which fields of the input, and which method a batch calls.
//! - `needs: avx2` (or `avx512`, `bmi2`, `gfni`, `neon`) names the capability token the kernel
//!   is made from: the row's kernel expression sees the token under that name, is compiled only
//!   on the token's architecture (elsewhere the variant reports
//!   [`Unsupported::OtherArch`](crate::cpu::Unsupported)), and the descriptor requires the
//!   token's [`Feature`](crate::cpu::Feature). A row without `needs` runs everywhere.
//! - Attributes before a row (`#[cfg(feature = "peers")]`) apply to the whole row: the enum
//!   variant, its descriptor and its arm.
//! - `enum SliderVariant: SliderUser(Slider)` also declares `SliderUser`, code to run with a
//!   technique of trait `Slider`, and `SliderVariant::with(cpu, user)`, the same dispatch for
//!   code that needs the technique's own trait rather than a family's kernel (the move
//!   generator's configurations); `visit` then goes through it.
//! - `impl PieceFamilies for Attacks` instead of `impl Family for ...` declares the variants
//!   of a pair of families, one per piece ([`super::pieces`]): each row's footprint is then a
//!   [`Footprint`](crate::geometry::Footprint), the rook's and the bishop's.

/// Declares a family's variants as one table: see [the module](crate::family::table).
#[macro_export]
macro_rules! family {
    // An ordinary family declared by its marker type: its name, summary, query and answer
    // types, reference and echo. The marker and its `impl Family` are written from them.
    (
        $(#[$fmeta:meta])*
        $fvis:vis struct $family:ident {
            name: $name:literal,
            summary: $summary:literal,
            query: $input:ty => $output:ty,
            reference: |$rin:pat_param| $reference:expr,
            echo: |$ein:pat_param| $echo:expr $(,)?
        }

        $($rest:tt)*
    ) => {
        $(#[$fmeta])*
        #[derive(Clone, Copy, Debug)]
        $fvis struct $family;

        $crate::family! {
            impl Family for $family {
                const NAME: &'static str = $name;
                const SUMMARY: &'static str = $summary;
                type Input = $input;
                type Output = $output;

                fn reference($rin: $input) -> $output {
                    $reference
                }

                #[inline(always)]
                fn echo($ein: $input) -> $output {
                    $echo
                }
            }

            $($rest)*
        }
    };

    // An ordinary family: its own `impl Family` items, the table, and optionally how every
    // technique of its trait is a kernel.
    (
        impl Family for $family:ty { $($item:tt)* }

        $(#[$meta:meta])*
        $vis:vis enum $variant:ident $(: $user:ident($technique:path))? { $($rows:tt)* }

        $(
            impl<$t:ident: $trait:path> Kernel for $t2:ident {
                query($input:pat) => $query:ident($($argument:expr),* $(,)?),
                batch => $batch:ident $(,)?
            }
        )?
    ) => {
        $crate::family!(@rows [@enum $(#[$meta])* $vis $variant] { $($rows)* });
        $crate::family!(@rows [@descriptors $variant, <$family as $crate::family::Family>::NAME;]
            { $($rows)* });
        $crate::family!(@rows [@with $vis $variant $(: $user($technique))?] { $($rows)* });
        $crate::family!(@rows [@visit $variant, $family $(: $user($technique))?] { $($rows)* });
        $(
            impl<$t: $trait> $crate::family::Kernel<$family> for $t2 {
                #[inline(always)]
                fn query(
                    self,
                    $input: <$family as $crate::family::Family>::Input,
                ) -> <$family as $crate::family::Family>::Output {
                    self.$query($($argument),*)
                }

                #[inline(always)]
                fn batch(
                    self,
                    inputs: &[<$family as $crate::family::Family>::Input],
                    out: &mut [<$family as $crate::family::Family>::Output],
                ) {
                    self.$batch(inputs, out)
                }
            }
        )?

        impl $crate::family::Family for $family {
            type Variant = $variant;

            fn variants() -> &'static [$variant] {
                $variant::ALL
            }

            fn descriptor(variant: $variant) -> &'static $crate::family::Descriptor {
                &$variant::DESCRIPTORS[variant as usize]
            }

            fn visit<V: $crate::family::Visitor<Self>>(
                variant: $variant,
                cpu: &$crate::cpu::Cpu,
                visitor: V,
            ) -> ::core::result::Result<V::Output, $crate::cpu::Unsupported> {
                variant.visit(cpu, visitor)
            }

            $($item)*
        }
    };

    // The variants of a rook family and a bishop family: see `family::pieces`.
    (
        impl PieceFamilies for $kind:ty { $($item:tt)* }

        $(#[$meta:meta])*
        $vis:vis enum $variant:ident: $user:ident($technique:path) { $($rows:tt)* }
    ) => {
        $crate::family!(@rows [@enum $(#[$meta])* $vis $variant] { $($rows)* });
        $crate::family!(@rows [@with $vis $variant: $user($technique)] { $($rows)* });
        $crate::family!(@rows [@pieces $variant, $kind] { $($rows)* });

        impl $crate::family::pieces::PieceFamilies for $kind {
            type Variant = $variant;

            fn variants() -> &'static [$variant] {
                $variant::ALL
            }

            fn descriptor(piece: $crate::family::pieces::Line, variant: $variant)
                -> &'static $crate::family::Descriptor
            {
                &$variant::PIECE_DESCRIPTORS[piece as usize][variant as usize]
            }

            fn visit<P, V>(
                variant: $variant,
                cpu: &$crate::cpu::Cpu,
                visitor: V,
            ) -> ::core::result::Result<V::Output, $crate::cpu::Unsupported>
            where
                P: $crate::family::pieces::LinePiece,
                V: $crate::family::Visitor<$crate::family::pieces::PieceFamily<Self, P>>,
            {
                struct Visit<V, P>(V, ::core::marker::PhantomData<P>);
                impl<V, P> $user for Visit<V, P>
                where
                    P: $crate::family::pieces::LinePiece,
                    V: $crate::family::Visitor<$crate::family::pieces::PieceFamily<$kind, P>>,
                {
                    type Output = V::Output;
                    #[inline(always)]
                    fn with<T: $technique>(self, technique: T) -> V::Output {
                        self.0.visit(technique)
                    }
                }
                variant.with(cpu, Visit::<V, P>(visitor, ::core::marker::PhantomData))
            }

            $($item)*
        }
    };

    // The rows as they are written, handed to `$($then)*` one row a bracketed line: attributes,
    // variant, name, summary, token (or none), kernel, source, footprint.
    (@rows [$($then:tt)*] { $(
        $(#[$attr:meta])*
        $name:ident {
            name: $id:literal,
            summary: $summary:literal,
            $(needs: $token:ident,)?
            kernel: $kernel:expr,
            source: $source:expr,
            footprint: $bytes:expr $(,)?
        }
    ),* $(,)? }) => {
        $crate::family!($($then)* { $(
            [$(#[$attr])*] $name $id $summary [$($token)?] [$kernel] [$source] [$bytes]
        )* });
    };

    // The variant enum and its list.
    (@enum $(#[$meta:meta])* $vis:vis $variant:ident { $(
        [$(#[$attr:meta])*] $name:ident $id:literal $summary:literal
            [$($token:ident)?] [$kernel:expr] [$source:expr] [$bytes:expr]
    )* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        $vis enum $variant {
            $( #[doc = $summary] $(#[$attr])* $name, )*
        }

        impl $variant {
            /// Every variant, in the table's order (ours first, peers last).
            pub const ALL: &'static [$variant] = &[$( $(#[$attr])* $variant::$name, )*];

            /// The CPU features the variant's technique needs: its token's, if it takes one.
            pub const fn requires(self) -> &'static [$crate::cpu::Feature] {
                match self { $(
                    $(#[$attr])*
                    $variant::$name => &[$($crate::token_feature!($token))?],
                )* }
            }
        }
    };

    // A family's descriptors.
    (@descriptors $variant:ident, $family:expr; { $(
        [$(#[$attr:meta])*] $name:ident $id:literal $summary:literal
            [$($token:ident)?] [$kernel:expr] [$source:expr] [$bytes:expr]
    )* }) => {
        impl $variant {
            /// The descriptors, in the table's order.
            const DESCRIPTORS: &'static [$crate::family::Descriptor] = &[$(
                $(#[$attr])*
                $crate::family::Descriptor {
                    family: $family,
                    name: $id,
                    summary: $summary,
                    source: $source,
                    table_bytes: $bytes,
                    requires: &[$($crate::token_feature!($token))?],
                },
            )*];
        }
    };

    // A pair of piece families' descriptors: the rook's and the bishop's footprints.
    (@pieces $variant:ident, $kind:ty { $($rows:tt)* }) => {
        impl $variant {
            /// The rook family's descriptors and the bishop family's, in the table's order.
            const PIECE_DESCRIPTORS: [&'static [$crate::family::Descriptor]; 2] = [
                $crate::family!(@piece $kind, 0, rook { $($rows)* }),
                $crate::family!(@piece $kind, 1, bishop { $($rows)* }),
            ];
        }
    };

    // One piece's descriptors: footprints from the field `$piece` of each row's `Footprint`.
    (@piece $kind:ty, $index:literal, $piece:ident { $(
        [$(#[$attr:meta])*] $name:ident $id:literal $summary:literal
            [$($token:ident)?] [$kernel:expr] [$source:expr] [$bytes:expr]
    )* }) => {
        &[$(
            $(#[$attr])*
            $crate::family::Descriptor {
                family: <$kind as $crate::family::pieces::PieceFamilies>::NAMES[$index],
                name: $id,
                summary: $summary,
                source: $source,
                table_bytes: $bytes.$piece,
                requires: &[$($crate::token_feature!($token))?],
            },
        )*]
    };

    // Without a technique trait: nothing more.
    (@with $vis:vis $variant:ident { $($rows:tt)* }) => {};

    // With one: the user trait and the dispatch through it.
    (@with $vis:vis $variant:ident: $user:ident($technique:path) { $(
        [$(#[$attr:meta])*] $name:ident $id:literal $summary:literal
            [$($token:ident)?] [$kernel:expr] [$source:expr] [$bytes:expr]
    )* }) => {
        #[doc = concat!("Code to run with a technique of [`", stringify!($technique), "`], \
            for [`", stringify!($variant), "::with`].")]
        $vis trait $user {
            type Output;
            fn with<T: $technique>(self, technique: T) -> Self::Output;
        }

        impl $variant {
            /// Runs `user` with the variant's technique, matched once; or says why it cannot
            /// run under `cpu`.
            pub fn with<U: $user>(
                self,
                cpu: &$crate::cpu::Cpu,
                user: U,
            ) -> ::core::result::Result<U::Output, $crate::cpu::Unsupported> {
                cpu.check_all(self.requires())?;
                Ok(match self { $(
                    $(#[$attr])*
                    $variant::$name => $crate::family!(@kernel cpu, user.with, $($token)?, $kernel),
                )* })
            }
        }
    };

    // `visit`'s dispatch without a technique trait: one arm per row.
    (@visit $variant:ident, $family:ty { $(
        [$(#[$attr:meta])*] $name:ident $id:literal $summary:literal
            [$($token:ident)?] [$kernel:expr] [$source:expr] [$bytes:expr]
    )* }) => {
        impl $variant {
            fn visit<V: $crate::family::Visitor<$family>>(
                self,
                cpu: &$crate::cpu::Cpu,
                visitor: V,
            ) -> ::core::result::Result<V::Output, $crate::cpu::Unsupported> {
                cpu.check_all(self.requires())?;
                Ok(match self { $(
                    $(#[$attr])*
                    $variant::$name =>
                        $crate::family!(@kernel cpu, visitor.visit, $($token)?, $kernel),
                )* })
            }
        }
    };

    // `visit`'s dispatch through the technique trait's.
    (@visit $variant:ident, $family:ty: $user:ident($technique:path) { $($rows:tt)* }) => {
        impl $variant {
            fn visit<V: $crate::family::Visitor<$family>>(
                self,
                cpu: &$crate::cpu::Cpu,
                visitor: V,
            ) -> ::core::result::Result<V::Output, $crate::cpu::Unsupported> {
                struct Visit<V>(V);
                impl<V: $crate::family::Visitor<$family>> $user for Visit<V> {
                    type Output = V::Output;
                    #[inline(always)]
                    fn with<T: $technique>(self, technique: T) -> V::Output {
                        self.0.visit(technique)
                    }
                }
                self.with(cpu, Visit(visitor))
            }
        }
    };

    // A row's kernel handed to `$receiver.$method`, made with the row's token if it names one.
    (@kernel $cpu:ident, $receiver:ident.$method:ident, , $kernel:expr) => {
        $receiver.$method($kernel)
    };
    (@kernel $cpu:ident, $receiver:ident.$method:ident, $token:ident, $kernel:expr) => {
        $crate::with_token!($cpu, $token, $token, $receiver.$method($kernel))
    };
}

/// A toy family declared as docs/contributing.md's recipe says (a trait, a marker, kernels, one
/// `family!` table, a `Bench` with its `DRAWS`), and one line in a registry of its own: it is
/// listed, verified and dispatched like the suite's families.
#[cfg(test)]
mod tests {
    use crate::bench::{Bench, Draw};
    use crate::family::{Family, Source};
    use crate::registry::Registry;
    use crate::{Bitboard, Cpu};
    use rand::Rng;

    /// How many squares a set holds.
    trait Count: Copy {
        fn count(self, set: Bitboard) -> u32;

        crate::scalar_batch!(fn count_batch(self, sets: &[Bitboard], out: &mut [u32]) =
            |&set| self.count(set));
    }

    #[derive(Clone, Copy)]
    struct CountOnes;

    impl Count for CountOnes {
        fn count(self, set: Bitboard) -> u32 {
            set.0.count_ones()
        }
    }

    #[derive(Clone, Copy)]
    struct Walk;

    impl Count for Walk {
        fn count(self, set: Bitboard) -> u32 {
            set.into_iter().count() as u32
        }
    }

    /// Holds a token, as a SIMD kernel does (and counts without it).
    #[cfg(target_arch = "x86_64")]
    #[derive(Clone, Copy)]
    struct Held(crate::cpu::Avx2);

    #[cfg(target_arch = "x86_64")]
    impl Count for Held {
        fn count(self, set: Bitboard) -> u32 {
            set.len()
        }
    }

    crate::family! {
        /// The toy family.
        struct Toy {
            name: "toy",
            summary: "how many squares a set holds",
            query: Bitboard => u32,
            reference: |set| (0..64).filter(|i| set.0 >> i & 1 == 1).count() as u32,
            echo: |set| set.0 as u32,
        }

        /// The toy's variants.
        enum ToyVariant: CountUser(Count) {
            CountOnes {
                name: "count_ones",
                summary: "popcnt",
                kernel: CountOnes,
                source: Source::New,
                footprint: 0,
            },
            Walk {
                name: "walk",
                summary: "one step per square",
                kernel: Walk,
                source: Source::seed("toy.txt", "Walking"),
                footprint: 0,
            },
            Held {
                name: "held",
                summary: "holds an AVX2 token",
                needs: avx2,
                kernel: Held(avx2),
                source: Source::New,
                footprint: 8,
            },
            #[cfg(any())]
            Absent {
                name: "absent",
                summary: "a row compiled out with its variant, descriptor and arm",
                kernel: Walk,
                source: Source::New,
                footprint: 0,
            },
        }

        impl<T: Count> Kernel for T {
            query(set) => count(set),
            batch => count_batch,
        }
    }

    impl Bench for Toy {
        const DRAWS: &'static [Draw<Bitboard>] = &[
            Draw::each("random", "random sets", |rng| Bitboard(rng.random())),
            Draw::each("small", "sets of up to 8 squares", |rng| {
                let count = rng.random_range(0..=8);
                crate::inputs::knight_set(rng, count)
            }),
        ];

        fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<Bitboard>)> {
            let sets = (0..1000u64).map(|i| Bitboard(i.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
            vec![("a thousand scattered sets", sets.collect())]
        }

        fn mix(set: Bitboard, zero: u64) -> Bitboard {
            Bitboard(set.0 ^ zero)
        }
    }

    crate::registry!(Toys { Toy });

    #[test]
    fn a_table_and_a_line_in_a_registry_make_a_family() {
        let families = Toys::families();
        assert_eq!(Toys::names(), ["toy"]);
        let names: Vec<&str> = families[0].descriptors.iter().map(|d| d.name).collect();
        assert_eq!(names, ["count_ones", "walk", "held"]);
        let held = Toy::descriptor(ToyVariant::Held);
        assert_eq!(held.requires, [crate::Feature::Avx2]);
        assert_eq!((held.table_bytes, held.summary), (8, "holds an AVX2 token"));
        let distributions: Vec<&str> = families[0].distributions.iter().map(|d| d.name).collect();
        assert_eq!(distributions, ["random", "small"]);

        crate::testing::assert_family_is_consistent::<Toy>();
        let ran = crate::testing::all_variants_agree::<Toy>();
        assert!(
            ran.contains(&"count_ones") && ran.contains(&"walk"),
            "{ran:?}"
        );

        let mut rng = crate::inputs::rng(1, "toy");
        let small = Toy::queries(&families[0].distributions[1], &mut rng, 100);
        assert!(small.inputs.iter().all(|set| set.len() <= 8));

        // The technique's own dispatch, for code that needs the `Count` trait.
        struct Full;
        impl CountUser for Full {
            type Output = u32;
            fn with<T: Count>(self, technique: T) -> u32 {
                technique.count(Bitboard::FULL)
            }
        }
        assert_eq!(ToyVariant::Walk.with(&Cpu::detect(), Full), Ok(64));
        let masked = Cpu::with_disabled(&[crate::Feature::Avx2]);
        assert!(ToyVariant::Held.with(&masked, Full).is_err());
    }
}
