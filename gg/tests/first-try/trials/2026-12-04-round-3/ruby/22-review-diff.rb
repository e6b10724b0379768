diff = File.read("change.diff")
file = nil
items = []
diff.each_line do |raw|
  line = raw.chomp
  if line.start_with?("+++ ")
    path = line.sub(/\A\+\+\+ /, "").sub(/\t.*\z/, "")
    file = path.sub(%r{\Ab/}, "")
  elsif line.start_with?("diff --git ")
    file = line[%r{ b/(.+)\z}, 1]
  elsif line.start_with?("+")
    added = line[1..]
    if added.include?("print(") || added.include?("TODO")
      items << "#{file}: #{added.strip}"
    end
  end
end
if items.empty?
  Gg::Session.approve
  puts "approved"
else
  Gg::Session.request_changes(items)
  puts items
end
