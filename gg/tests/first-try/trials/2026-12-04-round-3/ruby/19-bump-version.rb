path = "pyproject.toml"
lines = File.read(path).each_line.to_a
section = nil
changed = 0
lines.map! do |line|
  if line =~ /\A\s*\[([^\]]+)\]/
    section = $1.strip
    line
  elsif section == "project" && changed == 0 && line =~ /\A\s*version\s*=\s*"1\.4\.2"/
    changed += 1
    line.sub("1.4.2", "1.5.0")
  else
    line
  end
end
File.write(path, lines.join)
puts changed == 1 ? "version bumped to 1.5.0" : "project version 1.4.2 not found"
