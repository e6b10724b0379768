body = Gg::Memories.read("release-checklist").body
count = 0
body.each_line do |line|
  item = line.strip
  next if item.empty?
  next if item.start_with?("#")
  item = item.sub(/\A(?:[-*+]\s+(?:\[[ xX]\]\s*)?|\d+[.)]\s+|\[[ xX]\]\s+)/, "").strip
  next if item.empty?
  Gg::Tasks.add(Gg::Tasks::TaskInput.new(title: item, blocked_by: []))
  count += 1
end
puts count
