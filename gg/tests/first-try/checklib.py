"""What every task's check.py shares: reading gg's outcome, the workspace and its state directory.

A check is run as `check.py OUTCOME WORKSPACE STATE`: OUTCOME is the file `gg run --json` wrote
(one JSON object per program: the submitted one, then each rerun), WORKSPACE the workspace after
the run, STATE gg's state directory for it (tasks.json, board.json, memories/, skills/,
programs.json). A check calls `fail(why)` (one line, exit 1) or returns (exit 0).
"""

import json
import re
import sys
from pathlib import Path


class Run:
    """One task's run, as a check sees it."""

    def __init__(self, argv=None):
        argv = sys.argv[1:] if argv is None else argv
        if len(argv) != 3:
            fail("usage: check.py OUTCOME WORKSPACE STATE")
        self.outcome_path = Path(argv[0])
        self.ws = Path(argv[1])
        self.state = Path(argv[2])
        self.outcomes = load_outcomes(self.outcome_path)
        if not self.outcomes:
            fail("gg printed no JSON outcome")

    # --- the outcome ---------------------------------------------------------------------------

    @property
    def first(self):
        return self.outcomes[0]

    @property
    def last(self):
        return self.outcomes[-1]

    def logs(self):
        """Every line every program of the run printed, in order, stripped of trailing space."""
        return [line.rstrip() for o in self.outcomes for line in o.get("logs") or []]

    def log_text(self):
        return "\n".join(self.logs())

    def calls(self, operation=None):
        """Every membrane call of the run (optionally one operation's), in order."""
        out = [c for o in self.outcomes for c in o.get("calls") or []]
        return [c for c in out if operation is None or c.get("operation") == operation]

    def ok_calls(self, operation):
        return [c for c in self.calls(operation) if c.get("ok")]

    def views(self):
        """The views the run leaves open: the last program's."""
        return self.last.get("views") or []

    def ending(self):
        """The session ending the run reached (the last program that set one and completed)."""
        return self.last.get("ending")

    def require_completed(self):
        """Every program of the run completed (a program that stopped itself with 0 counts)."""
        for i, o in enumerate(self.outcomes):
            status = o.get("status")
            if status == "exited" and o.get("exit_status") == 0:
                continue
            if status != "completed":
                err = o.get("error") or {}
                what = "the program" if i == 0 else f"rerun {i}"
                fail(f"{what} ended {status}: {one_line(err.get('message', ''))[:200]}")

    def require_call(self, operation, why=None):
        if not self.ok_calls(operation):
            fail(why or f"no successful {operation} call")
        return self.ok_calls(operation)

    # --- the workspace and its state -----------------------------------------------------------

    def text(self, rel):
        p = self.ws / rel
        if not p.is_file():
            fail(f"{rel} does not exist")
        return p.read_text(encoding="utf-8", errors="replace")

    def tasks(self):
        """The task list, in the wire's spellings: `status` "pending", "in-progress" or "done",
        `blocked-by` a list of ids (gg's store spells them `Pending`, `InProgress`, `blocked_by`)."""
        p = self.state / "tasks.json"
        out = []
        for t in (json.loads(p.read_text()).get("tasks") or []) if p.is_file() else []:
            t = dict(t)
            t["status"] = wire_enum(t.get("status"))
            t["blocked-by"] = t.pop("blocked_by", t.get("blocked-by")) or []
            out.append(t)
        return out

    def issues(self):
        """The board's issues, `status` in the wire's spelling ("open", "closed")."""
        p = self.state / "board.json"
        out = []
        for i in (json.loads(p.read_text()).get("issues") or []) if p.is_file() else []:
            out.append({**i, "status": wire_enum(i.get("status"))})
        return out

    def memory(self, name):
        p = self.state / "memories" / f"{name}.json"
        return json.loads(p.read_text()) if p.is_file() else None

    def memories(self):
        d = self.state / "memories"
        return {p.stem: json.loads(p.read_text()) for p in sorted(d.glob("*.json"))} if d.is_dir() else {}


def load_outcomes(path):
    """The JSON objects in `path`, one after another (whitespace between them)."""
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    dec, i, out = json.JSONDecoder(), 0, []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return out
        try:
            obj, i = dec.raw_decode(text, i)
        except json.JSONDecodeError:
            return out
        out.append(obj)


def wire_enum(v):
    """An enum case as the wire spells it: `InProgress`, `in_progress` and `in-progress` alike."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", "-", str(v)).replace("_", "-").lower()


def fail(why):
    print(one_line(why))
    sys.exit(1)


def one_line(s):
    return " ".join(str(s).split())


def norm(s):
    """A name compared across arms' spellings: lower case, without `_`, `-`, `.`, `:` or spaces."""
    return re.sub(r"[\s_\-.:]", "", str(s).lower())


def lines_of(text):
    """A text's lines, each stripped of trailing space, without trailing empty lines."""
    lines = [l.rstrip() for l in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def has_number(line, n):
    """`n` occurs in `line` as a whole number (not as part of 123)."""
    return re.search(rf"(?<![\d.]){re.escape(str(n))}(?![\d]|\.\d)", line) is not None


def meaningful(logs):
    """Log lines that are not empty."""
    return [l.strip() for l in logs if l.strip()]
