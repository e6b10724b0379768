path = "src/reader.py"
lines = Gg::Files.read_file(path).contents.lines
start = lines.index { |l| l =~ /^\s*(async\s+)?def\s+parse_header\b/ }
raise "parse_header not found" unless start
nxt = ((start + 1)...lines.size).find { |i| lines[i] =~ /^\s*(async\s+)?def\s/ } || lines.size
Gg::Views.open_file(path, offset: start, limit: nxt - start)
puts "showing #{path} lines #{start + 1}-#{nxt}"
