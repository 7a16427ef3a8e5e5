#!/usr/bin/env bash
# The deterministic regression gate: a representative kernel of each family and feature, one
# pass of its throughput workload under Callgrind (`bitbench gate-counts`,
# harness::tools::gate), its instruction count (Ir) compared with the committed baseline
# results/baseline/gate.json. Counts repeat exactly on one machine, so the gate can be strict
# without false alarms: it fails if any kernel's Ir grew by more than 2 %, or if a kernel is in
# only one of the baseline and the run.
#
#   scripts/gate.sh                   check against the baseline (exit 1 on a regression)
#   scripts/gate.sh --update          rewrite the baseline on purpose (then commit it)
#   scripts/gate.sh --threshold PCT   allowed Ir growth in percent (default 2)
#   scripts/gate.sh --tree DIR        build and count the source tree DIR (default: this repo),
#                                     still against this repo's baseline
#   scripts/gate.sh --baseline FILE   compare with (or --update) FILE instead of
#                                     results/baseline/gate.json: the workflow counts the base
#                                     commit on its own runner into a scratch baseline this way
#   scripts/gate.sh --growth-only     only Ir growth fails; a kernel in only one of the baseline
#                                     and the run is listed (comparing two commits, between
#                                     which variants may come and go)
#   scripts/gate.sh --verbose         show cargo's and the counting's output as it runs
#
# Exit status: 0 the gate passed, 1 it failed (the table says why), 2 it could not run.
#
# Needs valgrind (installed with apt-get if missing). The build goes to $CARGO_TARGET_DIR, or
# DIR/target; the counts and the log to <that>/gate.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
baseline=$repo/results/baseline/gate.json
compare=$repo/scripts/gate_compare.py
tree=$repo
update=0
threshold=2
verbose=0
growth_only=()

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; }
while (($#)); do
    case $1 in
        --update) update=1 ;;
        --threshold) threshold=${2:?--threshold needs a percentage}; shift ;;
        --tree) tree=$(cd "${2:?--tree needs a directory}" && pwd); shift ;;
        --baseline) baseline=${2:?--baseline needs a file}; shift ;;
        --growth-only) growth_only=(--growth-only) ;;
        --verbose | -v) verbose=1 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "gate.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
started=$SECONDS
say() { printf 'gate: %s\n' "$*"; }

if ! command -v valgrind >/dev/null; then
    say "valgrind is not installed; installing Debian's valgrind"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; } ||
        { echo "gate.sh: valgrind is missing and apt-get could not install it" >&2; exit 2; }
fi
if ((!update)) && [[ ! -f $baseline ]]; then
    echo "gate.sh: no baseline $baseline; make one with scripts/gate.sh --update" >&2
    exit 2
fi

# The kernels run in the release binary that `cargo run --release` measures with, built here
# if it is not already: the gate needs no build of its own.
target=${CARGO_TARGET_DIR:-$tree/target}
home=$target/gate
rm -rf "$home"
mkdir -p "$home"
log=$home/gate.log
say "building and counting $tree (log $log)"
t=$SECONDS
counts=$home/counts.json
status=0
count() {
    (cd "$tree" && cargo build --release -q -p bitbench) &&
        "$target/release/bitbench" gate-counts --out "$counts"
}
if ((verbose)); then
    count 2>&1 | tee "$log" || status=$?
else
    count >"$log" 2>&1 || status=$?
fi
if ((status)); then
    ((verbose)) || tail -n 40 "$log" >&2
    echo "gate.sh: the gate's build or counts failed (exit $status); full log: $log" >&2
    exit 2
fi
say "built and counted in $((SECONDS - t)) s"

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
run=$home/gate.json
python3 "$compare" collect "$counts" "$run" --cpu "${cpu:-$(uname -m)}" \
    --tool "valgrind=$(valgrind --version | sed 's/^valgrind-//')" \
    --tool "rustc=$(cd "$tree" && rustc --version | cut -d' ' -f2-)"

if ((update)); then
    if [[ -f $baseline ]]; then
        say "the run against the baseline it replaces:"
        python3 "$compare" compare "$baseline" "$run" --threshold "$threshold" || true
    fi
    commit=$(git -C "$tree" rev-parse --short HEAD 2>/dev/null || true)
    if [[ -n $commit && -n $(git -C "$tree" status --porcelain -- strategies harness 2>/dev/null) ]]; then
        commit="$commit (with uncommitted changes)"
    fi
    mkdir -p "$(dirname "$baseline")"
    python3 "$compare" baseline "$run" "$baseline" --command "scripts/gate.sh --update" \
        --commit "$commit"
    say "done in $((SECONDS - started)) s; commit $baseline if it is the committed baseline"
    exit 0
fi

status=0
python3 "$compare" compare "$baseline" "$run" --threshold "$threshold" "${growth_only[@]}" || status=$?
say "done in $((SECONDS - started)) s"
exit "$status"
