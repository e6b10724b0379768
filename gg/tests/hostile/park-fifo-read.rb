# A blocking read of a FIFO the program holds both ends of (no data will ever come), in a
# core-module guest (WASI preview1): stopped at the deadline.
workspace = Gg::Shell.run("mkfifo pipe && pwd").output.strip
pipe = File.open("#{workspace}/pipe", "r+")
puts "reading"
$stdout.flush
pipe.read(1)
puts "read"
