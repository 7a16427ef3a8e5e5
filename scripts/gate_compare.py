#!/usr/bin/env python3
"""The regression gate's bookkeeping: a run's counts, compared with a baseline.

    gate_compare.py collect COUNTS OUT.json [--cpu MODEL] [--tool NAME=VERSION ...]
                                                     one run's counts per kernel, with where
                                                     and with what they were made
    gate_compare.py compare BASELINE RUN [--threshold PCT] [--growth-only]
                                                     print the table; exit 1 on a regression
                                                     (--growth-only: kernels in only one of
                                                     the two are listed, never a failure)
    gate_compare.py baseline RUN BASELINE --command CMD [--commit SHA]
                                                     write RUN as the new baseline
    gate_compare.py gab RUN                          RUN's instruction counts as
                                                     github-action-benchmark's
                                                     customSmallerIsBetter JSON, on stdout

COUNTS is what `bitbench gate-counts --out COUNTS` wrote: one entry per kernel `family/variant`
of the registry's gated subset (harness::tools::gate), and the kernels that cannot run here.

Per kernel: `ir`, Callgrind's instruction count; `d1_misses`, data reads and writes that miss the
simulated L1 (D1mr + D1mw); `ll_misses`, those that also miss the last level (DLmr + DLmw).
Only `ir` is gated; the misses are shown beside it, because the simulated caches are the host's
and a change of runner hardware moves them without any change of code.

Standard library only.
"""

import argparse
import datetime
import json
import pathlib
import sys

def die(message):
    """Not a verdict: the gate could not run (exit status 2, as scripts/gate.sh uses it)."""
    print(f"gate_compare.py: {message}", file=sys.stderr)
    sys.exit(2)


def cmd_collect(args):
    counts = json.loads(pathlib.Path(args.counts).read_text())
    if not counts.get("kernels"):
        die(f"{args.counts}: no kernel was counted")
    run = {
        "cpu": args.cpu,
        "tools": dict(tool.split("=", 1) for tool in args.tool),
        "kernels": counts["kernels"],
        "not_run_here": counts.get("not_run_here", []),
    }
    pathlib.Path(args.out).write_text(json.dumps(run, indent=1) + "\n")


def by_kernel(doc):
    return {entry["kernel"]: entry for entry in doc["kernels"]}


def change(old, new):
    return (new - old) * 100.0 / old if old else float("inf") if new else 0.0


def misses(base, new, key):
    if base is None:
        return f"{new[key]:,}"
    if base[key] == new[key]:
        return f"{new[key]:,}"
    return f"{base[key]:,}→{new[key]:,}"


def cmd_compare(args):
    baseline = json.loads(pathlib.Path(args.baseline).read_text())
    run = json.loads(pathlib.Path(args.run).read_text())
    base, new = by_kernel(baseline), by_kernel(run)
    rows, regressed, missing, added = [], [], [], []
    for kernel in sorted(set(base) | set(new)):
        b, n = base.get(kernel), new.get(kernel)
        if n is None:
            missing.append(kernel)
            why = "not run here" if kernel in run.get("not_run_here", []) else "not benchmarked"
            rows.append((kernel, f"{b['ir']:,}", "-", "-", "-", "-", f"MISSING ({why})"))
            continue
        if b is None:
            added.append(kernel)
            rows.append((kernel, "-", f"{n['ir']:,}", "-", misses(None, n, "d1_misses"),
                         misses(None, n, "ll_misses"), "NEW (not in baseline)"))
            continue
        pct = change(b["ir"], n["ir"])
        if pct > args.threshold:
            verdict = f"REGRESSED (> +{args.threshold:g}%)"
            regressed.append((kernel, pct))
        elif pct < -args.threshold:
            verdict = "improved"
        else:
            verdict = "ok"
        rows.append((kernel, f"{b['ir']:,}", f"{n['ir']:,}", f"{pct:+.2f}%",
                     misses(b, n, "d1_misses"), misses(b, n, "ll_misses"), verdict))

    header = ("kernel", "baseline Ir", "new Ir", "change", "D1 misses", "LL misses", "verdict")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    right = {1, 2, 3, 4, 5}

    def line(cells):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    print(line(header))
    print(line(["-" * w for w in widths]))
    for row in rows:
        print(line(row))
    for kernel in run.get("not_run_here", []):
        if kernel not in base:
            print(f"(skipped: {kernel} cannot run on this CPU)")

    then = {"cpu": baseline.get("cpu"), **baseline.get("tools", {})}
    now = {"cpu": run.get("cpu"), **run.get("tools", {})}
    for name in sorted(set(then) & set(now)):
        if then[name] != now[name]:
            print(f"note: baseline made with {name} {then[name]}, this run has {now[name]}: "
                  "counts can differ for that reason alone")

    print()
    failures = []
    for kernel, pct in regressed:
        failures.append(f"{kernel}: Ir {pct:+.2f}% (threshold +{args.threshold:g}%)")
    if args.growth_only:
        # Two commits compared: variants may come and go between them.
        for kernel in missing:
            print(f"note: {kernel} is in the baseline only (removed, or not gated any more)")
        for kernel in added:
            print(f"note: {kernel} is new (not in the baseline)")
        missing, added = [], []
    for kernel in missing:
        failures.append(f"{kernel}: in the baseline but not measured by this run")
    for kernel in added:
        failures.append(f"{kernel}: measured but not in the baseline "
                        "(run scripts/gate.sh --update and commit results/baseline/gate.json)")
    if failures:
        print(f"gate: FAIL, {len(failures)} problem(s):")
        for failure in failures:
            print(f"  {failure}")
        return 1
    print(f"gate: PASS, {len(new)} kernels, none above +{args.threshold:g}% Ir")
    return 0


