import gg
print("turn 3 failed: not-found notes/plan.md")
gg.files.write_file("failed-program.txt", gg.programs.get())
