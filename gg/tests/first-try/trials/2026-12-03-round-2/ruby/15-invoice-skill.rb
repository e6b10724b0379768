year = 2026
order = 1187
customer = "Lindqvist AB"
total = 1250.5
digits = format("%04d%05d", year, order)
sum = digits.chars.each_with_index.sum { |c, i| c.to_i * (i + 1) }
letter = "ABCDEFGHJKLMNPQRSTUVWXYZ"[sum % 24]
number = "INV-#{year}-#{format('%05d', order)}-#{letter}"
Gg::Files.write_file("invoices/#{number}.txt",
  "invoice: #{number}\ncustomer: #{customer}\ntotal: #{format('%.2f', total)} EUR\n")
index = Gg::Files.read_file("invoices/index.txt").contents
index += "\n" unless index.empty? || index.end_with?("\n")
index += "#{number} #{customer}\n"
Gg::Files.write_file("invoices/index.txt", index)
puts number
