Gg::Board.list_issues(status: :open).each do |issue|
  puts issue.title if issue.labels.include?("ui")
end
