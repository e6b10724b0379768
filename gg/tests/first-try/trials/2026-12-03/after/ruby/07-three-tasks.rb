["Draft the report", "Review the draft", "Send the report"].each do |title|
  id = Gg::Tasks.add(Gg::Tasks::TaskInput.new(title: title, blocked_by: []))
  puts "#{title}: #{id}"
end
