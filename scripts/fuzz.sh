#!/usr/bin/env bash
# Coverage-guided fuzzing of the FEN reader and the record reader with afl.rs (AFL++), which
# runs on the stable toolchain. What each target holds of an input is fuzz/src/lib.rs; an
# input that breaks it is a crash.
#
#   scripts/fuzz.sh               two minutes, split between the two targets
#   scripts/fuzz.sh --minutes N   N minutes
#
# Installs what it needs on first use: cargo-afl (`cargo install`) and AFL++ (`cargo afl
# config --build`, which builds it from the source that cargo-afl ships). Builds the targets
# instrumented into target/fuzz/, starts from the corpus in fuzz/corpus/<target>/ plus every
# input kept in fuzz/regressions/<target>/, and copies each new crash into
# fuzz/regressions/<target>/ before it exits 1 naming them: commit them with the fix, and
# `cargo test` replays them (and the corpus) from then on. Exit 0: no crash.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
minutes=2
while (($#)); do
    case $1 in
        --minutes)
            [[ ${2:-} =~ ^[0-9]+$ && $2 -ge 1 ]] || { echo "fuzz.sh: --minutes takes a whole number of minutes, at least 1" >&2; exit 2; }
            minutes=$2
            shift 2
            ;;
        *) echo "fuzz.sh: unknown argument $1 (use --minutes N)" >&2; exit 2 ;;
    esac
done

afl_version=0.15.24
if ! cargo afl --version 2>/dev/null | grep -q "$afl_version"; then
    echo "fuzz.sh: installing cargo-afl $afl_version"
    # A debug build: cargo-afl only configures and starts AFL++ and cargo, which takes it no
    # longer unoptimized, and it compiles in much less time.
    cargo install --locked --quiet --debug cargo-afl --version "$afl_version"
fi
# AFL++ itself, built once per user from the source cargo-afl carries.
if [[ -z $(find "${XDG_DATA_HOME:-$HOME/.local/share}/afl.rs" -name afl-fuzz 2>/dev/null) ]]; then
    cargo afl config --build >/dev/null
fi

export CARGO_TARGET_DIR=$PWD/target/fuzz
# A run of a few minutes (CI's is one) spends more of its time building the instrumented
# targets than fuzzing them, so it builds them at opt-level 1 (cargo-afl's AFL_OPT_LEVEL; its
# default is 3), which compiles the harness in about two thirds of the time; longer runs keep 3.
if ((minutes < 10)); then
    export AFL_OPT_LEVEL=${AFL_OPT_LEVEL:-1}
fi
(cd fuzz && cargo afl build --release --quiet --locked)

# The fuzzer needs no core dumps and no CPU governor; it runs in the background of a shared
# machine, without its screen.
export AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1
seconds=$((minutes * 60 / 2))
crashes=()
for target in fen record; do
    inputs=$(mktemp -d)
    cp fuzz/corpus/$target/* "$inputs"/
    if compgen -G "fuzz/regressions/$target/*" >/dev/null; then
        cp fuzz/regressions/$target/* "$inputs"/
    fi
    out=target/fuzz/findings/$target
    rm -rf "$out"
    mkdir -p "$(dirname "$out")"
    echo "fuzz.sh: $target for ${seconds} s"
    cargo afl fuzz -i "$inputs" -o "$out" -V "$seconds" "target/fuzz/release/$target" >"target/fuzz/$target.log" 2>&1 ||
        { tail -n 30 "target/fuzz/$target.log" >&2; echo "fuzz.sh: afl-fuzz failed on $target (log above)" >&2; exit 2; }
    rm -rf "$inputs"
    grep -E 'execs_done|corpus_count|saved_crashes|saved_hangs' "$out/default/fuzzer_stats" | tr -s ' ' | sed "s/^/  $target: /"
    mkdir -p "fuzz/regressions/$target"
    for crash in "$out"/default/crashes/id:*; do
        [[ -e $crash ]] || continue
        kept=fuzz/regressions/$target/$(sha1sum "$crash" | cut -c1-16)
        cp "$crash" "$kept"
        crashes+=("$kept")
    done
done
if ((${#crashes[@]})); then
    printf 'fuzz.sh: a crash, kept as a regression input: %s\n' "${crashes[@]}" >&2
    exit 1
fi
echo "fuzz.sh: no crash"
