Gg::Board.list_issues(status: :open).each do |i|
  puts "##{i.id} #{i.title}" if i.labels.nil? || i.labels.empty?
end
