# open(2) of a FIFO with no writer, in a core-module guest (WASI preview1): stopped at the
# deadline, and gg exits (the open left waiting in the blocking pool is released).
workspace = Gg::Shell.run("mkfifo pipe && pwd").output.strip
puts "opening"
$stdout.flush
File.open("#{workspace}/pipe", "r")
puts "opened"
