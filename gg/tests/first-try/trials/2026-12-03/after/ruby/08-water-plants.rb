task = Gg::Tasks.list.find { |t| t.title == "Water the plants" }
if task
  Gg::Tasks.complete(task.id)
else
  puts "No task titled 'Water the plants' found"
end
Gg::Tasks.list.each do |t|
  puts t.title unless t.status == :done
end
