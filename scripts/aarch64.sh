#!/usr/bin/env bash
# Cross-builds the whole workspace for aarch64-unknown-linux-gnu and runs, under qemu-user
# (the linker and runner are set in .cargo/config.toml), what is specific to that architecture:
#
#   - every test of the families that have NEON variants (in_between, knight_attacks), the
#     slider families' agreement test (hyperbola_neon) and the
#     library's own tests of the SIMD driver, the CPU tokens and the positions;
#   - the harness's tests of the command line, the records, the exports, advise and the README,
#     which start the aarch64 binary under qemu (BITBENCH_TEST_RUNNER);
#   - `verify` of those families, with and without NEON masked (the binary the tests built).
#
# The agreement of every family's portable variants, the hostile-input test and the registry
# test are architecture-independent Rust and are checked natively by `cargo test`; under emulation, ten to thirty times slower, it would take
# most of CI's time to repeat. Installs what it needs: the rustup target, Debian's
# gcc-aarch64-linux-gnu and qemu-user. If any of them cannot be installed, it says exactly
# which and fails: it never skips silently.
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
# The tests that start the binary themselves start it under qemu too.
export BITBENCH_TEST_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
cargo test --target "$target" -p strategies --lib -- in_between knight_attacks sliders::agreement simd cpu \
  position::
cargo test --target "$target" -p harness --lib
# The planted search fault's test verifies a whole search configuration twice: natively only.
cargo test --target "$target" -p bitbench --test it -- cli:: records:: readme:: exports:: advise:: \
  --skip verify_names_a_search_configuration_whose_tree_differs
# `verify` runs the binary those tests built (the test profile: optimised, debug assertions
# on) rather than a release build: a second whole build for aarch64 took some four minutes of
# CI's time, and verifying two families takes seconds either way.
bitbench() { qemu-aarch64 -L /usr/aarch64-linux-gnu "target/$target/debug/bitbench" "$@"; }
neon=in_between,knight_attacks,rook_attacks/hyperbola_neon,bishop_attacks/hyperbola_neon
neon+=,queen_attacks/hyperbola_neon
bitbench --only "$neon" verify
bitbench --only "$neon" --disable neon verify | tee target/verify-aarch64-no-neon.txt
grep -q "disabled by --disable neon" target/verify-aarch64-no-neon.txt
