entries = Gg::Files.list_dir(path: "uploads")
entries.each do |e|
  next unless e.kind == :file
  path = File.join("uploads", e.name)
  puts e.name if File.size(path) == 0
end
