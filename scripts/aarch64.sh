#!/usr/bin/env bash
# Cross-builds for aarch64-unknown-linux-gnu and runs, under qemu-user (the linker and runner
# are set in .cargo/config.toml), what differs on that architecture:
#
#   - every test of the families that have NEON variants (in_between, knight_attacks), the
#     slider families' agreement test (hyperbola_neon) and the library's own tests of the SIMD
#     driver, the CPU tokens and the positions;
#   - `verify` of those families, with and without NEON masked;
#   - a measuring run, which must refuse: under emulation, timings mean nothing.
#
# Everything else is architecture-independent Rust, checked natively by `cargo test`; the
# GitHub workflow runs the whole `cargo test` natively on arm64 Linux and macOS. Under
# emulation, ten to thirty times slower, repeating the harness's and the command's tests took
# minutes of CI's time and checked nothing the native runs do not. Installs what it needs: the
# rustup target, Debian's gcc-aarch64-linux-gnu and qemu-user. If any of them cannot be
# installed, it says exactly which and fails: it never skips silently.
set -euo pipefail
cd "$(dirname "$0")/.."
target=aarch64-unknown-linux-gnu

fail() { printf 'aarch64: %s\n' "$*" >&2; exit 1; }

if ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target" || fail "cannot install the rustup target $target (rustup target add failed)"
fi
missing=()
command -v aarch64-linux-gnu-gcc >/dev/null || missing+=(gcc-aarch64-linux-gnu)
command -v qemu-aarch64 >/dev/null || missing+=(qemu-user)
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || fail "apt-get update failed, so ${missing[*]} cannot be installed"
  apt-get install -y -qq "${missing[@]}" >/dev/null || fail "apt-get install ${missing[*]} failed"
fi

echo "aarch64: cross-building and testing under $(qemu-aarch64 --version | head -n 1)"
cargo test --target "$target" -p strategies --lib -- in_between knight_attacks sliders::agreement simd cpu \
  position::
# The command in the test profile (optimised, debug assertions on), not a release build: a
# second whole build for aarch64 took some four minutes of CI's time, and verifying a few
# families takes seconds either way.
# The search's and perft's configurations unoptimized: nothing below runs them, and optimized
# they were most of this build's time.
cargo build --target "$target" --profile test -p bitbench \
  --config 'profile.test.package.instances-search.opt-level=0' \
  --config 'profile.test.package.instances-perft.opt-level=0'
bitbench() { qemu-aarch64 -L /usr/aarch64-linux-gnu "target/$target/debug/bitbench" "$@"; }
neon=in_between,knight_attacks,rook_attacks/hyperbola_neon,bishop_attacks/hyperbola_neon
neon+=,queen_attacks/hyperbola_neon
bitbench --only "$neon" verify
bitbench --only "$neon" --disable neon verify | tee target/verify-aarch64-no-neon.txt
grep -q "disabled by --disable neon" target/verify-aarch64-no-neon.txt
# Emulation is detected, not assumed: a run is refused (exit 2) and writes nothing.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
bitbench --quick --only knight_attacks --out "$scratch/out" >"$scratch/run.txt" 2>&1 || status=$?
((status == 2)) && grep -q "runs under emulation" "$scratch/run.txt" && [[ ! -e $scratch/out ]] ||
  { cat "$scratch/run.txt" >&2; fail "a measuring run under qemu was not refused (exit $status)"; }
echo "aarch64: the NEON families verify, with and without NEON; a measuring run is refused"
