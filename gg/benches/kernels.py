#!/usr/bin/env python3
# CPU-bound kernels under gg against native (issue 24): each program in gg/benches/kernels/LANG/
# times its own work and prints `kernel-seconds: S` last. Every kernel runs N times per variant,
# interleaved (one run of each variant in turn, the order rotated each round), and the table gives
# the median kernel seconds per variant, its ratio to native (or, without --native, to the first
# variant), and the geometric mean of the ratios. For the compiled arms it also gives each
# variant's prepare and wasmtime compile (the outcome's `timing`), every run a fresh compile: the
# source gets a trailing comment with a nonce (so the arm's cache misses) and runs with --no-cache
# (a comment leaves the component's bytes unchanged, so gg-core's compile cache would answer).
#
#   python3 gg/benches/kernels.py LANG N LABEL=GG_BINARY ... [--native] [--only K1,K2] [--json FILE]
#
# LANG is python, rust or cpp. Natively: python3 (PYTHON to override), rustc -C opt-level=3
# (RUSTC), clang++-22 -O2 (CXX); the output names each with its version. Under gg the time is the
# guest's own clock, read from the program's logs.
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
EXT = {"python": "py", "rust": "rs", "cpp": "cpp"}
TIMEOUT_SECS = 300


def load():
    return open("/proc/loadavg").read().split()[:3]


def fail(msg):
    sys.exit(f"kernels.py: {msg}")


def parse_args(argv):
    if len(argv) < 3:
        fail("usage: kernels.py LANG N LABEL=GG_BINARY ... [--native] [--only K1,K2] [--json FILE]")
    lang, n = argv[0], int(argv[1])
    if lang not in EXT:
        fail(f"unknown LANG {lang!r}: one of {', '.join(EXT)}")
    variants, native, only, out = [], False, None, None
    rest = iter(argv[2:])
    for a in rest:
        if a == "--native":
            native = True
        elif a == "--only":
            only = set(next(rest).split(","))
        elif a == "--json":
            out = next(rest)
        elif "=" in a:
            label, binary = a.split("=", 1)
            if not os.access(binary, os.X_OK):
                fail(f"{label}: {binary} is not an executable")
            variants.append((label, binary))
        else:
            fail(f"unknown argument {a!r}")
    if not variants and not native:
        fail("nothing to measure: give LABEL=GG_BINARY or --native")
    return lang, n, variants, native, only, out


def version(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return (r.stdout or r.stderr).strip().splitlines()[0]


def kernel_seconds(lines, where):
    if not lines or not lines[-1].startswith("kernel-seconds: "):
        fail(f"{where}: no `kernel-seconds:` last line in {lines[-3:]!r}")
    return float(lines[-1].split(": ", 1)[1]), lines[:-1]


class Native:
    """How the kernels run outside gg: the interpreter, or a binary compiled once per kernel."""

    def __init__(self, lang, tmp):
        self.lang, self.tmp, self.binaries = lang, tmp, {}
        if lang == "python":
            self.tool = os.environ.get("PYTHON", "python3")
            self.about = f"{version([self.tool, '--version'])} ({shutil.which(self.tool)})"
        elif lang == "rust":
            self.tool = os.environ.get("RUSTC", "rustc")
            # run from the scratch directory so no rust-toolchain.toml picks another rustc
            self.about = f"{version([self.tool, '--version'])}, -C opt-level=3, edition 2024"
        else:
            self.tool = os.environ.get("CXX", "clang++-22")
            self.about = f"{version([self.tool, '--version'])}, -O2 -std=c++23, its default C++ library"

    def build(self, name, path):
        if self.lang == "python":
            return
        exe = os.path.join(self.tmp, f"native-{name}")
        if self.lang == "rust":
            cmd = [self.tool, "--edition", "2024", "-C", "opt-level=3", "-o", exe, path]
        else:
            cmd = [self.tool, "-O2", "-std=c++23", "-o", exe, path]
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=self.tmp)
        if r.returncode != 0:
            fail(f"native build of {name} failed:\n{r.stderr}")
        self.binaries[name] = exe

    def run(self, name, path):
        cmd = [self.tool, path] if self.lang == "python" else [self.binaries[name]]
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=self.tmp, timeout=TIMEOUT_SECS)
        if r.returncode != 0:
            fail(f"native {name} exited {r.returncode}: {r.stderr[-2000:]}")
        secs, rest = kernel_seconds(r.stdout.splitlines(), f"native {name}")
        return {"seconds": secs, "output": rest}


def run_gg(binary, lang, name, source, tmp, nonce):
    path = os.path.join(tmp, f"{name}.{EXT[lang]}")
    if lang != "python":
        source = f"{source}\n// kernels.py run {nonce}\n"
    with open(path, "w") as f:
        f.write(source)
    cmd = [binary, "run", "--json", "--timeout-secs", str(TIMEOUT_SECS), path]
    if lang != "python":
        cmd.insert(3, "--no-cache")
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp, timeout=TIMEOUT_SECS + 60)
    try:
        out = json.loads(r.stdout)
    except json.JSONDecodeError:
        fail(f"{binary} on {name}: no JSON outcome (exit {r.returncode}): {r.stderr[-2000:]}")
    if out["status"] != "completed":
        fail(f"{binary} on {name}: {out['status']}: {out.get('error')} {out.get('stderr', '')[-1000:]}")
    secs, rest = kernel_seconds(out["logs"], f"{binary} on {name}")
    return {"seconds": secs, "output": rest, "timing": out["timing"]}


