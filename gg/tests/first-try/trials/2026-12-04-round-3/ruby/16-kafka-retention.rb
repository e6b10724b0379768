hits = Gg::Memories.search([])
names = []
hits.each do |h|
  m = Gg::Memories.read(h.name)
  all = [m.name, m.description, m.body, m.code].compact.join("\n").downcase
  names << m.name if all.include?("kafka") && all.include?("retention")
end
puts names
