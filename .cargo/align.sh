#!/bin/sh
# The rustc wrapper of this workspace (`build.rustc-wrapper` in config.toml): rustc with the
# code-alignment options below added when it compiles measured code for x86-64, that is this
# workspace's own crates and the peers' crates (`chess`, `cozy-chess`). The dependencies that
# are not measured (clap, serde, plotters, ...) compile without them. A RUSTC_WRAPPER set in
# the environment (sccache, say) replaces this one, and its build has no alignment.
#
# Every loop, and every block that is only jumped to, starts on a 64-byte boundary, and every
# function on a 4 KiB boundary, so that where the linker happens to put hot code does not move
# its speed: two compiled copies of one loop (an A/A twin and its original) sit at the same
# offsets within a page, in the same sets of the instruction cache and the op cache. The
# reasons for each option are in docs/method.md (the A/A controls), the experiments behind them
# in docs/notebook.md. The padding between
# functions is never executed; the padding before a loop runs once per entry (the gate's
# baseline counts it).
rustc=$1
shift
target=
previous=
for arg in "$@"; do
    case $previous in --target) target=$arg ;; esac
    case $arg in --target=*) target=${arg#--target=} ;; esac
    previous=$arg
done
[ -n "$target" ] || target=$(uname -m)
root=$(cd "$(dirname "$0")/.." && pwd)
measured=0
case ${CARGO_MANIFEST_DIR:-} in
    "$root" | "$root"/*) measured=1 ;;
esac
case ${CARGO_PKG_NAME:-} in
    chess | cozy-chess | cozy-chess-types) measured=1 ;;
esac
case $measured$target in
    1x86_64*)
        exec "$rustc" "$@" \
            -C llvm-args=-align-loops=64 \
            -C llvm-args=-align-all-nofallthru-blocks=6 \
            -C llvm-args=-align-all-functions=12
        ;;
    *) exec "$rustc" "$@" ;;
esac
