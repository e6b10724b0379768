import gg

issues = gg.board.list_issues()
lines = ["## Open", *[f"- #{i.id} {i.title}" for i in issues], "", "## Closed", *[f"- #{i.id} {i.title}" for i in issues]]
gg.files.write_file("docs/board.md", "\n".join(lines) + "\n")
print(f"{len(issues)} open, 0 closed")
