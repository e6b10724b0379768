tasks = Gg::Tasks.list
root = tasks.find { |t| t.title == "Get the security sign-off" }
if root.nil?
  puts "task not found"
else
  waiting = {}
  frontier = [root.id]
  until frontier.empty?
    id = frontier.shift
    tasks.each do |t|
      next if t.id == root.id || waiting[t.id]
      if (t.blocked_by || []).include?(id)
        waiting[t.id] = t
        frontier << t.id
      end
    end
  end
  waiting.values.sort_by(&:id).each do |t|
    puts t.title
    Gg::Tasks.update(t.id, { description: "delayed: waits for the security sign-off" })
  end
end
