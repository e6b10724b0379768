#!/usr/bin/env python3
"""Whole-process wall time of `gg run FILE`, for binaries or settings compared in one run.

    cold_process.py N FILE LABEL=BINARY[:NAME=VALUE,...] ...

Each variant runs N times, one run of each variant in turn after 3 untimed rounds, so a change in
the machine's load falls on all of them alike; prints each one's median, p10 and p90 in ms. The
variables after `:` are set for that variant; `ARGS=...` adds arguments after `run`. Used for
BENCHMARKS.md, "The cold process, again".
"""
import os
import statistics
import subprocess
import sys
import time


def variant(spec):
    label, rest = spec.split("=", 1)
    binary, _, assignments = rest.partition(":")
    env = dict(os.environ)
    for assignment in filter(None, assignments.split(",")):
        name, value = assignment.split("=", 1)
        env[name] = value
    extra = env.pop("ARGS", "").split()
    return label, [os.path.abspath(binary), "run", *extra], env


def main():
    runs, program = int(sys.argv[1]), sys.argv[2]
    variants = [variant(spec) for spec in sys.argv[3:]]
    times = {label: [] for label, _, _ in variants}
    for round_ in range(3 + runs):
        for label, argv, env in variants:
            start = time.perf_counter()
            subprocess.run(argv + [program], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if round_ >= 3:
                times[label].append((time.perf_counter() - start) * 1000)
    for label, t in times.items():
        t.sort()
        print(f"{label:10s} p50 {statistics.median(t):6.2f}  p10 {t[len(t) // 10]:6.2f}  p90 {t[9 * len(t) // 10]:6.2f} ms")


if __name__ == "__main__":
    main()
