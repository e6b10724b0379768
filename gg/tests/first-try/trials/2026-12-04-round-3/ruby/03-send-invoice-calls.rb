paths = Gg::Files.search("send_invoice", path: "src").map(&:path).uniq.sort
results = []
paths.each do |path|
  text = Gg::Files.read_file(path).contents
  in_triple = nil
  text.each_line.with_index(1) do |line, no|
    code = +""
    i = 0
    # strip docstrings / string literals / comments, tracking triple quotes across lines
    while i < line.length
      if in_triple
        j = line.index(in_triple, i)
        if j
          i = j + 3
          in_triple = nil
        else
          i = line.length
        end
        next
      end
      ch = line[i]
      if line[i, 3] == '"""' || line[i, 3] == "'''"
        in_triple = line[i, 3]
        i += 3
        code << " "
      elsif ch == '"' || ch == "'"
        j = i + 1
        while j < line.length && line[j] != ch
          j += 1 if line[j] == "\\"
          j += 1
        end
        i = j + 1
        code << '""'
      elsif ch == "#"
        break
      else
        code << ch
        i += 1
      end
    end
    next if code =~ /^\s*(async\s+)?def\s+send_invoice\b/
    results << "#{path}:#{no}" if code =~ /(?<![\w])send_invoice\s*\(/
  end
end
puts results
