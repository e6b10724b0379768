# Session A's secrets: a file written through gg's files operation, one through Python's own open(),
# a file whose name only A knows, a task and a memory, each holding a marker the client made. A
# learns its workspace's path from its shell's working directory and reports it as `ROOT ...`.
import gg

root = gg.shell.run("pwd").output.strip()
print(f"ROOT {root}")
gg.files.write_file("secret.txt", "@@SECRET_FILE@@\n")
with open(root + "/secret-own.txt", "w") as f:
    f.write("@@SECRET_OWN@@\n")
gg.files.write_file("listing-@@LISTING@@.txt", "a file whose name only A knows\n")
gg.tasks.add("task @@TASK@@")
gg.memories.write("tenancy", "memory @@MEMORY@@", "session A's memory")
print("A's secrets are written")
