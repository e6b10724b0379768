task = Gg::Tasks.list.find { |t| t.title == "Stop the nightly job from timing out" }
if task.nil?
  puts "task not found"
else
  Gg::Tasks.update(task.id, { status: :pending, description: "still times out on Sundays" })
  puts "task #{task.id} set back to pending"
end
