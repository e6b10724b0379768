count = Gg::Files.list_dir.count { |e| e.kind == :file }
Gg::Views.open_text("file count", count.to_s)
puts count
