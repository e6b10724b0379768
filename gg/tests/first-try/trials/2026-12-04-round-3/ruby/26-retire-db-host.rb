pattern = /(?<![\w-])db-old\.internal(?![\w-])(?!\.[\w-])/
changed = []
Dir.glob("config/**/*", File::FNM_DOTMATCH).sort.each do |path|
  next if File.symlink?(path) || !File.file?(path)
  text = File.binread(path).force_encoding("UTF-8")
  next unless text.valid_encoding?
  next unless text =~ pattern
  File.binwrite(path, text.gsub(pattern, "db.internal"))
  changed << path
end
puts changed
