path = "src/settings.py"
src = Gg::Files.read_file(path).contents
out = src.lines.map do |line|
  idx = line.index("#")
  code, comment = idx ? [line[0...idx], line[idx..]] : [line, ""]
  code.gsub(/(?<![\w.])load\b/, "read_settings") + comment
end.join
Gg::Files.write_file(path, out)
puts out
