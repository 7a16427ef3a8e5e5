#!/usr/bin/env bash
# The deterministic regression gate: every variant's throughput workload under Callgrind
# (harness/gate, through gungraun), its instruction count (Ir) compared with the committed
# baseline results/baseline/gate.json. Counts repeat exactly on one machine, so the gate can
# be strict without false alarms: it fails if any kernel's Ir grew by more than 2 %, or if a
# kernel is in only one of the baseline and the run.
#
#   scripts/gate.sh                   check against the baseline (exit 1 on a regression)
#   scripts/gate.sh --update          rewrite the baseline on purpose (then commit it)
#   scripts/gate.sh --threshold PCT   allowed Ir growth in percent (default 2)
#   scripts/gate.sh --tree DIR        build and bench the source tree DIR (default: this repo),
#                                     still against this repo's baseline
#   scripts/gate.sh --baseline FILE   compare with (or --update) FILE instead of
#                                     results/baseline/gate.json: the workflow counts the base
#                                     commit on its own runner into a scratch baseline this way
#   scripts/gate.sh --growth-only     only Ir growth fails; a kernel in only one of the baseline
#                                     and the run is listed (comparing two commits, between
#                                     which variants may come and go)
#   scripts/gate.sh --verbose         show cargo's and gungraun's output as it runs
#
# Exit status: 0 the gate passed, 1 it failed (the table says why), 2 it could not run.
#
# Needs valgrind (installed with apt-get if missing). Installs gungraun-runner, at the version harness/gate/Cargo.toml pins
# gungraun to, into ~/.cache/bitbench/ (one to two minutes, once per user and version). The build goes to
# $CARGO_TARGET_DIR, or DIR/target; gungraun's output to <that>/gungraun.
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

# The runner must be exactly the version of the gungraun library the bench links.
manifest=$tree/harness/gate/Cargo.toml
version=$(sed -n 's/^gungraun = "=\([0-9][0-9.]*\)".*/\1/p' "$manifest")
[[ -n $version ]] || { echo "gate.sh: no exact gungraun = \"=X.Y.Z\" pin in $manifest" >&2; exit 2; }
# Installed once per user and version, outside the clone, so that a fresh clone (CI's) finds
# it where the machine kept it.
root=${XDG_CACHE_HOME:-$HOME/.cache}/bitbench/gungraun-runner-$version
runner=
for candidate in "$root/bin/gungraun-runner" "$repo/target/gungraun-runner/bin/gungraun-runner" \
    "$HOME/.cargo/bin/gungraun-runner"; do
    if [[ -x $candidate && $("$candidate" --version 2>/dev/null) == "gungraun-runner $version" ]]; then
        runner=$candidate
        break
    fi
done
if [[ -z $runner ]]; then
    say "installing gungraun-runner $version into $root (once, one to two minutes)"
    t=$SECONDS
    # A debug build: the runner only starts Valgrind and reads its output, which takes it no
    # longer unoptimized, and it compiles in half the time (58 s against 103 s here).
    cargo install gungraun-runner --version "$version" --locked --debug \
        --root "$root"
    runner=$root/bin/gungraun-runner
    say "installed in $((SECONDS - t)) s"
fi

target=${CARGO_TARGET_DIR:-$tree/target}
home=$target/gungraun
rm -rf "$home"
mkdir -p "$home"
log=$home/bench.log
say "benchmarking $tree (runner $runner, log $log)"
t=$SECONDS
# gungraun reads GUNGRAUN_RUNNER when the bench is compiled (option_env!); PATH is the fallback
# it looks in when the bench runs.
bench=(env GUNGRAUN_RUNNER="$runner" PATH="$(dirname "$runner"):$PATH" GUNGRAUN_HOME="$home"
    cargo bench -p gate --bench gate -- --save-summary=json)
status=0
if ((verbose)); then
    (cd "$tree" && "${bench[@]}") 2>&1 | tee "$log" || status=$?
else
    (cd "$tree" && "${bench[@]}") >"$log" 2>&1 || status=$?
fi
if ((status)); then
    ((verbose)) || tail -n 40 "$log" >&2
    echo "gate.sh: the gate benchmarks failed (exit $status); full log: $log" >&2
    exit 2
fi
say "built and benchmarked in $((SECONDS - t)) s"

# The benchmarks are numbered in the order of the registry; gate-kernels prints that order.
# Built --release: that profile has the bench profile's settings (Cargo.toml), so cargo reuses
# the bench build's artifacts instead of compiling the whole workspace again unoptimized.
kernels=$home/kernels.txt
# The copy of gate-kernels that `cargo bench` just built beside the benchmarks, found in
# cargo's list of what it built: building it by itself (`cargo run`) compiled the workspace's
# crates a second time, for other features or another profile.
kernels_bin=$(cd "$tree" && cargo bench -q -p gate --bench gate --no-run --message-format=json |
    python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "gate-kernels" and m.get("executable"):
        print(m["executable"])')
[[ -x $kernels_bin ]] || { echo "gate.sh: cargo bench built no gate-kernels binary" >&2; exit 2; }
"$kernels_bin" >"$kernels"

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
run=$home/gate.json
python3 "$compare" collect "$home" "$run" --kernels "$kernels" --cpu "${cpu:-$(uname -m)}" \
    --tool "gungraun=$version" \
    --tool "gungraun-runner=$("$runner" --version | awk '{print $2}')" \
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
