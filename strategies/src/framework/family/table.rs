//! [`family!`](crate::framework::family::table::family!): a family's variants declared as one table (as
//! `registry!` (feature `bench`) declares the families, and criterion's `criterion_group!` a
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
//!   [`Unsupported::OtherArch`](crate::framework::cpu::Unsupported)), and the descriptor requires the
//!   token's [`Feature`](crate::framework::cpu::Feature). A row without `needs` runs everywhere.
//! - Attributes before a row (`#[cfg(feature = "peers")]`) apply to the whole row: the enum
//!   variant, its descriptor and its arm.
//! - `enum SliderVariant: SliderUser(Slider)` also declares `SliderUser`, code to run with a
//!   technique of trait `Slider`, and `SliderVariant::with(cpu, user)`, the same dispatch for
//!   code that needs the technique's own trait rather than a family's kernel (the move
//!   generator's configurations); `visit` then goes through it.
//! - `impl PieceFamilies for Attacks` instead of `impl Family for ...` declares the variants
//!   of a pair of families, one per piece ([`super::pieces`]): each row's footprint is then a
//!   [`Footprint`](crate::board::geometry::Footprint), the rook's and the bishop's.

/// Declares a family's variants as one table: see [the module](crate::framework::family::table).
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

                $crate::if_bench! {
                    fn reference($rin: $input) -> $output {
                        $reference
                    }
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
        $crate::family!(@rows [@descriptors $variant, <$family as $crate::framework::family::Family>::NAME;]
            { $($rows)* });
        $crate::family!(@rows [@with $vis $variant $(: $user($technique))?] { $($rows)* });
        $crate::family!(@rows [@visit $variant, $family $(: $user($technique))?] { $($rows)* });
        $(
            impl<$t: $trait> $crate::framework::family::Kernel<$family> for $t2 {
                #[inline(always)]
                fn query(
                    self,
                    $input: <$family as $crate::framework::family::Family>::Input,
                ) -> <$family as $crate::framework::family::Family>::Output {
                    self.$query($($argument),*)
                }

                #[inline(always)]
                fn batch(
                    self,
                    inputs: &[<$family as $crate::framework::family::Family>::Input],
                    out: &mut [<$family as $crate::framework::family::Family>::Output],
                ) {
                    self.$batch(inputs, out)
                }
            }
        )?

        impl $crate::framework::family::Family for $family {
            type Variant = $variant;

            fn variants() -> &'static [$variant] {
                $variant::ALL
            }

            fn descriptor(variant: $variant) -> &'static $crate::framework::family::Descriptor {
                &$variant::DESCRIPTORS[variant as usize]
            }

            fn visit<V: $crate::framework::family::Visitor<Self>>(
                variant: $variant,
                cpu: &$crate::framework::cpu::Cpu,
                visitor: V,
            ) -> ::core::result::Result<V::Output, $crate::framework::cpu::Unsupported> {
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

        impl $crate::framework::family::pieces::PieceFamilies for $kind {
            type Variant = $variant;

            fn variants() -> &'static [$variant] {
                $variant::ALL
            }

            fn descriptor(piece: $crate::framework::family::pieces::Line, variant: $variant)
                -> &'static $crate::framework::family::Descriptor
            {
                &$variant::PIECE_DESCRIPTORS[piece as usize][variant as usize]
            }

            fn visit<P, V>(
                variant: $variant,
                cpu: &$crate::framework::cpu::Cpu,
                visitor: V,
            ) -> ::core::result::Result<V::Output, $crate::framework::cpu::Unsupported>
            where
                P: $crate::framework::family::pieces::LinePiece,
                V: $crate::framework::family::Visitor<$crate::framework::family::pieces::PieceFamily<Self, P>>,
            {
                struct Visit<V, P>(V, ::core::marker::PhantomData<P>);
                impl<V, P> $user for Visit<V, P>
                where
                    P: $crate::framework::family::pieces::LinePiece,
                    V: $crate::framework::family::Visitor<$crate::framework::family::pieces::PieceFamily<$kind, P>>,
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
            pub const fn requires(self) -> &'static [$crate::framework::cpu::Feature] {
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
            const DESCRIPTORS: &'static [$crate::framework::family::Descriptor] = &[$(
                $(#[$attr])*
                $crate::framework::family::Descriptor {
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
            const PIECE_DESCRIPTORS: [&'static [$crate::framework::family::Descriptor]; 2] = [
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
            $crate::framework::family::Descriptor {
                family: <$kind as $crate::framework::family::pieces::PieceFamilies>::NAMES[$index],
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
                cpu: &$crate::framework::cpu::Cpu,
                user: U,
            ) -> ::core::result::Result<U::Output, $crate::framework::cpu::Unsupported> {
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
            fn visit<V: $crate::framework::family::Visitor<$family>>(
                self,
                cpu: &$crate::framework::cpu::Cpu,
                visitor: V,
            ) -> ::core::result::Result<V::Output, $crate::framework::cpu::Unsupported> {
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
            fn visit<V: $crate::framework::family::Visitor<$family>>(
                self,
                cpu: &$crate::framework::cpu::Cpu,
                visitor: V,
            ) -> ::core::result::Result<V::Output, $crate::framework::cpu::Unsupported> {
                struct Visit<V>(V);
                impl<V: $crate::framework::family::Visitor<$family>> $user for Visit<V> {
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
pub use family;
