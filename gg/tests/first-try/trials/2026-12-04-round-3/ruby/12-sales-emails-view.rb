require "csv"
rows = CSV.read("team/people.csv", headers: true)
emails = rows.select { |r| r["team"].to_s.strip == "Sales" }.map { |r| r["email"].to_s.strip }.sort
Gg::Views.open_text(emails.join("\n"), label: "sales emails")
puts emails
