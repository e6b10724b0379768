path = "config/app.ini"
text = Gg::Files.read_file(path).contents
port_done = false
level_done = false
lines = text.lines.map do |line|
  next line if line =~ /^\s*[#;]/
  if !port_done && line =~ /^\s*[^=:\[]*port[^=:]*[=:]\s*"?8080\b/i
    port_done = true
    line.sub(/8080/, "9090")
  elsif !level_done && line =~ /^\s*[^=:\[]*level[^=:]*[=:]\s*"?info\b/i
    level_done = true
    line.sub(/\binfo\b/, "debug")
  else
    line
  end
end
new_text = lines.join
Gg::Files.write_file(path, new_text)
puts "port changed: #{port_done}, log level changed: #{level_done}"
