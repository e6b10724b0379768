tasks = Gg::Tasks.list
by_id = tasks.to_h { |t| [t.id, t] }
ready = tasks.select do |t|
  t.status == :pending &&
    (t.blocked_by || []).all? { |b| by_id[b].nil? || by_id[b].status == :done }
end
ready.each { |t| puts t.title }
first = ready.min_by(&:id)
Gg::Tasks.update(first.id, { status: :in_progress }) if first
