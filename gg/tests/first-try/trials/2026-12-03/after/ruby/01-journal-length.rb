path = "notes/journal.txt"
info = Gg::Files.read_file(path)
total = info.total_lines
puts total
if total > 0
  last = Gg::Files.read_file(path, offset: total - 1, limit: 1).contents
  puts last.chomp
end
