require "csv"
rows = CSV.parse(File.read("data/scores.csv")).reject { |r| r.compact.empty? }
rows.shift if rows.first && rows.first[1].to_s.strip !~ /\A-?\d+(\.\d+)?\z/
entries = rows.map { |r| [r[0].to_s.strip, Float(r[1].to_s.strip)] }
top = entries.max_by { |_, s| s }
avg = entries.sum { |_, s| s } / entries.size
File.write("data/summary.txt", "top: #{top[0]}\naverage: #{format('%.1f', avg)}\n")
puts File.read("data/summary.txt")
