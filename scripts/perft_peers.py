"""The work of scripts/perft-peers.sh (which says what it measures): build the peers in a
scratch folder, run them and bitbench alternately, and print the table."""

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import textwrap

# The six published positions, at the depths ellxor/perft's benchmark counts them.
POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5,
     193_690_690),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6,
     706_045_033),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89_941_194),
    ("position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     5, 164_075_551),
]
CLANG = "clang++-16"
WIDTH = 100


def say(text):
    print(f"==> {text}", file=sys.stderr, flush=True)


class Peer:
    """A built peer: its name, how it was built, what was changed, and how to run it."""

    def __init__(self, name, build, changed, command, parse):
        self.name, self.build, self.changed = name, build, changed
        self.command, self.parse = command, parse

    def count(self, fen, depth):
        out = subprocess.run(self.command(fen, depth), capture_output=True, text=True,
                             stdin=subprocess.DEVNULL, timeout=600)
        if out.returncode != 0:
            raise RuntimeError(f"{self.name} exited {out.returncode}: {out.stderr.strip()[-300:]}")
        return self.parse(out.stdout)


def compile_(cwd, args, log):
    say(f"building: {' '.join(args)}")
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    with open(log, "w") as f:
        f.write(done.stdout + done.stderr)
    if done.returncode != 0:
        raise RuntimeError(f"build failed:\n{(done.stdout + done.stderr)[-2000:]}")


def ellxor(checkout, scratch):
    """ellxor/perft: a unity build; its README's flags. Threaded from depth 3 with one thread
    per core: the copy's core count becomes 1."""
    copy = os.path.join(scratch, "ellxor-perft")
    shutil.copytree(checkout, copy, ignore=shutil.ignore_patterns(".git"))
    source = os.path.join(copy, "src", "perft.cc")
    text = open(source).read()
    cores = "sysconf(_SC_NPROCESSORS_ONLN)"
    if cores not in text:
        raise RuntimeError(f"src/perft.cc no longer asks for {cores}: cannot limit it to one thread")
    open(source, "w").write(text.replace(cores, "1L"))
    flags = ["-O3", "-flto", "-fno-exceptions", "-fno-rtti", "-march=native"]
    compile_(copy, [CLANG, "-std=c++20", *flags, "src/unity_build.cc", "-o", "perft"],
             os.path.join(scratch, "ellxor.log"))

    def parse(stdout):
        nodes = int(re.search(r"Result:\s+(\d+)", stdout).group(1))
        rate = re.search(r"Nodes per second:\s+([\d.]+) (million|billion)", stdout)
        scale = 1e6 if rate.group(2) == "million" else 1e9
        return nodes, float(rate.group(1)) * scale

    return Peer("ellxor/perft", f"{CLANG} -std=c++20 {' '.join(flags)} (its README)",
                f"src/perft.cc: {cores} replaced by 1 (one thread)",
                lambda fen, depth: [os.path.join(copy, "perft"), fen, str(depth)], parse)


def gigantua(checkout, scratch):
    """Gigantua/Gigantua: its Compile_linux.bat's clang line; single-threaded."""
    folder = os.path.join(checkout, "Gigantua")
    missing = [f for f in ("Gigantua.cpp", "Movegen.hpp", "Movelist.hpp", "Movemap.hpp",
                           "Chess_Base.hpp", "Chess_Test.hpp")
               if not os.path.isfile(os.path.join(folder, f))]
    if missing:
        raise RuntimeError(f"the checkout lacks {', '.join('Gigantua/' + f for f in missing)}, "
                           "which Gigantua.cpp includes")
    copy = os.path.join(scratch, "gigantua")
    shutil.copytree(folder, copy)
    flags = ["-march=native", "-std=c++20", "-O3", "-flto"]
    compile_(copy, [CLANG, *flags, "Gigantua.cpp", "-o", "gigantua"],
             os.path.join(scratch, "gigantua.log"))

    def parse(stdout):
        # One line per depth from 1; the last is the depth asked for.
        *_, last = re.findall(r"Perft \d+: (\d+) \d+ms ([\d.]+) MNodes/s", stdout)
        return int(last[0]), float(last[1]) * 1e6

    return Peer("Gigantua", f"{CLANG} {' '.join(flags)} (its Compile_linux.bat)", "nothing",
                lambda fen, depth: [os.path.join(copy, "gigantua"), fen, str(depth)], parse)


def identify(checkout):
    if os.path.isfile(os.path.join(checkout, "src", "unity_build.cc")) and \
            os.path.isfile(os.path.join(checkout, "src", "perft.cc")):
        return ellxor
    if os.path.isdir(os.path.join(checkout, "Gigantua")):
        return gigantua
    return None


def bitbench_peer(binary, config):
    def parse(stdout):
        nodes = int(re.search(r"^nodes (\d+)", stdout, re.M).group(1))
        rate = float(re.search(r"\(([\d.]+) M nodes/s\)", stdout).group(1))
        return nodes, rate * 1e6

    extra = ["--with", config] if config else []
    name = f"bitbench {config.replace('slider=', '')}" if config else "bitbench default"
    return Peer(name, "", "", lambda fen, depth: [binary, "perft", fen, str(depth), *extra], parse)


