code = <<~'RUBY'
  extend self if is_a?(Module)

  # Formats an amount in cents as euros, e.g. 129900 -> "1,299.00 EUR".
  def format_cents(cents)
    sign = cents < 0 ? "-" : ""
    euros, rest = cents.abs.divmod(100)
    grouped = euros.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
    "#{sign}#{grouped}.#{format('%02d', rest)} EUR"
  end
RUBY
Gg::Memories.write("money", "Helpers for showing amounts of money",
  "Lib::Money.format_cents(cents) formats an amount in cents as euros with a thousands separator and two decimals, e.g. 129900 -> \"1,299.00 EUR\".",
  code: code)

second = <<~'RUBY'
  require "csv"
  totals = Hash.new(0)
  CSV.parse(Gg::Files.read_file("data/orders.csv").contents, headers: true).each do |row|
    totals[row["customer"]] += row["cents"].to_i
  end
  out = totals.keys.sort.map { |c| "#{c}: #{Lib::Money.format_cents(totals[c])}\n" }.join
  Gg::Files.write_file("reports/totals.txt", out)
  puts out
RUBY
Gg::Programs.rerun(second)
