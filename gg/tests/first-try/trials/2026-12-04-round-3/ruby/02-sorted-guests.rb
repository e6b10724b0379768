names = File.read("lists/guests.txt", encoding: "UTF-8").each_line.map(&:strip).reject(&:empty?).uniq
key = ->(s) { s.unicode_normalize(:nfd).gsub(/\p{Mn}/, "").downcase }
sorted = names.sort_by { |n| [key.(n), n] }
File.write("lists/guests-sorted.txt", sorted.join("\n") + "\n")
puts sorted
