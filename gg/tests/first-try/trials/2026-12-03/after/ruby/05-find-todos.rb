Gg::Files.search("TODO", path: "src").each do |m|
  puts "#{m.path}:#{m.line}: #{m.text}"
end
