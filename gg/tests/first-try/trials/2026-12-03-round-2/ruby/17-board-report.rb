issues = Gg::Board.list_issues.sort_by(&:id)
open = issues.select { |i| i.status == :open }
closed = issues.select { |i| i.status == :closed }
out = +"## Open\n\n"
open.each { |i| out << "- ##{i.id} #{i.title}\n" }
out << "\n## Closed\n\n"
closed.each { |i| out << "- ##{i.id} #{i.title}\n" }
Gg::Files.write_file("docs/board.md", out)
puts "open: #{open.size}"
puts "closed: #{closed.size}"
