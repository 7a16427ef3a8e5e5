#!/usr/bin/env bash
# Cross-builds bitbench for aarch64-unknown-linux-gnu and runs its tests and `verify` under
# qemu-user (the linker and runner are set in .cargo/config.toml). Installs what it needs: the
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
# The tests that start the binary themselves start it under qemu too.
export BITBENCH_TEST_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
cargo test --target "$target"
cargo run --target "$target" --release -- verify
cargo run --target "$target" --release -- --disable neon verify | tee target/verify-aarch64-no-neon.txt
grep -q "disabled by --disable neon" target/verify-aarch64-no-neon.txt
