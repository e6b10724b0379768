import gg

template = gg.files.read_file("templates/report.md").contents
report = template.replace("{{month}}", "December 2026").replace("{{author}}", "Dana")
gg.files.write_file("reports/2026-12.md", report)
print("Wrote reports/2026-12.md")
