lines = File.read("logs/server.log").each_line.to_a
idx = lines.rindex { |l| l.start_with?("=== start") }
if idx.nil?
  puts "no '=== start' line found"
else
  view = Gg::Views.open_file("logs/server.log", offset: idx, limit: lines.size - idx)
  puts "showing lines #{idx + 1}-#{lines.size} of logs/server.log"
end