def fmt_s(x):
    return f"{x:.3f}" if x >= 0.1 else f"{x:.4f}"


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main():
    lang, n, variants, native_on, only, out_path = parse_args(sys.argv[1:])
    kdir = os.path.join(HERE, "kernels", lang)
    kernels = sorted(f[: -len(EXT[lang]) - 1] for f in os.listdir(kdir) if f.endswith("." + EXT[lang]))
    if only:
        unknown = only - set(kernels)
        if unknown:
            fail(f"no such kernel(s) {sorted(unknown)}; known: {', '.join(kernels)}")
        kernels = [k for k in kernels if k in only]
    sources = {k: open(os.path.join(kdir, f"{k}.{EXT[lang]}")).read() for k in kernels}
    labels = [label for label, _ in variants] + (["native"] if native_on else [])
    results = {k: {label: [] for label in labels} for k in kernels}
    load_start = load()
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="gg-kernels-") as tmp:
        native = Native(lang, tmp) if native_on else None
        if native:
            for k in kernels:
                native.build(k, os.path.join(kdir, f"{k}.{EXT[lang]}"))
        runners = [(label, binary) for label, binary in variants] + ([("native", None)] if native else [])
        # one untimed run per binary first: the arm's per-machine builds (an SDK, a PCH, the shared
        # guest's compile) and the page cache are then warm for every timed run alike
        for label, binary in variants:
            run_gg(binary, lang, kernels[0], sources[kernels[0]], tmp, f"{os.getpid()}-warm-{label}")
        for rnd in range(n):
            order = runners[rnd % len(runners):] + runners[: rnd % len(runners)]
            for k in kernels:
                for label, binary in order:
                    if binary is None:
                        res = native.run(k, os.path.join(kdir, f"{k}.{EXT[lang]}"))
                    else:
                        res = run_gg(binary, lang, k, sources[k], tmp, f"{os.getpid()}-{rnd}-{label}")
                    res["load"] = load()[0]
                    results[k][label].append(res)
            print(f"round {rnd + 1}/{n} done, load {' '.join(load())}", file=sys.stderr, flush=True)
    load_end = load()

    print(f"## {lang} kernels: median kernel seconds of {n} interleaved runs")
    print(f"load average at start {' '.join(load_start)}, at end {' '.join(load_end)}; "
          f"{time.time() - started:.0f} s in all")
    for label, binary in variants:
        print(f"- {label}: {binary}")
    if native:
        print(f"- native: {native.about}")
    base = "native" if native else labels[0]
    cols = [l for l in labels if l != base] + [base]
    print()
    print("| kernel | " + " | ".join(f"{l} s" + ("" if l == base else f" | {l} ×{base}") for l in cols) + " |")
    print("| --- " * (1 + 2 * len(cols) - 1) + "|")
    ratios = {l: [] for l in cols if l != base}
    mismatched = []
    for k in kernels:
        med = {l: statistics.median(r["seconds"] for r in results[k][l]) for l in labels}
        outputs = {tuple(r["output"]) for l in labels for r in results[k][l]}
        if len(outputs) > 1:
            mismatched.append(k)
        cells = []
        for l in cols:
            cells.append(fmt_s(med[l]))
            if l != base:
                ratio = med[l] / med[base]
                ratios[l].append(ratio)
                cells.append(f"{ratio:.2f}")
        print(f"| {k}{' (!)' if k in mismatched else ''} | " + " | ".join(cells) + " |")
    cells = []
    for l in cols:
        cells.append("")
        if l != base:
            cells.append(f"**{geomean(ratios[l]):.2f}**")
    if ratios:
        print("| geomean | " + " | ".join(cells) + " |")
    if mismatched:
        print(f"\n(!) output differs between runs or variants: {', '.join(mismatched)}")

    if lang != "python" and variants:
        print(f"\n## {lang} prepare and wasmtime compile, ms (median of {n}; a fresh compile each run)")
        print()
        print("| kernel | " + " | ".join(f"{l} prepare | {l} compile" for l, _ in variants) + " |")
        print("| --- " * (1 + 2 * len(variants)) + "|")
        per = {l: [] for l, _ in variants}
        for k in kernels:
            cells = []
            for l, _ in variants:
                p = statistics.median(r["timing"]["prepare_ms"] for r in results[k][l])
                c = statistics.median(r["timing"]["compile_ms"] for r in results[k][l])
                per[l].append(p + c)
                cells += [f"{p:.0f}", f"{c:.0f}"]
            print(f"| {k} | " + " | ".join(cells) + " |")
        print("\n" + "; ".join(f"{l}: prepare + compile, median over kernels {statistics.median(per[l]):.0f} ms"
                              for l, _ in variants))

    if out_path:
        with open(out_path, "w") as f:
            json.dump({"lang": lang, "n": n, "variants": dict(variants), "native": native.about if native else None,
                       "load_start": load_start, "load_end": load_end, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
