require "csv"
rows = CSV.parse(File.read("data/stock.csv"), headers: true)
low = rows.select { |r| r["stock"].to_i < r["minimum"].to_i }.map { |r| r["item"] }
File.write("reports/restock.txt", low.map { |n| "#{n}\n" }.join)
low.each do |item|
  issue = Gg::Board.create_issue(Gg::Board::IssueInput.new(title: "Restock #{item}", description: nil, labels: ["supplies"]))
  puts "##{issue.id} Restock #{item}"
end
