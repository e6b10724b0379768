hits = []
offset = 0
loop do
  page = Gg::Docs.search("", offset: offset, limit: 50)
  hits.concat(page.hits)
  offset += page.hits.size
  break if page.hits.empty? || offset >= page.total
end
board = hits.select { |h| h.module.to_s =~ /board/i }
ops = board.select { |h| h.signature.to_s =~ /\bdef\b|->/ && h.signature.to_s !~ /\A\s*(class|type)\b/ }
ops = ops.uniq(&:name)
ops.each do |h|
  Gg::Views.open_docs(h.name)
  puts "#{h.name}: #{h.brief}"
end
puts "no board operations found" if ops.empty?
