# Session A, after B's attempts: its files, task and memory as it left them, and nothing of B's.
import gg

print("secret.txt " + gg.files.read_file("secret.txt").contents.strip())
with open("@@A_ROOT@@/secret-own.txt") as f:
    print("secret-own.txt " + f.read().strip())
print("entries " + " ".join(sorted(e.name for e in gg.files.list_dir())))
print("tasks " + " | ".join(t.title for t in gg.tasks.list()))
print("memory " + gg.memories.read("tenancy").body)
