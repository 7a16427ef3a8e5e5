#!/usr/bin/env bash
# bitbench's move generator beside the fastest open perft programs, on this CPU, one thread.
#
#   scripts/perft-peers.sh PATH...              checkouts of the peers (see below)
#   scripts/perft-peers.sh PATH... --runs N     alternate N times (default 3)
#   scripts/perft-peers.sh PATH... --with KEY=TECHNIQUE[,...]
#                                               a bitbench configuration to run besides the
#                                               default (repeatable; by default every slider
#                                               technique that `bitbench perft` compiles and
#                                               this CPU runs, the in-between, pins and
#                                               knight techniques at their defaults)
#
# Each PATH is a checkout of one of these public repositories; a checkout of anything else is
# named and skipped:
#   ellxor/perft        https://github.com/ellxor/perft
#   Gigantua/Gigantua   https://github.com/Gigantua/Gigantua
# Each is copied to a scratch folder and built there with Debian's clang-16 and the flags its
# README (or build file) gives; nothing of it enters this tree. ellxor/perft counts on one
# thread per core: the scratch copy's core count is replaced by 1, and the output says so. A
# checkout that lacks a file it needs (Gigantua's Movemap.hpp has been reported missing) is
# named with the file, and the others go on.
#
# Every program, and each bitbench configuration, counts the six published positions (the
# start position and Kiwipete, and positions 3 to 6 of the chessprogramming wiki's "Perft
# Results") at the depths ellxor/perft's benchmark uses; a count that differs from the table
# is an error. The runs alternate (run 1 of everything, then run 2, ...), so that a slow
# phase of a shared machine falls on all. The table gives each program's median nodes per
# second with its range, and the ratio bitbench / peer per position and as the geometric mean,
# for the fastest bitbench configuration (by geometric mean) and for the default.
#
# A measurement, not a test: CI does not run it. Needs clang-16 (installed with apt-get if
# missing) and python3. Its output for a CPU is committed as results/<cpu>/perft-peers.txt.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

checkouts=()
runs=3
configs=()
while (($#)); do
    case $1 in
        --runs)
            runs=${2:-}; shift
            [[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "perft-peers.sh: --runs needs a positive count, not $runs" >&2; exit 2; }
            ;;
        --with) configs+=("${2:?--with needs KEY=TECHNIQUE[,...]}"); shift ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        -*) echo "perft-peers.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
        *) checkouts+=("$1") ;;
    esac
    shift
done
((${#checkouts[@]})) || { echo "perft-peers.sh: name at least one checkout (see --help)" >&2; exit 2; }
if ! command -v clang++-16 >/dev/null; then
    { apt-get update -qq && apt-get install -y -qq clang-16 >/dev/null; } ||
        { echo "perft-peers.sh: clang-16 is missing and apt-get could not install it" >&2; exit 2; }
fi
echo "==> building bitbench" >&2
(cd "$root" && cargo build --release -q -p bitbench)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
args=(--bitbench "$root/target/release/bitbench" --scratch "$scratch" --runs "$runs")
for config in "${configs[@]}"; do args+=(--with "$config"); done
python3 "$root/scripts/perft_peers.py" "${args[@]}" "${checkouts[@]}"
