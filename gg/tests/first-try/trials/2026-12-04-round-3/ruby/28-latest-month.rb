require "csv"
path = "sales/2026-12.csv"
unless File.file?(path)
  months = Dir.children("sales").select { |n| n =~ /\A\d{4}-\d{2}\.csv\z/ }.sort
  path = months.empty? ? nil : File.join("sales", months.last)
end
if path.nil?
  puts "no monthly sales file found"
else
  rows = CSV.read(path, headers: true)
  values = rows.map { |r| r["amount"].to_s.strip }.reject(&:empty?)
  total = if values.all? { |v| v =~ /\A-?\d+\z/ }
            values.sum(&:to_i)
          else
            values.sum { |v| v.delete(",").to_r }.round(2).to_f
          end
  summary = "Totalled #{path}: the amount column comes to #{total}."
  puts summary
  Gg::Session.finish(summary)
end
