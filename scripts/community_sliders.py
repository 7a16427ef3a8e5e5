"""Joins Chess_Movegen's output with a bitbench record of queen_attacks: see community-sliders.sh.

Usage: community_sliders.py COMMUNITY_OUTPUT RECORD_JSON [BUILD_NOTE]
"""
import json
import re
import sys

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
    """{variant: million queens per second} on `community`, throughput, hot."""
    record = json.load(open(path, encoding="utf-8"))
    figures = {}
    for m in record["measurements"]:
        if (m["family"], m["workload"], m["mode"], m["eviction_bytes"]) == (
            "queen_attacks", "community", "throughput", 0,
        ) and not m.get("floor"):
            figures[m["variant"]] = 1e3 / m["ns_per_op"]["median"]
    return figures, record


def main():
    theirs, cpu = community(sys.argv[1])
    ours, record = bitbench(sys.argv[2])
    machine = record.get("machine", {})
    print(f"Community slider benchmark (Chess_Movegen, clang-16 -O3 -march=native) beside bitbench queen_attacks")
    if len(sys.argv) > 3:
        print(sys.argv[3])
    print(f"CPU: {cpu}; bitbench record {record.get('run', {}).get('started_utc', '')}")
    print("Workload: random square, occupancy a & b, 12 queens per occupancy, one thread; "
          "bitbench: distribution `community`, throughput, hot (median).")
    print("Figures in million queens per second; ratio = bitbench / community.")
    print()
    print(f"{'community entry':34} {'community':>10} {'bitbench variant':24} {'bitbench':>10} {'ratio':>7}")
    for name, variant in PAIRS:
        if name in theirs and variant in ours:
            ratio = ours[variant] / theirs[name]
            print(f"{name:34} {theirs[name]:10.1f} {variant:24} {ours[variant]:10.1f} {ratio:6.2f}x")
    print()
    best_theirs = max(theirs.items(), key=lambda kv: kv[1]) if theirs else ("-", 0.0)
    best_ours = max(ours.items(), key=lambda kv: kv[1]) if ours else ("-", 0.0)
    print(f"best entry, community:                   {best_theirs[0]} {best_theirs[1]:.1f}")
    print(f"best queen_attacks variant, bitbench:    {best_ours[0]} {best_ours[1]:.1f}")
    missing = sorted({v for _, v in PAIRS} - set(ours))
    if missing:
        print(f"not in this bitbench record: {', '.join(missing)}")


if __name__ == "__main__":
    main()
