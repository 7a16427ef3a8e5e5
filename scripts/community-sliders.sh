#!/usr/bin/env bash
# bitbench's queen_attacks beside the community's slider benchmark (Gigantua's Chess_Movegen)
# on this CPU: builds the checkout at PATH with Debian's clang-16 and its own Makefile (in a
# scratch copy: nothing of it enters this tree), runs it (three times by default, split before
# and after bitbench's run: one pass of it moved by up to 1.8x between runs on a shared Zen 4)
# and `bitbench run --only queen_attacks` into a scratch folder, and prints for every technique
# both have its million queens per second in each, on the community workload (uniform random
# squares, occupancy a & b of two random words, 12 lookups per occupancy, one thread; bitbench:
# the `community` distribution, throughput mode, hot), and the ratio bitbench / community: the
# median of the community's runs with their range, bitbench's median with its 95% interval.
#
#   scripts/community-sliders.sh PATH            a full bitbench run of the family (about a minute)
#   scripts/community-sliders.sh PATH --quick    bitbench's --quick budget
#   scripts/community-sliders.sh PATH --runs N   run Chess_Movegen N times (default 3, about
#                                                40 s each on a Zen 4)
#   scripts/community-sliders.sh PATH --keep D   keep the community outputs and the record in D
#                                                (a new or empty folder)
#   scripts/community-sliders.sh PATH --native   bitbench built with -C target-cpu=native (in
#                                                target/native), as the community benchmark is
#                                                built with -march=native: its portable
#                                                variants may then use lzcnt, shlx, AVX-512
#
# A measurement, not a test: CI does not run it. Needs clang-16 (installed with apt-get if
# missing) and python3. Get a checkout with
#   git clone https://github.com/Gigantua/Chess_Movegen
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

checkout=
native=0
runs=3
mode=()
keep=
while (($#)); do
    case $1 in
        --quick) mode=(--quick) ;;
        --native) native=1 ;;
        --runs)
            runs=${2:-}; shift
            [[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "community-sliders.sh: --runs needs a positive count, not $runs" >&2; exit 2; }
            ;;
        --keep) keep=${2:?--keep needs a folder}; shift ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        -*) echo "community-sliders.sh: unknown argument $1" >&2; exit 2 ;;
        *) checkout=$1 ;;
    esac
    shift
done
[[ -n $checkout && -f $checkout/Main.cpp && -f $checkout/Makefile ]] || {
    echo "community-sliders.sh: PATH must be a checkout of Chess_Movegen (Main.cpp, Makefile); see --help" >&2
    exit 2
}
# --keep writes into a new or empty folder only, so that no earlier output is replaced.
if [[ -n $keep && -e $keep ]] && [[ ! -d $keep || -n $(ls -A "$keep") ]]; then
    echo "community-sliders.sh: --keep $keep: not a new or empty folder (nothing is replaced)" >&2
    exit 2
fi
if ! command -v clang++-16 >/dev/null; then
    { apt-get update -qq && apt-get install -y -qq clang-16 >/dev/null; } ||
        { echo "community-sliders.sh: clang-16 is missing and apt-get could not install it" >&2; exit 2; }
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$checkout" "$scratch/cmg"
echo "==> building Chess_Movegen with $(clang++-16 --version | head -n 1) and its Makefile" >&2
make -C "$scratch/cmg" >"$scratch/build.log" 2>&1 || { tail -n 20 "$scratch/build.log" >&2; exit 1; }
target=$root/target
if ((native)); then
    target=$root/target/native
    export RUSTFLAGS="${RUSTFLAGS:-} -C target-cpu=native"
fi
echo "==> building bitbench" >&2
(cd "$root" && CARGO_TARGET_DIR=$target cargo build --release -q)

# The community runs on both sides of bitbench's, so that a slow phase of a shared machine
# falls on both.
outputs=()
community_run() {
    echo "==> running Chess_Movegen (one thread), run $1 of $runs" >&2
    local output=$scratch/community-$1.txt
    (cd "$scratch/cmg" && ./movegen_compare) >"$output" 2>&1 ||
        { tail -n 20 "$output" >&2; exit 1; }
    outputs+=("$output")
}
for ((run = 1; run <= (runs + 1) / 2; run++)); do community_run "$run"; done
echo "==> running bitbench ${mode[*]} --only queen_attacks" >&2
"$target/release/bitbench" "${mode[@]}" run --only queen_attacks --out "$scratch/bitbench" \
    >"$scratch/bitbench.log" 2>&1 || { tail -n 20 "$scratch/bitbench.log" >&2; exit 1; }
for (( ; run <= runs; run++)); do community_run "$run"; done
record=$(find "$scratch/bitbench" -name '*.json.gz' ! -name '.*' | head -n 1)
if [[ -n $keep ]]; then
    mkdir -p "$keep"
    cp "${outputs[@]}" "$record" "$keep/"
fi
community_build="Chess_Movegen built with clang-16 -O3 -march=native (its Makefile)"
if ((native)); then
    bitbench_build="bitbench built with -C target-cpu=native"
else
    bitbench_build="bitbench's default build (its loops at the level detected at run time)"
fi
python3 "$root/scripts/community_sliders.py" "$record" "$community_build"$'\n'"$bitbench_build" \
    "${outputs[@]}"
