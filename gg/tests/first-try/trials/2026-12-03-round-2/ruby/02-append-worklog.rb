path = "notes/worklog.md"
text = Gg::Files.read_file(path).contents
text += "\n" unless text.empty? || text.end_with?("\n")
text += "- 2026-12-03: reviewed the payments design\n"
Gg::Files.write_file(path, text)
puts Gg::Files.read_file(path).contents
