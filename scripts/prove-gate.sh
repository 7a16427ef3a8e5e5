#!/usr/bin/env bash
# Proof that scripts/gate.sh works, in three parts; exits 0 only if all three hold:
#
#   1. the gate, run twice on this tree, passes both times, with identical counts (the second
#      run goes on in the background while part 2 builds);
#   2. a copy of this tree with one kernel slowed on purpose (in_between/triangular: a
#      needless clamp in its index, two more instructions per query, about +10 % Ir) is
#      built in its own target folder and gated against the same baseline; that folder is
#      seeded, by hard links, with the registry crates this tree's gate build compiled, so
#      only the workspace's three crates are compiled again and the copy costs little disk;
#   3. that gate fails (exit 1), and names in_between/triangular as the one regression.
#
#   scripts/prove-gate.sh          (needs what scripts/gate.sh needs; reuses its runner)
#   scripts/prove-gate.sh --keep   keep the copy, its build and logs (target/prove-gate.*)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
gate=$repo/scripts/gate.sh
kernel=in_between/triangular
keep=0
[[ ${1:-} == --keep ]] && keep=1

# The scratch folder lives in the target folder, not in /tmp: on the same disk as the build, so
# the seed below can be hard links, and clear of a small /tmp.
target=${CARGO_TARGET_DIR:-$repo/target}
mkdir -p "$target"
work=$(mktemp -d "$target/prove-gate.XXXXXX")
((keep)) || trap 'rm -rf "$work"' EXIT
started=$SECONDS
say() { printf '\nprove-gate: %s\n' "$*"; }
run2=
fail() {
    [[ -z $run2 ]] || kill "$run2" 2>/dev/null || true
    printf '\nprove-gate: FAILED: %s\n' "$*" >&2
    exit 1
}

# 1. No alarm on unchanged code, twice, and the same counts both times. The second run goes
#    on in the background while part 2 builds its copy: instruction counts do not depend on
#    what else the machine runs, and the two share the machine's cores.
say "part 1, run 1: the gate on the unchanged tree"
t=$SECONDS
status=0
"$gate" | tee "$work/unchanged-1.txt" || status=$?
((status == 0)) || fail "the gate raised an alarm (exit $status) on unchanged code"
cp "$target/gungraun/gate.json" "$work/unchanged-1.json"
say "part 1, run 1: no alarm ($((SECONDS - t)) s)"

# The registry crates this tree's gate build compiled, asked of cargo before run 2 starts:
# while run 2 holds this tree's target folder, cargo would wait for it.
mkdir -p "$work/target/release/deps" "$work/target/release/build" "$work/target/release/.fingerprint"
(cd "$repo" && cargo bench -q -p gate --bench gate --no-run --message-format=json) |
    python3 -c '
import json, re, sys
# The paths of each registry unit, relative to release/: its files in deps/ (named after the
# crate, cfg_if), its build script folder in build/, and its fingerprint folder in
# .fingerprint/ (both named after the package, cfg-if), all with the unit hash.
paths = set()
for line in sys.stdin:
    message = json.loads(line)
    found = re.match(r"registry\+[^#]*#([^@]+)@", message.get("package_id", ""))
    if not found:
        continue
    package = found.group(1)
    for path in message.get("filenames", []) + [message.get("out_dir") or ""]:
        parts = path.rsplit("/release/", 1)[-1].split("/")
        if parts[0] == "build":
            paths.update(["build/" + parts[1], ".fingerprint/" + parts[1]])
        elif parts[0] == "deps":
            crate, unit_hash = parts[1].split(".")[0].removeprefix("lib").rsplit("-", 1)
            paths.update(["deps/" + parts[1], "deps/%s-%s.d" % (crate, unit_hash),
                          ".fingerprint/%s-%s" % (package, unit_hash)])
print(*sorted(paths), sep=chr(10))' >"$work/seed.txt"
say "part 1, run 2: the gate on the unchanged tree, in the background while part 2 builds"
t2=$SECONDS
(
    status=0
    "$gate" >"$work/unchanged-2.txt" 2>&1 || status=$?
    cp "$target/gungraun/gate.json" "$work/unchanged-2.json" 2>/dev/null || true
    echo "$status $((SECONDS - t2))" >"$work/unchanged-2.status"
) &
run2=$!

