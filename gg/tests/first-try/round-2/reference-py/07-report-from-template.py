import gg

text = gg.files.read_file("templates/report.md").contents
gg.files.write_file("reports/2026-12.md", text.replace("{{month}}", "December 2026").replace("{{author}}", "Dana"))
