//! What a family answers, in whatever shape: a [`Bitboard`], a `bool`, a count, or a small
//! struct of bitboards (checkers and pinned pieces, say). Everything the harness does with an
//! answer goes through [`Answer`]: compare it with the reference, show it when it differs, and
//! fold it into 64 bits for the latency chain and for `black_box`.

use crate::board::bitboard::Bitboard;
use core::fmt::Debug;

/// One part of an answer, as a mismatch report shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Drawn as an 8×8 diagram.
    Board(Bitboard),
    /// Written as text: a count, a truth value.
    Value(String),
}

/// An answer of a family. Implemented for [`Bitboard`], `bool`, `u32` and `u64` here; a family
/// with a struct of bitboards as its answer declares it with [`bitboard_answer!`](crate::framework::answer::bitboard_answer).
pub trait Answer: Copy + PartialEq + Debug + Default + Send + Sync + 'static {
    /// The answer's named parts, for a mismatch report. A one-part answer's label is `""`.
    fn parts(&self) -> Vec<(&'static str, Part)>;

    /// 64 bits that depend on every part of the answer. The latency chain makes the next input
    /// depend on this, and the throughput loop hands it to `black_box`.
    fn fold(&self) -> u64;
}

impl Answer for Bitboard {
    fn parts(&self) -> Vec<(&'static str, Part)> {
        vec![("", Part::Board(*self))]
    }

    #[inline(always)]
    fn fold(&self) -> u64 {
        self.0
    }
}

impl Answer for bool {
    fn parts(&self) -> Vec<(&'static str, Part)> {
        vec![("", Part::Value(self.to_string()))]
    }

    #[inline(always)]
    fn fold(&self) -> u64 {
        *self as u64
    }
}

impl Answer for u64 {
    fn parts(&self) -> Vec<(&'static str, Part)> {
        vec![("", Part::Value(self.to_string()))]
    }

    #[inline(always)]
    fn fold(&self) -> u64 {
        *self
    }
}

impl Answer for u32 {
    fn parts(&self) -> Vec<(&'static str, Part)> {
        vec![("", Part::Value(self.to_string()))]
    }

    #[inline(always)]
    fn fold(&self) -> u64 {
        *self as u64
    }
}

/// Implements [`Answer`] for a struct whose fields are all [`Bitboard`]s: each field is a part
/// named after it, and the fold rotates each field by a different amount before XORing, so
/// that two fields swapping values still changes the fold.
///
/// ```
/// use strategies::{bitboard_answer, Bitboard};
/// #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
/// pub struct CheckersPins { pub checkers: Bitboard, pub pinned: Bitboard }
/// bitboard_answer!(CheckersPins { checkers, pinned });
/// ```
#[macro_export]
macro_rules! bitboard_answer {
    ($answer:ty { $($field:ident),+ $(,)? }) => {
        impl $crate::framework::answer::Answer for $answer {
            fn parts(&self) -> ::std::vec::Vec<(&'static str, $crate::framework::answer::Part)> {
                ::std::vec![$((stringify!($field), $crate::framework::answer::Part::Board(self.$field))),+]
            }

            #[inline(always)]
            fn fold(&self) -> u64 {
                let mut fold = 0u64;
                let mut turn = 0u32;
                $(
                    fold ^= self.$field.0.rotate_left(turn);
                    turn += 7;
                )+
                let _ = turn;
                fold
            }
        }
    };
}
pub use bitboard_answer;

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    struct Two {
        a: Bitboard,
        b: Bitboard,
    }
    bitboard_answer!(Two { a, b });

    #[test]
    fn struct_answers_show_every_field_and_fold_them_apart() {
        let x = Two {
            a: Bitboard(1),
            b: Bitboard(2),
        };
        let swapped = Two {
            a: Bitboard(2),
            b: Bitboard(1),
        };
        assert_eq!(
            x.parts(),
            vec![
                ("a", Part::Board(Bitboard(1))),
                ("b", Part::Board(Bitboard(2)))
            ]
        );
        assert_ne!(x.fold(), swapped.fold());
        assert_eq!(true.parts(), vec![("", Part::Value("true".into()))]);
        assert_eq!(7u64.fold(), 7);
    }
}
