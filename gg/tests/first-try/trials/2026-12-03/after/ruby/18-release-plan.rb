def add(title, blocked_by = [])
  Gg::Tasks.add(Gg::Tasks::TaskInput.new(title: title, blocked_by: blocked_by))
end
notes = add("Write release notes")
build = add("Build packages")
test = add("Test packages", [build])
publish = add("Publish", [test, notes])
mine = [notes, build, test, publish]
tasks = Gg::Tasks.list
by_id = tasks.to_h { |t| [t.id, t] }
tasks.each do |t|
  next unless mine.include?(t.id)
  next if t.status == :done
  ready = (t.blocked_by || []).all? { |b| by_id[b].nil? || by_id[b].status == :done }
  puts t.title if ready
end
