# One long park in a WASI preview1 sleep (a core-module guest): stopped at the deadline.
puts "sleeping"
sleep 100
puts "woke"
