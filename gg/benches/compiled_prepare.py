#!/usr/bin/env python3
# A compiled arm's prepare and wasmtime compile as `gg run --json` reports them, one process per
# program, each program a variant of PROGRAM with one string literal changed (so neither the arm's
# nor the compile cache answers): medians over N runs. Figures in BENCHMARKS.md.
#
#   python3 gg/benches/compiled_prepare.py GG_BINARY PROGRAM N [session]
#
# With `session`, the N variants run as the turns of one `gg session` (one warm process: the
# engines made once) instead of one `gg run` process each.
#
# PROGRAM must contain the string literal "items " or the text `alpha beta`, which each variant
# changes (gg-arm-rust/benches/rust.rs' and gg-arm-cpp/benches/prepare.rs' programs, written out).
import json
import os
import statistics
import subprocess
import sys
import tempfile

gg, program, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
source = open(program).read()
ext = program.rsplit(".", 1)[1]
prepare, compile_ = [], []
nonce = os.getpid()  # a variant seen by an earlier run would be a compile-cache hit
session = len(sys.argv) > 4 and sys.argv[4] == "session"
with tempfile.TemporaryDirectory() as tmp:
    paths = []
    for i in range(n):
        path = os.path.join(tmp, f"v{i:03}.{ext}")
        variant = source.replace("alpha beta", f"alpha beta {nonce} {i}").replace('"items "', f'"items{nonce} {i} "')
        open(path, "w").write(variant)
        paths.append(path)
    if session:
        run = subprocess.run([gg, "session", "--json", *paths], capture_output=True, text=True).stdout
        outcomes = [json.loads(line) for line in run.splitlines() if line.strip()]
    else:
        outcomes = [
            json.loads(subprocess.run([gg, "run", "--json", p], capture_output=True, text=True).stdout) for p in paths
        ]
    for i, out in enumerate(outcomes):
        if out["status"] != "completed":
            sys.exit(f"variant {i}: {out['status']}: {out.get('error')}")
        prepare.append(out["timing"]["prepare_ms"])
        compile_.append(out["timing"]["compile_ms"])
both = [p + c for p, c in zip(prepare, compile_)]
for name, xs in (("prepare_ms", prepare), ("compile_ms", compile_), ("both", both)):
    print(f"{name}: median {statistics.median(xs):.1f} ({min(xs):.1f}-{max(xs):.1f})")
