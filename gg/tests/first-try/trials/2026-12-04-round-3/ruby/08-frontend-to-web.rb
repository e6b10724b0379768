count = 0
Gg::Board.list_issues.each do |issue|
  next unless issue.labels.include?("frontend")
  labels = issue.labels.map { |l| l == "frontend" ? "web" : l }.uniq
  Gg::Board.update_issue(issue.id, { labels: labels })
  count += 1
end
puts count
