closed = []
Gg::Board.list_issues(status: :open).each do |issue|
  next unless issue.labels.include?("done-in-1.4")
  Gg::Board.update_issue(issue.id, { status: :closed, labels: issue.labels - ["done-in-1.4"] })
  closed << issue.id
end
reopened = []
Gg::Board.list_issues(status: :closed).each do |issue|
  next unless issue.labels.include?("regression")
  Gg::Board.update_issue(issue.id, { status: :open })
  reopened << issue.id
end
puts "closed: #{closed.join(', ')}"
puts "reopened: #{reopened.join(', ')}"
