# A session's workspace, as its shell's working directory: `ROOT ...`.
import gg

print(f"ROOT {gg.shell.run('pwd').output.strip()}")
