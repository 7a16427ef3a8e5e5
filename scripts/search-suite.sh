#!/usr/bin/env bash
# The search's checks that take longer than `cargo test` should, each timed:
#
#   1. Win at Chess (the 300 positions of strategies/src/families/search/wac.epd) at depth 6
#      with the default configuration and a 16 MiB table, beside Debian's Stockfish at
#      `go depth 6` with one thread and Hash 16 (installed if missing); fails if ours finds
#      fewer than Stockfish's;
#   2. every compiled configuration that runs here on the bench set at depth 4 (the family
#      measures and verifies at 3), each held to the default's node count, best move, score and
#      principal variation (`bitbench search --bench --all --depth 4`); fails on any difference.
#
# `cargo test` checks the suite at depth 3, the mates, and that every best move is legal.
#
#   scripts/search-suite.sh [--depth N]   N: the suite's depth (6 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
depth=6
while [[ $# -gt 0 ]]; do
    case $1 in
        --depth) depth=${2:?--depth needs a number}; shift 2 ;;
        *) echo "search-suite.sh: unknown argument $1 (use --depth N)" >&2; exit 2 ;;
    esac
done
stockfish=/usr/games/stockfish
if [[ ! -x $stockfish ]]; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stockfish >/dev/null; } ||
        { echo "search-suite.sh: stockfish is missing and apt-get could not install it" >&2; exit 1; }
fi
cargo build --release -q
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

started=$SECONDS
./target/release/bitbench search --epd strategies/src/families/search/wac.epd --depth "$depth" \
    --hash 16 --uci "$stockfish" > "$out/wac.txt"
tail -n 2 "$out/wac.txt"
ours=$(sed -nE 's/^ours: found ([0-9]+) of.*/\1/p' "$out/wac.txt")
theirs=$(sed -nE 's/^.*: found ([0-9]+) of [0-9]+ at go depth.*/\1/p' "$out/wac.txt")
echo "search-suite.sh: Win at Chess at depth $depth took $((SECONDS - started)) s"
if [[ -z $ours || -z $theirs ]]; then
    echo "search-suite.sh: the suite's summary lines are missing (above)" >&2
    exit 1
fi
if ((ours < theirs)); then
    echo "search-suite.sh: ours found $ours, fewer than Stockfish's $theirs at depth $depth" >&2
    exit 1
fi

started=$SECONDS
status=0
./target/release/bitbench search --bench --all --depth 4 > "$out/all.txt" || status=$?
grep -v "^  same" "$out/all.txt"
echo "search-suite.sh: every configuration's bench took $((SECONDS - started)) s"
exit "$status"
