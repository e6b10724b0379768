import gg

text = gg.files.read_file("drafts/plan.md").contents
gg.files.write_file("docs/plan.md", text)
r = gg.shell.run("rm drafts/plan.md")
if r.exit_code != 0:
    raise SystemExit(f"could not remove drafts/plan.md: {r.output}")
