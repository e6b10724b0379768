text = File.read("release/checklist.md")
items = text.each_line.map(&:rstrip).select { |l| l =~ /\A\s*[-*+]\s+\[[ xX]?\]/ }
unticked = items.reject { |l| l =~ /\A\s*[-*+]\s+\[[xX]\]/ }
if items.any? && unticked.empty?
  Gg::Session.finish("The release checklist is complete: all #{items.size} items are ticked.")
  puts "checklist complete (#{items.size} items)"
else
  unticked.each { |l| puts l.strip }
end
