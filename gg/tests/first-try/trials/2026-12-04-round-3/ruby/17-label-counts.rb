counts = Hash.new { |h, k| h[k] = { open: 0, closed: 0 } }
Gg::Board.list_issues.each do |issue|
  issue.labels.uniq.each do |label|
    counts[label][issue.status == :closed ? :closed : :open] += 1
  end
end
lines = counts.keys.sort.map { |l| "#{l}: #{counts[l][:open]} open, #{counts[l][:closed]} closed" }
File.write("docs/labels.txt", lines.map { |l| l + "\n" }.join)
puts lines
