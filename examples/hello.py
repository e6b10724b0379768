# A Python program, as a model would write it: `import gg` is the line that reaches the SDK.
import gg

todo = gg.files.read_file("notes/todo.txt", limit=2)
print(f"the first {todo.last_line} of {todo.total_lines} lines:")
for line in todo.contents.splitlines():
    print(" -", line)

task = gg.tasks.add("try the TypeScript arm next")
gg.views.open_text(f"1. read the notes\n2. filed task {task.id}", label="plan")
gg.session.finish("read the notes and filed a task")