# 2. A copy of the tree, one kernel slowed, its own target folder.
say "part 2: copying the tree to $work/tree and slowing $kernel"
t=$SECONDS
mkdir "$work/tree"
if git -C "$repo" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # Tracked and untracked files, not the ignored ones (target/): the working tree as it is.
    (cd "$repo" && git ls-files -z --cached --others --exclude-standard |
        while IFS= read -r -d '' f; do [[ -e $f ]] && printf '%s\0' "$f"; done |
        tar --null -T - -cf -) | tar -xf - -C "$work/tree"
else
    (cd "$repo" && tar --exclude=./target -cf - .) | tar -xf - -C "$work/tree"
fi
file=$work/tree/strategies/src/families/in_between/triangular.rs
line='    ((b >> 1) + a) as usize // ... / 2 + max'
grep -qxF "$line" "$file" ||
    fail "the patch no longer applies: $file has no line '$line'; update prove-gate.sh"
# Clamp the index to the table: it is always in range already, but the compiler cannot tell,
# so each query pays a compare and a conditional move.
sed -i 's|^    ((b >> 1) + a) as usize // ... / 2 + max$|    let i = (b >> 1) + a; // prove-gate.sh: a needless clamp, two more instructions\
    (if i > ENTRIES as i32 - 1 { ENTRIES as i32 - 1 } else { i }) as usize|' "$file"
grep -q "prove-gate.sh: a needless clamp" "$file" || fail "the patch did not apply to $file"
# Its own target folder: the copy's crates have the same names and hashes as this tree's (cargo
# hashes a workspace path relative to the workspace), so sharing one folder would swap the
# slowed build for the real one. It is seeded with the registry crates the gate build uses,
# and only those, as hard links: cargo finds them fresh and never rewrites them (it would
# rewrite a rebuilt crate in place, through the link). A plain copy where links fail.
seeded=0
while IFS= read -r path; do
    [[ -e $target/release/$path ]] || continue
    cp -al "$target/release/$path" "$work/target/release/$path" 2>/dev/null ||
        cp -a "$target/release/$path" "$work/target/release/$path"
    seeded=$((seeded + 1))
done <"$work/seed.txt"
say "part 2: copied and patched in $((SECONDS - t)) s; $seeded paths of registry crates seeded; building and gating the copy"

# 3. The gate must fail, and name the slowed kernel as the only regression.
t=$SECONDS
status=0
CARGO_TARGET_DIR=$work/target "$gate" --tree "$work/tree" | tee "$work/slowed.txt" || status=$?
say "part 3: the gate on the slowed copy exited $status ($((SECONDS - t)) s)"
slowed_status=$status
wait "$run2" || true
run2=
cat "$work/unchanged-2.txt"
read -r status took <"$work/unchanged-2.status" || fail "part 1, run 2 left no exit status"
((status == 0)) || fail "the gate raised an alarm (exit $status) on unchanged code, run 2"
say "part 1, run 2: no alarm ($took s, beside part 2)"
cmp -s "$work/unchanged-1.json" "$work/unchanged-2.json" ||
    fail "two runs on the same build counted differently: $work/unchanged-{1,2}.json"
say "part 1: both runs passed, with identical counts"
status=$slowed_status
((status == 1)) || fail "expected exit 1 (a regression) from the gate on the slowed copy"
# The seed should leave cargo only this workspace's crates to compile; say so if it did more.
rebuilt=$(sed -n 's/^ *Compiling \([^ ]*\) .*/\1/p' "$work/target/gungraun/bench.log" |
    grep -vxE 'strategies|harness|gate' || true)
[[ -z $rebuilt ]] || say "note: cargo compiled registry crates the seed should have supplied:" $rebuilt
grep -q "^$kernel .*REGRESSED" "$work/slowed.txt" ||
    fail "the table does not mark $kernel as REGRESSED"
grep -q "^  $kernel: Ir +" "$work/slowed.txt" ||
    fail "the failure list does not name $kernel"
grep -q "^gate: FAIL, 1 problem(s):" "$work/slowed.txt" ||
    fail "the gate flagged more than the one slowed kernel"

say "PASSED in $((SECONDS - started)) s: no alarm twice on unchanged code; an alarm naming $kernel, and only it, on the slowed copy"
