#!/bin/bash
# Issue 24's rows for two gg binaries in one run, interleaved (BENCHMARKS.md, "The toolchain move"):
#   bash gg/benches/before_after.sh BEFORE_GG AFTER_GG
# Programs: trivial ones written here, and the Rust and C++ prepare programs of the arms' benches.
set -u
B48=$(realpath "$1"); B50=$(realpath "$2")
S=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$S/../.." && pwd)
work=$(mktemp -d); cd "$work"
printf 'print("hi")\n' > t.py; printf 'console.log("hi")\n' > t.js; printf 'puts "hi"\n' > t.rb
printf 'fun main() {\n    println("hi")\n}\n' > t.kt
printf 'public class Main {\n    public static void main(String[] args) {\n        System.out.println("hi");\n    }\n}\n' > t.java
python3 - "$ROOT" <<'PY'
import re, sys
for src, out in [("gg-arm-rust/benches/rust.rs", "prog.rs"), ("gg-arm-cpp/benches/prepare.rs", "prog.cpp")]:
    text = open(f"{sys.argv[1]}/{src}").read()
    open(out, "w").write(re.search(r'const PROGRAM: &str = r#"(.*?)"#;', text, re.S).group(1))
PY
echo "== $(date -u +%H:%M) load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== python warm turn"; python3 $S/session_turns.py turn 3 40 t.py before=$B48 after=$B50
echo "== javascript warm turn"; python3 $S/session_turns.py turn 3 40 t.js before=$B48 after=$B50
echo "== ruby warm turn"; python3 $S/session_turns.py turn 3 40 t.rb before=$B48 after=$B50
echo "== python throughput, 2 processes"; python3 $S/session_turns.py throughput 2 300 2 t.py before=$B48 after=$B50
echo "== load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== cold process t.py"; python3 $S/cold_process.py 60 t.py before=$B48 after=$B50
echo "== native python3 t.py, 60 runs"; python3 - <<'PY'
import subprocess, time, statistics
ts=[]
for i in range(63):
    t=time.perf_counter(); subprocess.run(["python3","t.py"],stdout=subprocess.DEVNULL); ts.append((time.perf_counter()-t)*1000)
ts=sorted(ts[3:]); print(f"python3 t.py: median {statistics.median(ts):.2f} ms p10 {ts[len(ts)//10]:.2f} p90 {ts[9*len(ts)//10]:.2f}")
PY
echo "== load: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in 1 2; do for b in before:$B48 after:$B50; do echo "== rust prepare, ${b%%:*}, round $r"; python3 $S/compiled_prepare.py ${b#*:} prog.rs 9 session; done; done
for r in 1 2; do for b in before:$B48 after:$B50; do echo "== cpp prepare, ${b%%:*}, round $r"; python3 $S/compiled_prepare.py ${b#*:} prog.cpp 9 session; done; done
echo "== kotlin hello, one session of 6"; python3 $S/session_turns.py turn 2 6 t.kt before=$B48 after=$B50
echo "== java hello, one session of 6"; python3 $S/session_turns.py turn 2 6 t.java before=$B48 after=$B50
echo "== $(date -u +%H:%M) load: $(cut -d' ' -f1-3 /proc/loadavg)"
