removed = []
Gg::Board.list_issues(status: :closed).each do |issue|
  next unless issue.status == :closed && issue.labels.include?("wontfix")
  Gg::Board.remove_issue(issue.id)
  removed << issue.id
end
puts removed
