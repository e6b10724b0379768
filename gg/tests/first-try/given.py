#!/usr/bin/env python3
"""Prints a round's tasks as a writer is handed them: `given.py ROUND_DIR > ROUND_DIR/tasks-as-given.md`.

Each task is `## Task NN-name`, its task.md, then "What you saw before writing this program:" and
its context.md (what the agent had looked at in the workspace before the program). A task with
`flags` says so in one line for whoever runs it: the writer's prompt is the one for those settings.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import tasks  # noqa: E402


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: given.py ROUND_DIR")
    root = Path(sys.argv[1]).resolve()
    out = [f"# First-try tasks, {root.name}: as given to a writer", ""]
    for t in tasks(root):
        out += [f"## Task {t.name}", ""]
        if (t / "flags").is_file():
            out += [f"(Runs with `{(t / 'flags').read_text().strip()}`: hand the writer the prompt for those settings.)", ""]
        out += [(t / "task.md").read_text().strip(), "", "What you saw before writing this program:", "",
                "```text", (t / "context.md").read_text().rstrip(), "```", ""]
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
