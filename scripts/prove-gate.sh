#!/usr/bin/env bash
# Proof that scripts/gate.sh works, in two runs of one build; exits 0 only if all of it holds:
#
#   1. the gate on this tree passes: no alarm on unchanged code;
#   2. the gate run again with one kernel slowed on purpose (in_between/triangular, through the
#      gate's test-only switch BITBENCH_GATE_PLANT: its measured run is followed by an empty
#      loop sized from its baseline count, about +10 % Ir) fails with exit 1, and
#      names that kernel as the one regression;
#   3. every other kernel counted exactly the same in both runs: the counts repeat.
#
# The plant is switched on at run time, so the second run needs no build of its own. Run 1
# sets the switch too, to zero spins written as wide as run 2's count: the benchmarks'
# environment is then the same size in both runs, and so are the simulated caches' addresses
# (a longer environment moves the stack, and a few simulated misses with it).
#
#   scripts/prove-gate.sh          (needs what scripts/gate.sh needs)
#   scripts/prove-gate.sh --keep   keep both runs' counts and output (target/prove-gate.*)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
gate=$repo/scripts/gate.sh
baseline=$repo/results/baseline/gate.json
kernel=in_between/triangular
keep=0
[[ ${1:-} == --keep ]] && keep=1

target=${CARGO_TARGET_DIR:-$repo/target}
mkdir -p "$target"
work=$(mktemp -d "$target/prove-gate.XXXXXX")
((keep)) || trap 'rm -rf "$work"' EXIT
started=$SECONDS
say() { printf '\nprove-gate: %s\n' "$*"; }
fail() {
    printf '\nprove-gate: FAILED: %s\n' "$*" >&2
    exit 1
}

ir=$(python3 -c '
import json, sys
kernels = json.load(open(sys.argv[1]))["kernels"]
print(next(k["ir"] for k in kernels if k["kernel"] == sys.argv[2]))' "$baseline" "$kernel") ||
    fail "$kernel has no count in $baseline; choose another kernel to slow"
# A fortieth of the kernel's count in spins of four instructions each: about +10 % Ir.
spins=$((ir / 40))
none=$(printf "%0${#spins}d" 0)

# 1. No alarm on unchanged code.
say "run 1: the gate on the unchanged tree (BITBENCH_GATE_PLANT=$kernel:$none, no spins)"
t=$SECONDS
status=0
BITBENCH_GATE_PLANT=$kernel:$none "$gate" | tee "$work/unchanged.txt" || status=$?
((status == 0)) || fail "the gate raised an alarm (exit $status) on unchanged code"
cp "$target/gate/gate.json" "$work/unchanged.json"
say "run 1: no alarm ($((SECONDS - t)) s)"

# 2. The same build, one kernel slowed.
say "run 2: the gate with $kernel slowed (BITBENCH_GATE_PLANT=$kernel:$spins)"
t=$SECONDS
status=0
BITBENCH_GATE_PLANT=$kernel:$spins "$gate" | tee "$work/slowed.txt" || status=$?
cp "$target/gate/gate.json" "$work/slowed.json"
say "run 2: the gate exited $status ($((SECONDS - t)) s)"
((status == 1)) || fail "expected exit 1 (a regression) from the gate with $kernel slowed"
grep -q "^$kernel .*REGRESSED" "$work/slowed.txt" ||
    fail "the table does not mark $kernel as REGRESSED"
grep -q "^  $kernel: Ir +" "$work/slowed.txt" ||
    fail "the failure list does not name $kernel"
grep -q "^gate: FAIL, 1 problem(s):" "$work/slowed.txt" ||
    fail "the gate flagged more than the one slowed kernel"

# 3. Every other kernel's counts, identical in the two runs.
python3 - "$work/unchanged.json" "$work/slowed.json" "$kernel" <<'PY' ||
import json, sys
one, two = ({k["kernel"]: k for k in json.load(open(p))["kernels"]} for p in sys.argv[1:3])
if one.keys() != two.keys():
    sys.exit("the two runs counted different kernels")
differ = [k for k in one if k != sys.argv[3] and one[k] != two[k]]
for k in differ:
    print(f"  {k}: {one[k]} then {two[k]}")
grown = two[sys.argv[3]]["ir"] / one[sys.argv[3]]["ir"] - 1
print(f"prove-gate: {sys.argv[3]}: Ir {one[sys.argv[3]]['ir']} then "
      f"{two[sys.argv[3]]['ir']} (+{grown:.1%}); {len(one) - 1 - len(differ)} other kernels "
      f"counted identically")
sys.exit(1 if differ else 0)
PY
    fail "kernels that were not slowed counted differently in the two runs (above)"

say "PASSED in $((SECONDS - started)) s: no alarm on unchanged code; an alarm naming $kernel, and only it, when it was slowed; every other count repeated exactly"
