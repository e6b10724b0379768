failed = Gg::Programs.history.find { |p| !p.ok }
if failed
  puts "turn #{failed.turn}: #{failed.error}"
  src = Gg::Programs.get(turn: failed.turn)
  Gg::Files.write_file("failed-program.txt", src)
else
  puts "No failed program found"
end
