tpl = Gg::Files.read_file("templates/report.md").contents
out = tpl.gsub("{{month}}", "December 2026").gsub("{{author}}", "Dana")
Gg::Files.write_file("reports/2026-12.md", out)
puts out
