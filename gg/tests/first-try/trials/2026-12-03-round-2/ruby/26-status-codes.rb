counts = Hash.new(0)
Gg::Files.read_file("logs/access.log").contents.each_line do |line|
  counts[$1.to_i] += 1 if line =~ /"\s+(\d{3})\s+(\d+|-)\s*$/ || line =~ /"\s+(\d{3})\s/
end
rows = counts.sort_by { |code, n| [-n, code] }
Gg::Files.write_file("reports/status.txt", rows.map { |c, n| "#{c} #{n}\n" }.join)
total = counts.values.sum
errors = counts.select { |c, _| c >= 500 }.values.sum
pct = total.zero? ? 0.0 : errors * 100.0 / total
puts format("server errors: %.1f%%", pct)
