path = "config/server.conf"
text = Gg::Files.read_file(path).contents
stack = []
section = nil
changed = 0
lines = text.lines.map do |line|
  stripped = line.strip
  if stripped =~ /\A\[([^\]]+)\]/
    section = $1.strip
    stack = []
    next line
  elsif stripped =~ /\A([\w.-]+)\s*\{/
    stack.push($1)
    next line
  elsif stripped =~ /\A\}/
    stack.pop
    next line
  elsif line =~ /\A([\w.-]+):\s*\z/
    section = $1
    next line
  end
  current = stack.last || section
  in_db = current.to_s =~ /database|\bdb\b/i
  if line =~ /timeout/i && (in_db || line =~ /(database|\bdb)[._-]?timeout/i) && line =~ /\b30\b/
    changed += 1
    line.sub(/\b30\b/, "60")
  else
    line
  end
end
Gg::Files.write_file(path, lines.join)
puts "changed #{changed} line(s)"
