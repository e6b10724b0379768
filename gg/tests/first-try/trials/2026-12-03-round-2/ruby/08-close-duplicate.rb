issue = Gg::Board.list_issues.find { |i| i.id == 7 }
raise "issue 7 not found" unless issue
labels = issue.labels.dup
labels << "duplicate" unless labels.include?("duplicate")
desc = issue.description
new_desc = (desc.nil? || desc.empty?) ? "Duplicate of #3." : "Duplicate of #3.\n#{desc}"
Gg::Board.update_issue(7, { status: :closed, labels: labels, description: new_desc })
p Gg::Board.list_issues.find { |i| i.id == 7 }
