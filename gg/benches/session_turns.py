#!/usr/bin/env python3
"""Warm turns of one `gg session`, and turns per second of several at once, for binaries compared
in one run (figures in BENCHMARKS.md).

    session_turns.py turn ROUNDS N FILE LABEL=BINARY ...
    session_turns.py throughput ROUNDS N PROCESSES FILE LABEL=BINARY ...

`turn`: each round runs, for each binary in turn, one `gg session --json` of N turns of FILE and
takes the outcomes' `timing.wall_ms` of turns 2..N (the first pays for the engine and the guest);
prints per binary the median over every round's turns, each round's median, and the medians of
`prepare_ms + compile_ms`, `instantiate_ms` and `guest_ms`. Every turn is a variant of FILE: each string literal `"hi"` becomes
`"hi NONCE I"`, so a compiled arm's cache never answers.

`throughput`: each round starts PROCESSES `gg session` processes of N turns at once, for each
binary in turn, and prints completed turns per second of the whole round (process start and the
guest's load included; both are under 2% of a round of 1,000 turns).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def variants(tmp, program, n, tag):
    source = open(program).read()
    ext = program.rsplit(".", 1)[1]
    nonce = f"{os.getpid()}{tag}"
    paths = []
    for i in range(n):
        folder = os.path.join(tmp, f"{tag}-{i:04}")
        os.makedirs(folder)
        # Java wants the file named after its public class.
        path = os.path.join(folder, os.path.basename(program) if ext == "java" else f"v.{ext}")
        open(path, "w").write(source.replace('"hi"', f'"hi {nonce} {i}"'))
        paths.append(path)
    return paths


def session(binary, paths):
    run = subprocess.run([binary, "session", "--json", *paths], capture_output=True, text=True)
    outcomes = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    if len(outcomes) != len(paths) or any(o["status"] != "completed" for o in outcomes):
        bad = next((o for o in outcomes if o["status"] != "completed"), None)
        sys.exit(f"{binary}: {len(outcomes)} of {len(paths)} outcomes; {bad}; {run.stderr[-2000:]}")
    return outcomes


def turn(rounds, n, program, binaries):
    walls = {label: [] for label, _ in binaries}
    medians = {label: [] for label, _ in binaries}
    prepares = {label: [] for label, _ in binaries}
    parts = {label: ([], []) for label, _ in binaries}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            for label, binary in binaries:
                outcomes = session(binary, variants(tmp, program, n, f"{label}{r}"))[1:]
                wall = [o["timing"]["wall_ms"] for o in outcomes]
                walls[label] += wall
                parts[label][0].extend(o["timing"]["instantiate_ms"] for o in outcomes)
                parts[label][1].extend(o["timing"]["guest_ms"] for o in outcomes)
                medians[label].append(statistics.median(wall))
                prepares[label] += [(o["timing"].get("prepare_ms") or 0) + (o["timing"].get("compile_ms") or 0) for o in outcomes]
    for label, _ in binaries:
        rounds_text = ", ".join(f"{m:.3f}" for m in medians[label])
        print(f"{label}: wall_ms median {statistics.median(walls[label]):.3f} (rounds {rounds_text}); "
              f"prepare+compile median {statistics.median(prepares[label]):.2f}; instantiate / guest median "
              f"{statistics.median(parts[label][0]):.3f} / {statistics.median(parts[label][1]):.3f}")


def throughput(rounds, n, processes, program, binaries):
    rates = {label: [] for label, _ in binaries}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            for label, binary in binaries:
                sets = [variants(tmp, program, n, f"{label}{r}p{p}") for p in range(processes)]
                started = time.monotonic()
                running = [subprocess.Popen([binary, "session", "--json", *paths], stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, text=True) for paths in sets]
                done = 0
                for process in running:
                    out, _ = process.communicate()
                    done += sum(1 for line in out.splitlines() if line.strip() and json.loads(line)["status"] == "completed")
                rates[label].append(done / (time.monotonic() - started))
    for label, _ in binaries:
        print(f"{label}: {processes} processes x {n} turns: " + ", ".join(f"{x:,.0f}/s" for x in rates[label]))


def main():
    mode = sys.argv[1]
    binaries = [tuple(spec.split("=", 1)) for spec in sys.argv[2:] if "=" in spec]
    args = [a for a in sys.argv[2:] if "=" not in a]
    binaries = [(label, os.path.abspath(path)) for label, path in binaries]
    if mode == "turn":
        turn(int(args[0]), int(args[1]), args[2], binaries)
    elif mode == "throughput":
        throughput(int(args[0]), int(args[1]), int(args[2]), args[3], binaries)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
