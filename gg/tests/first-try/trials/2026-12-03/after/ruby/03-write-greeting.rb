n = Gg::Files.write_file("out/greeting.txt", "Hello from the agent\n")
puts "wrote #{n} bytes to out/greeting.txt"
