t = Gg::Tasks.list.find { |x| x.title.start_with?("[S12] Write the retro notes") }
raise "task not found" unless t
Gg::Tasks.complete(t.id)
s12 = Gg::Tasks.list.select { |x| x.title.start_with?("[S12]") }
open = s12.reject { |x| x.status == :done }
if open.empty?
  Gg::Session.finish("Sprint 12 is complete: all #{s12.size} of its tasks are done.")
  puts "Sprint 12 is complete (#{s12.size} tasks)."
else
  open.each { |x| puts x.title }
end
