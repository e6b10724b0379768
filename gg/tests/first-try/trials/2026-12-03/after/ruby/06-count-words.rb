out = Gg::Shell.run("wc -w < notes/poem.txt")
puts out.output.strip.split.first
