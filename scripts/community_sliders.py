"""Joins Chess_Movegen's output with a bitbench record of queen_attacks: see community-sliders.sh.

Usage: community_sliders.py RECORD_JSON BUILD_NOTE COMMUNITY_OUTPUT [COMMUNITY_OUTPUT ...]

BUILD_NOTE (one or more lines) says how both programs were built; the record adds the
instructions its measuring loops were compiled for (its `run.loops`).

With several runs of Chess_Movegen, each entry's figure is the median of its runs (a single
pass of it moves by up to 1.8x between runs on a shared machine), printed with their range.
"""
import gzip
import json
import math
import re
import statistics
import sys
import textwrap

# Chess_Movegen's names (its `name` fields) and the bitbench variant of the same technique.
# Several of its entries may share a variant (its "Inline" forms are the same technique
# written with the masks computed inline).
PAIRS = [
    ("Pext constexpr", "pext"),
    ("Split Pext", "split_pext"),
    ("Plain Magic BB", "plain_magic"),
    ("Fancy Magic BB - Variable shift", "magic"),
    ("Black Magic BB - Fixed shift", "black_magic"),
    ("QBBEngine - Shifted Mask", "qbb"),
    ("QBBEngine", "qbb"),
    ("Leorik", "leorik"),
    ("Leorik Inline", "leorik"),
    ("SBAMG o^(o-3cbn)", "sbamg"),
    ("SBAMG Inline", "sbamg"),
    ("Obstruction Difference", "obstruction_difference"),
    ("Obstruction Difference Inline", "obstruction_difference"),
    ("Slide Arithmetic", "slide_arithmetic"),
    ("Slide Arithmetic Inline", "slide_arithmetic"),
    ("Hyperbola Quintessence o^(o-2r)", "hyperbola"),
    ("Hyperbola Quintessence Inline", "hyperbola"),
    ("Rotated Bitboards", "rotated"),
    ("Kindergarten", "kindergarten"),
    ("Classical Bob-Mike", "classical"),
    ("Kogge-Stone", "kogge_stone"),
    ("Dumb7 Fill", "dumb7fill"),
]


def community(path):
    """{name: million queens per second} from Chess_Movegen's table (its rows are printf'd
    as a 35-column name, then the figure), and the CPU's brand line."""
    figures, cpu, table = {}, "", False
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("Name") and "MQueens" in line:
            table = True
            continue
        if not table:
            if line.strip() and not cpu and not line.startswith(("Verify", "OK")):
                cpu = line.strip()
            continue
        match = re.match(r"\s*([0-9.]+)\s", line[35:65] + " ")
        if len(line) > 35 and match:
            figures[line[:35].strip()] = float(match.group(1))
        elif not line.strip():
            table = not figures
    return figures, cpu


def bitbench(path):
    """{variant: (median, low, high)} in million queens per second on `community`,
    throughput, hot: the median and its 95% interval."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as file:
        record = json.load(file)
    figures = {}
    for m in record["measurements"]:
        if (m["family"], m["workload"], m["mode"], m["eviction_bytes"]) == (
            "queen_attacks", "community", "throughput", 0,
        ) and not m.get("floor"):
            interval = m.get("median_interval") or {}
            median = m["ns_per_op"]["median"]
            figures[m["variant"]] = (
                1e3 / median,
                1e3 / interval.get("high", median),
                1e3 / interval.get("low", median),
            )
    return figures, record


def medians(runs):
    """{name: (median, min, max, count)} over the runs that have the entry."""
    names = {name for run in runs for name in run}
    return {
        name: (
            statistics.median(values := [run[name] for run in runs if name in run]),
            min(values),
            max(values),
            len(values),
        )
        for name in names
    }


def span(low, high):
    """`[low-high]` in whole numbers, rounded outwards so that it holds the median printed
    to one decimal beside it."""
    return f"[{math.floor(low)}-{math.ceil(high)}]"


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    ours, record = bitbench(sys.argv[1])
    parsed = [community(path) for path in sys.argv[3:]]
    theirs = medians([figures for figures, _ in parsed])
    cpu = parsed[0][1]
    runs = len(parsed)
    print("Community slider benchmark (Chess_Movegen) beside bitbench queen_attacks")
    print(sys.argv[2])
    loops = record.get("run", {}).get("loops") or "not stated"
    print(textwrap.fill(f"bitbench's loops compiled for: {loops}", width=100,
                        subsequent_indent="  ", break_on_hyphens=False))
    print(f"CPU: {cpu}; bitbench record {record.get('run', {}).get('started_utc', '')}")
    print("Workload: random square, occupancy a & b, 12 queens per occupancy, one thread;")
    print("  bitbench: distribution `community`, throughput, hot.")
    print("Figures in million queens per second; ratio = bitbench / community.")
    if runs > 1:
        print(f"  community: the median of {runs} runs of Chess_Movegen [slowest-fastest] (k/{runs}:")
        print("    an entry only k runs printed);")
    else:
        print("  community: one run of Chess_Movegen;")
    print("  bitbench: the median of its rounds [its 95% interval].")
    print()
    print(f"{'community entry':31} {'community':>17} {'bitbench variant':22} {'bitbench':>17} {'ratio':>6}")
    for name, variant in PAIRS:
        if name in theirs and variant in ours:
            (c, c_low, c_high, count), (b, b_low, b_high) = theirs[name], ours[variant]
            spread = span(c_low, c_high) if count > 1 else "-"
            if count < runs:
                spread = f"{count}/{runs} {spread}"
            print(f"{name:31} {c:6.1f} {spread:>10} {variant:22} "
                  f"{b:6.1f} {span(b_low, b_high):>10} {b / c:5.2f}x")
    print()
    best_theirs = max(theirs.items(), key=lambda kv: kv[1][0]) if theirs else ("-", (0.0,))
    best_ours = max(ours.items(), key=lambda kv: kv[1][0]) if ours else ("-", (0.0,))
    print(f"best entry, community:                   {best_theirs[0]} {best_theirs[1][0]:.1f}")
    print(f"best queen_attacks variant, bitbench:    {best_ours[0]} {best_ours[1][0]:.1f}")
    missing = sorted({v for _, v in PAIRS} - set(ours))
    if missing:
        print(f"not in this bitbench record: {', '.join(missing)}")


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError, KeyError, TypeError) as error:
        sys.exit(f"community_sliders.py: {error.__class__.__name__}: {error} "
                 "(a bitbench record and Chess_Movegen outputs are expected; see --help of "
                 "community-sliders.sh)")
