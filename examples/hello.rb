# A Ruby program, as a model would write it: the gg SDK is loaded before it (`require "gg"` is accepted).
require "gg"

todo = Gg::Files.read_file("notes/todo.txt", limit: 2)
puts "the first #{todo.last_line} of #{todo.total_lines} lines:"
todo.contents.each_line { |line| puts " - #{line.chomp}" }

task = Gg::Tasks.add(title: "try the Python arm next")
Gg::Views.open_text("1. read the notes\n2. filed task #{task.id}", label: "plan")
Gg::Session.finish("read the notes and filed a task")
