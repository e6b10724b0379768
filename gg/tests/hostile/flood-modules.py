# A flood of code modules: forty memories with code bound in one turn, each declaring 300 functions
# with long docstrings, one with a 5,000-character name. The outcome lists a bounded part of each
# binding and counts the rest.
import gg

defs = "".join(f"def f{i}(x):\n    \"\"\"{'d' * 300}\"\"\"\n    return x\n\n" for i in range(300))
wide = f"def {'w' * 5000}(x):\n    return x\n\n"
for i in range(40):
    gg.memories.write(f"flood_{i:02}", "many exports", "a flood", code=(wide if i == 0 else "") + defs)
print("done")
