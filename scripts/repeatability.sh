#!/usr/bin/env bash
# How repeatable the suite is on this machine: runs the main job twice back to back (into a
# scratch folder; nothing under results/ is touched) and prints, from `bitbench repeatability`:
#
#   calibration         share of run 2's medians inside run 1's 95% prediction interval, from
#                       its rounds and its A/A controls (goal ≥ 90%)
#   decision stability  share of run 1's significant orderings that run 2 reproduces (goal ≥ 95%)
#   within 5%           share of medians within 5% of each other (the old measure)
#
# and the same three for the cache-pressure measurements at 1 MiB and above.
#
#   scripts/repeatability.sh            two default runs (about 4 minutes)
#   scripts/repeatability.sh --quick    two --quick runs (CI)
#   scripts/repeatability.sh --keep D   keep the two records in folder D
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mode=()
keep=
while (($#)); do
    case $1 in
        --quick) mode=(--quick) ;;
        --keep) keep=${2:?--keep needs a folder}; shift ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) echo "repeatability.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cargo build --release -q
for run in 1 2; do
    echo "==> run $run of 2 ${mode[*]}"
    ./target/release/bitbench "${mode[@]}" --out "$scratch/run$run" >"$scratch/run$run.log" 2>&1 ||
        { tail -n 20 "$scratch/run$run.log" >&2; exit 1; }
done
first=$(find "$scratch/run1" -name '*.json.gz' ! -name '.*' | head -n 1)
second=$(find "$scratch/run2" -name '*.json.gz' ! -name '.*' | head -n 1)
./target/release/bitbench repeatability "$first" "$second"
if [[ -n $keep ]]; then
    mkdir -p "$keep"
    cp "$first" "$keep/run1.json.gz"
    cp "$second" "$keep/run2.json.gz"
    echo "records kept in $keep"
fi
