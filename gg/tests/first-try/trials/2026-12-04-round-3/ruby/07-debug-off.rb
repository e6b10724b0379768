path = "deploy/app.env"
text = File.binread(path)
lines = text.each_line.to_a
kept = lines.reject { |l| l.chomp.strip == "DEBUG=1" }
File.binwrite(path, kept.join)
puts "removed #{lines.size - kept.size} line(s)"
