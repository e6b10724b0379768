# FIFOs the program makes with the shell, where the tools read and write: each tool refuses one
# at once (a read of a FIFO used to block in open(2) and keep gg alive after the outcome). gg's
# state sits beside a temporary workspace (`../state`), which the full reach's shell reaches.
import gg

gg.shell.run("mkfifo pipe && mkdir -p ../state/memories && mkfifo ../state/memories/trap.json ../state/skills/trap.md ../state/tasks.json")
calls = [
    ("files.read_file", lambda: gg.files.read_file("pipe")),
    ("views.open_file", lambda: gg.views.open_file("pipe")),
    ("files.write_file", lambda: gg.files.write_file("pipe", "x")),
    ("files.edit_file", lambda: gg.files.edit_file("pipe", "a", "b")),
    ("files.search", lambda: len(gg.files.search("x"))),
    ("memories.search", lambda: gg.memories.search(["trap"])),
    ("skills.read", lambda: gg.skills.read("trap")),
    ("tasks.list", lambda: gg.tasks.list()),
]
for name, call in calls:
    try:
        print(name, "ok", call())
    except gg.ApiError as e:
        print(name, e.code, e.message)
