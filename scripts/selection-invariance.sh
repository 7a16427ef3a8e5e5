#!/usr/bin/env bash
# Selection invariance: each variant of a set (every one with a table of 256 KiB or more, plus
# three with small tables and three without) measured inside its family's full selection and
# alone with the floor, interleaved in 16 sweeps in three processes (forks), with the ratio
# full/alone paired by slice (a sweep in one fork) and its 95% interval (`bitbench invariance`;
# target [0.9, 1.1]).
#
#   scripts/selection-invariance.sh            measure with the main run's budget and write the
#                                              table to results/<cpu>/selection-invariance-<time>.txt
#   scripts/selection-invariance.sh --quick    the quick form, printed only (what .ci/run does)
#
# Any other arguments go to `bitbench invariance` (`--only`, `--seed`, `--disable`, `--forks`). A figure
# outside the target exits 1; in CI (CI=true) it is reported and the script exits 0, since
# timings on a shared machine are no test. Any other failure exits with its own status.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
args=()
quick=0
for arg in "$@"; do
    [[ $arg == --quick ]] && quick=1
    args+=("$arg")
done
((quick)) || args+=(--out results)
cargo build --release -q
status=0
target/release/bitbench invariance "${args[@]}" || status=$?
if ((status == 1)) && [[ ${CI:-} == true ]]; then
    echo "selection-invariance: some ratios fall outside [0.9, 1.1] (reported, not asserted in CI)" >&2
    exit 0
fi
exit "$status"
