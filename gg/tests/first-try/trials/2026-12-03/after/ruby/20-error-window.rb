path = "logs/build.log"
lines = File.readlines(path)
idx = lines.index { |l| l.include?("ERROR") }
if idx
  puts idx + 1
  start = [idx - 5, 0].max
  Gg::Views.open_file(path, offset: start, limit: 11)
else
  puts "No ERROR line found"
end
