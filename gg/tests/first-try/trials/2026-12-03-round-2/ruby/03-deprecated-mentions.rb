pattern = "deprecated".chars.map { |c| "[#{c.downcase}#{c.upcase}]" }.join
counts = Hash.new(0)
Gg::Files.search(pattern, path: "src").each do |m|
  counts[m.path] += 1
end
if counts.empty?
  puts "no file under src mentions deprecated"
else
  counts.sort.each { |path, n| puts "#{path} #{n}" }
end
