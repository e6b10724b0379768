def all_hits(query, mod)
  hits = []
  offset = 0
  loop do
    res = mod ? Gg::Docs.search(query, module: mod, offset: offset, limit: 50) :
                Gg::Docs.search(query, offset: offset, limit: 50)
    hits.concat(res.hits)
    offset += res.hits.size
    break if res.hits.empty? || offset >= res.total
  end
  hits
rescue Gg::ApiError => e
  puts "search #{query.inspect} #{mod.inspect} failed: #{e.message}"
  []
end

hits = []
[["", "tasks"], ["", "Gg::Tasks"], ["task", "tasks"], ["task", nil], ["tasks", nil]].each do |q, m|
  hits = all_hits(q, m).select { |h| h.module.to_s =~ /tasks\z/i }
  break unless hits.empty?
end
ops = hits.select do |h|
  last = h.name.to_s.split(/::|\./).last.to_s
  last =~ /\A[a-z_]/
end
names = ops.map(&:name).uniq
Gg::Files.write_file("docs/tasks-api.txt", names.join("\n") + "\n")
puts names
