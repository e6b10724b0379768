Gg::Tasks.list.each do |t|
  Gg::Tasks.remove(t.id) if t.status == :done
end
puts "#{Gg::Tasks.list.size} tasks left"
