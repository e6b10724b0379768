import gg

r = gg.shell.run("mv drafts/plan.md docs/plan.md")
print("moved" if r.exit_code == 0 else r.output)
