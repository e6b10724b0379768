text = Gg::Files.read_file("notes/meeting.txt").contents
groups = Hash.new { |h, k| h[k] = [] }
text.scan(/ACTION\(([^)]+)\):\s*(.+?)\s*$/) do |name, what|
  groups[name.strip] << what.strip
end
names = groups.keys.sort_by { |n| [n.downcase, n] }
out = names.map { |n| "## #{n}\n" + groups[n].map { |w| "- #{w}\n" }.join }.join("\n")
Gg::Files.write_file("notes/actions.md", out)
names.each { |n| puts "#{n}: #{groups[n].size}" }
