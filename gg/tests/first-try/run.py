#!/usr/bin/env python3
"""Runs the first-try tasks' programs of one arm and checks each.

    run.py GG_BINARY ARM EXT PROGRAMS_DIR [--tasks DIR] [--only NAME] [--timeout-secs S]

For each task folder (DIR/everyday/NN-name, DIR/harder/NN-name; DIR is round 1's, this folder, unless
--tasks names another round such as round-2/) it seeds a fresh workspace (gg's default
workspace, then the task's seed/) and a fresh GG_STATE_HOME whose state directory for that
workspace holds gg's default skills and the task's state/ (tasks.json, board.json, memories/,
skills/, programs.json), runs

    GG_BINARY run --json --lang ARM --workspace W [FLAGS] PROGRAMS_DIR/NN-name.EXT

(FLAGS: the task's `flags` file, e.g. `--ending review`), then the task's check.py with the JSON
outcome, the workspace and the state directory. It prints one line per task (`pass` or `FAIL
why`) and the totals, and writes PROGRAMS_DIR.results.json (every task's result) and
PROGRAMS_DIR.outcomes/NN-name.json (gg's JSON outcome as printed, every attempt kept).
"""

import argparse
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GG_CRATE = HERE.parents[1]  # gg/: the default workspace and its state are embedded from here
DEFAULT_WORKSPACE = GG_CRATE / "workspace"
DEFAULT_STATE = GG_CRATE / "workspace-state"
# Wall-clock bound on one `gg run` (its programs have gg's own --timeout-secs each; the compiled
# arms compile per program).
RUN_WALL_SECS = 600


def tasks(root=HERE):
    return sorted((p for group in ("everyday", "harder") for p in (root / group).iterdir() if (p / "task.md").is_file()),
                  key=lambda p: p.name)


def state_dir_for(root: Path, state_home: Path) -> Path:
    """gg's state directory for the workspace at `root` (canonical), as gg/src/workspace.rs has it."""
    hexd = hashlib.sha256(os.fsencode(str(root))).hexdigest()[:16]
    name = "".join(c for c in root.name if c.isalnum() or c in "-_.") or "root"
    return state_home / "workspaces" / f"{name}-{hexd}"


def copy_over(src: Path, dst: Path):
    if src.is_dir():
        shutil.copytree(src, dst, dirs_exist_ok=True, copy_function=shutil.copy2)


def run_task(task: Path, gg: str, arm: str, program: Path, outcome_file: Path, timeout_secs):
    group = task.parent.name
    result = {"task": task.name, "group": group, "program": str(program)}
    if not program.is_file():
        return {**result, "pass": False, "reason": f"no program {program.name}"}
    with tempfile.TemporaryDirectory(prefix=f"gg-first-try-{task.name}-") as tmp:
        tmp = Path(tmp).resolve()
        ws, home = tmp / "workspace", tmp / "state-home"
        ws.mkdir()
        copy_over(DEFAULT_WORKSPACE, ws)
        copy_over(task / "seed", ws)
        state = state_dir_for(ws, home)
        state.mkdir(parents=True)
        copy_over(DEFAULT_STATE, state)
        copy_over(task / "state", state)
        flags = shlex.split((task / "flags").read_text()) if (task / "flags").is_file() else []
        if timeout_secs:
            flags += ["--timeout-secs", str(timeout_secs)]
        cmd = [gg, "run", "--json", "--lang", arm, "--workspace", str(ws), *flags, str(program)]
        env = {**os.environ, "GG_STATE_HOME": str(home)}
        started = time.monotonic()
        try:
            p = subprocess.run(cmd, env=env, cwd=tmp, capture_output=True, text=True, timeout=RUN_WALL_SECS)
            stdout, stderr, rc = p.stdout, p.stderr, p.returncode
        except subprocess.TimeoutExpired as e:
            stdout = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            stderr, rc = f"gg run took over {RUN_WALL_SECS} s", None
        result.update(gg_exit=rc, wall_secs=round(time.monotonic() - started, 2), flags=flags)
        outcome_file.write_text(stdout)
        statuses = [o.get("status") for o in _outcomes(stdout)]
        result["statuses"] = statuses
        if not statuses:
            last = (stderr.strip().splitlines() or ["no output"])[-1]
            return {**result, "pass": False, "reason": f"gg printed no outcome (exit {rc}): {last}"}
        c = subprocess.run([sys.executable, str(task / "check.py"), str(outcome_file), str(ws), str(state)],
                           capture_output=True, text=True, timeout=120)
        if c.returncode == 0:
            return {**result, "pass": True, "reason": None}
        why = (c.stdout.strip() or c.stderr.strip() or f"check.py exited {c.returncode}").splitlines()
        return {**result, "pass": False, "reason": why[-1] if c.stdout.strip() else " | ".join(why[-2:])}


def _outcomes(text):
    sys.path.insert(0, str(HERE))
    from checklib import load_outcomes
    tmp = Path(tempfile.mkstemp(suffix=".json")[1])
    try:
        tmp.write_text(text)
        return load_outcomes(tmp)
    finally:
        tmp.unlink()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("gg", metavar="GG_BINARY")
    ap.add_argument("arm", metavar="ARM", help="the arm id gg run --lang takes (python, typescript, rust, ...)")
    ap.add_argument("ext", metavar="EXT", help="the programs' file extension (py, ts, rs, ...)")
    ap.add_argument("programs", metavar="PROGRAMS_DIR", type=Path, help="holds NN-name.EXT for each task")
    ap.add_argument("--tasks", metavar="DIR", type=Path, default=HERE,
                    help="the folder holding everyday/ and harder/ (default: round 1's, beside run.py)")
    ap.add_argument("--only", metavar="NAME", action="append",
                    help="only the tasks whose folder name is NAME or starts with NAME (repeatable)")
    ap.add_argument("--timeout-secs", type=float, help="passed to gg run (default: gg's own)")
    args = ap.parse_args()
    programs = args.programs.resolve()
    ext = args.ext.lstrip(".")
    selected = [t for t in tasks(args.tasks.resolve()) if not args.only or any(t.name == n or t.name.startswith(n) for n in args.only)]
    if not selected:
        sys.exit(f"no task matches {args.only}")
    outdir = programs.parent / f"{programs.name}.outcomes"
    outdir.mkdir(exist_ok=True)
    results = []
    for task in selected:
        r = run_task(task, args.gg, args.arm, programs / f"{task.name}.{ext}", outdir / f"{task.name}.json", args.timeout_secs)
        results.append(r)
        print(f"{task.parent.name}/{task.name}: {'pass' if r['pass'] else 'FAIL ' + r['reason']}", flush=True)
    totals = {}
    for g in ("everyday", "harder"):
        rs = [r for r in results if r["group"] == g]
        if rs:
            totals[g] = {"passed": sum(r["pass"] for r in rs), "of": len(rs)}
    print("total: " + ", ".join(f"{g} {t['passed']}/{t['of']}" for g, t in totals.items())
          + f"; {sum(r['pass'] for r in results)}/{len(results)} in all")
    summary = {"arm": args.arm, "ext": ext, "gg": args.gg, "programs": str(programs),
               "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "totals": totals, "results": results}
    results_file = programs.parent / f"{programs.name}.results.json"
    results_file.write_text(json.dumps(summary, indent=2) + "\n")
    print(f"results: {results_file}")
    sys.exit(0 if all(r["pass"] for r in results) else 1)


if __name__ == "__main__":
    main()
