paths = Dir.glob("docs/**/*.md").select { |f| File.file?(f) }.sort
untitled = paths.reject { |f| File.foreach(f).any? { |l| l.start_with?("# ") } }
File.write("docs/untitled.txt", untitled.map { |f| "#{f}\n" }.join)
puts untitled