def cmd_baseline(args):
    run = json.loads(pathlib.Path(args.run).read_text())
    header = {
        "about": "bitbench regression gate baseline: Callgrind counts per kernel of "
                 "the registry's gated subset (d1_misses = D1mr + D1mw, "
                 "ll_misses = DLmr + DLmw), compared by scripts/gate.sh",
        "made": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": args.command,
        "commit": args.commit,
        "cpu": run["cpu"],
        "tools": run["tools"],
    }
    kernels = sorted(run["kernels"], key=lambda entry: entry["kernel"])
    # The header indented, then one kernel per line, so that a baseline's diff reads kernel by
    # kernel.
    text = json.dumps(header, indent=2)[:-2] + ',\n  "kernels": [\n'
    text += ",\n".join("    " + json.dumps(entry) for entry in kernels)
    text += "\n  ]\n}\n"
    json.loads(text)  # still JSON
    pathlib.Path(args.baseline).write_text(text)
    print(f"wrote {args.baseline}: {len(kernels)} kernels")


def cmd_gab(args):
    """One entry per kernel, named `family/variant` as the gate names it: its Ir, the number
    the gate compares, with the simulated misses as context (`extra`)."""
    run = json.loads(pathlib.Path(args.run).read_text())
    entries = [
        {
            "name": entry["kernel"],
            "unit": "instructions",
            "value": entry["ir"],
            "extra": f"D1 misses {entry['d1_misses']}, LL misses {entry['ll_misses']} "
                     f"(Callgrind, {run.get('cpu') or 'unknown CPU'})",
        }
        for entry in sorted(run["kernels"], key=lambda entry: entry["kernel"])
    ]
    print(json.dumps(entries, indent=1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("collect")
    p.add_argument("counts")
    p.add_argument("out")
    p.add_argument("--cpu", default="")
    p.add_argument("--tool", action="append", default=[], metavar="NAME=VERSION")
    p = sub.add_parser("compare")
    p.add_argument("baseline")
    p.add_argument("run")
    p.add_argument("--threshold", type=float, default=2.0, metavar="PCT")
    p.add_argument("--growth-only", action="store_true")
    p = sub.add_parser("baseline")
    p.add_argument("run")
    p.add_argument("baseline")
    p.add_argument("--command", required=True)
    p.add_argument("--commit", default="")
    p = sub.add_parser("gab")
    p.add_argument("run")
    args = parser.parse_args()
    if args.cmd == "gab":
        cmd_gab(args)
        return 0
    if args.cmd == "collect":
        cmd_collect(args)
        return 0
    if args.cmd == "compare":
        return cmd_compare(args)
    cmd_baseline(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