def slider_configs(binary):
    """Every slider technique that perft compiles and this CPU runs, but the default's."""
    listed = json.loads(subprocess.run([binary, "list", "--json", "--only", "rook_attacks"],
                                       capture_output=True, text=True, check=True).stdout)
    return [f"slider={v['name']}" for v in listed if v["runs_here"] and not v["external"]]


def cpu_name():
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def mega(rate):
    return f"{rate / 1e6:,.0f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bitbench", required=True)
    parser.add_argument("--scratch", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--with", dest="configs", action="append", default=[])
    parser.add_argument("checkouts", nargs="+")
    args = parser.parse_args()

    peers, notes = [], []
    for checkout in args.checkouts:
        kind = identify(checkout)
        if kind is None:
            notes.append(f"{checkout}: not a checkout of ellxor/perft or Gigantua; skipped")
            continue
        try:
            peers.append(kind(checkout, args.scratch))
        except (RuntimeError, OSError) as error:
            notes.append(f"{checkout}: {error}; skipped")
    for note in notes:
        say(note)
    if not peers:
        sys.exit("perft-peers.sh: no peer could be built")

    configs = args.configs or slider_configs(args.bitbench)
    ours = [bitbench_peer(args.bitbench, None)]
    ours += [bitbench_peer(args.bitbench, c) for c in configs if c != "slider=magic"]
    programs = peers + ours
    # rates[program][position] = [nodes/s per run]
    rates = {p.name: {name: [] for name, *_ in POSITIONS} for p in programs}
    for run in range(1, args.runs + 1):
        say(f"run {run} of {args.runs}: {len(programs)} programs, six positions each")
        for name, fen, depth, expected in POSITIONS:
            for program in programs:
                nodes, rate = program.count(fen, depth)
                if nodes != expected:
                    sys.exit(f"perft-peers.sh: {program.name} counted {nodes} on {name} at "
                             f"depth {depth}; the published count is {expected}")
                rates[program.name][name].append(rate)

    median = {p: {n: statistics.median(r) for n, r in by.items()} for p, by in rates.items()}
    score = {p: geomean(list(by.values())) for p, by in median.items()}
    fastest = max((p.name for p in ours), key=lambda p: score[p])
    default = ours[0].name
    best_peer = max((p.name for p in peers), key=lambda p: score[p])

    print(f"perft, one thread, on {cpu_name()}; {args.runs} alternating runs; "
          "nodes per second, median [range], in millions")
    for peer in peers:
        print(textwrap.fill(f"{peer.name}: built with {peer.build}", WIDTH,
                            initial_indent="  ", subsequent_indent="    "))
        print(textwrap.fill(f"changed in the scratch copy: {peer.changed}", WIDTH,
                            initial_indent="    ", subsequent_indent="      "))
    print("  bitbench: its default build (`cargo build --release`), `bitbench perft FEN DEPTH`")
    for note in notes:
        print(textwrap.fill(note, WIDTH, initial_indent="  ", subsequent_indent="    "))
    print()
    shown = [p.name for p in peers] + ([default] if fastest == default else [fastest, default])
    header = f"{'position':11} {'d':>1}" + "".join(f" {name[:19]:>19}" for name in shown)
    print(header[:WIDTH])
    for name, _, depth, _ in POSITIONS:
        cells = []
        for program in shown:
            runs = rates[program][name]
            cells.append(f"{mega(median[program][name])} [{mega(min(runs))}-{mega(max(runs))}]")
        print(f"{name:11} {depth:1}" + "".join(f" {c:>19}" for c in cells))
    print(f"{'geo. mean':13}" + "".join(f" {mega(score[p]):>19}" for p in shown))
    print()
    print(f"ratio bitbench / peer (medians); fastest bitbench configuration: {fastest}")
    for label, ours_name in ((f"fastest ({fastest})", fastest), ("default", default)):
        if label != "default" and fastest == default:
            continue
        for peer in peers:
            ratios = {n: median[ours_name][n] / median[peer.name][n] for n, *_ in POSITIONS}
            low = min(ratios, key=ratios.get)
            print(f"  {label} / {peer.name}:\n    geometric mean {geomean(list(ratios.values())):.2f}x, "
                  f"lowest {ratios[low]:.2f}x ({low})")
            print(textwrap.fill(", ".join(f"{n} {r:.2f}x" for n, r in ratios.items()), WIDTH,
                                initial_indent="    ", subsequent_indent="    "))
    print()
    print("every bitbench configuration, geometric mean (M nodes/s), fastest first:")
    for program in sorted((p.name for p in ours), key=lambda p: -score[p]):
        print(f"  {program:48} {mega(score[program]):>7}  "
              f"{score[program] / score[best_peer]:.2f}x {best_peer}")


if __name__ == "__main__":
    main()
