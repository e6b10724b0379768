best = nil
Gg::Files.list_dir(path: "logs").each do |e|
  next unless e.kind == :file
  n = Gg::Files.read_file("logs/#{e.name}").total_lines
  best = [e.name, n] if best.nil? || n > best[1]
end
if best
  puts "#{best[0]} #{best[1]}"
else
  puts "no log files in logs"
end
