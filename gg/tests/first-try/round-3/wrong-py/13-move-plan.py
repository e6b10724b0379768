import gg

# Near miss: copied, but left in drafts.
gg.files.write_file("docs/plan.md", gg.files.read_file("drafts/plan.md").contents)
