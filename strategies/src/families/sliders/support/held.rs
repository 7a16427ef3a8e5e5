//! [`feature_slider!`]: the part every technique that needs a CPU feature writes the same way:
//! the type that holds the feature's token, its constructor,
//! [`Slider::with_features`](super::super::Slider::with_features) compiled with the feature, and the
//! [`Slider`](super::super::Slider) impl. In its short form a file defines its `#[target_feature]`
//! functions `rook(square, occupied)` and `bishop(square, occupied)` and the macro adds the
//! batch loops over them; in its long form the file names, for each `Slider` method it
//! provides, the call of its own `#[target_feature]` functions (the Kogge-Stone kernels). The
//! token is the proof of detection that makes each call sound, so a caller cannot reach the
//! code without it.

/// Declares `$name`, holding the `$token` token, as a slider whose queries the calling file's
/// `#[target_feature(enable = $feature)]` functions answer: see [the module](self).
macro_rules! feature_slider {
    // The file's `rook` and `bishop` answer single queries; batches loop over them.
    ($(#[$meta:meta])* $vis:vis struct $name:ident($token:ident): $feature:literal;) => {
        #[target_feature(enable = $feature)]
        fn rook_batch(queries: &[$crate::families::sliders::SliderQuery], out: &mut [$crate::board::bitboard::Bitboard]) {
            $crate::each!(queries, out, |query| rook(query.square, query.occupied));
        }

        #[target_feature(enable = $feature)]
        fn bishop_batch(queries: &[$crate::families::sliders::SliderQuery], out: &mut [$crate::board::bitboard::Bitboard]) {
            $crate::each!(queries, out, |query| bishop(query.square, query.occupied));
        }

        $crate::families::sliders::support::held::feature_slider! {
            $(#[$meta])*
            $vis struct $name($token): $feature {
                rook(square, occupied) => rook(square, occupied),
                bishop(square, occupied) => bishop(square, occupied),
                rook_batch(queries, out) => rook_batch(queries, out),
                bishop_batch(queries, out) => bishop_batch(queries, out),
            }
        }
    };

    // Each `Slider` method the technique writes, as a call of the file's `#[target_feature]`
    // functions (nothing else: the call is made in an `unsafe` block whose only reason is
    // the feature, which the token proves).
    (
        $(#[$meta:meta])* $vis:vis struct $name:ident($token:ident): $feature:literal {
            $($method:ident($($argument:ident),*) => $call:expr),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug)]
        $vis struct $name($token);

        impl $name {
            pub fn new(token: $token) -> $name {
                $name(token)
            }
        }

        /// Runs `job` compiled with the feature: see `Slider::with_features`.
        #[target_feature(enable = $feature)]
        fn with_feature<J: $crate::framework::level::Job>(job: J) -> J::Output {
            job.run()
        }

        impl $crate::families::sliders::Slider for $name {
            #[inline]
            fn with_features<J: $crate::framework::level::Job>(self, job: J) -> J::Output {
                // SAFETY: `self.0` is the feature's token, which exists only if it was detected.
                unsafe { with_feature(job) }
            }

            $($crate::families::sliders::support::held::feature_slider!(@method $method($($argument),*) => $call);)*
        }
    };

    // A single query (`rook`, `bishop`, `queen`, `rook_and_bishop`) or a batch (`*_batch`).
    (@method rook($($a:ident),*) => $call:expr) => {
        $crate::families::sliders::support::held::feature_slider!(@one rook($($a),*) => $call);
    };
    (@method bishop($($a:ident),*) => $call:expr) => {
        $crate::families::sliders::support::held::feature_slider!(@one bishop($($a),*) => $call);
    };
    (@method queen($($a:ident),*) => $call:expr) => {
        $crate::families::sliders::support::held::feature_slider!(@one queen($($a),*) => $call);
    };
    (@method rook_and_bishop($square:ident, $occupied:ident) => $call:expr) => {
        #[inline]
        fn rook_and_bishop(
            self,
            $square: $crate::board::square::Square,
            $occupied: $crate::board::bitboard::Bitboard,
        ) -> ($crate::board::bitboard::Bitboard, $crate::board::bitboard::Bitboard) {
            // SAFETY: `self.0` is the feature's token, which exists only if it was detected.
            unsafe { $call }
        }
    };
    (@method $batch:ident($($a:ident),*) => $call:expr) => {
        $crate::families::sliders::support::held::feature_slider!(@batch $batch($($a),*) => $call);
    };

    (@one $method:ident($square:ident, $occupied:ident) => $call:expr) => {
        #[inline]
        fn $method(self, $square: $crate::board::square::Square, $occupied: $crate::board::bitboard::Bitboard) -> $crate::board::bitboard::Bitboard {
            // SAFETY: `self.0` is the feature's token, which exists only if it was detected.
            unsafe { $call }
        }
    };

    (@batch $method:ident($queries:ident, $out:ident) => $call:expr) => {
        #[inline]
        fn $method(self, $queries: &[$crate::families::sliders::SliderQuery], $out: &mut [$crate::board::bitboard::Bitboard]) {
            // SAFETY: `self.0` is the feature's token, which exists only if it was detected.
            unsafe { $call }
        }
    };
}
pub(crate) use feature_slider;
