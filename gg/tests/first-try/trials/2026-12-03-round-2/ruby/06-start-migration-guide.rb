tasks = Gg::Tasks.list
t = tasks.find { |x| x.title == "Write the migration guide" } ||
    tasks.find { |x| x.title.start_with?("Write the migration guide") }
raise "task not found" unless t
Gg::Tasks.update(t.id, { status: :in_progress })
Gg::Tasks.list.select { |x| x.status == :pending }.each { |x| puts x.title }
