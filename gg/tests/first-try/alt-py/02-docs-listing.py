import gg
for e in gg.files.list_dir("docs"):
    print(f"[{'dir' if e.kind.name == 'DIRECTORY' else 'file'}] {e.name}")
