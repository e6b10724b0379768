# A write of 1 MiB into a FIFO the program holds both ends of and never reads: the pipe fills
# and the write waits, in a core-module guest (WASI preview1): stopped at the deadline.
workspace = Gg::Shell.run("mkfifo pipe && pwd").output.strip
pipe = File.open("#{workspace}/pipe", "r+")
puts "writing"
$stdout.flush
pipe.write("x" * (1 << 20))
pipe.flush
puts "written"
