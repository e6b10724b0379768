mem = Gg::Memories.read("staging-db")
body = mem.body
puts "before:\n#{body}"
new_body =
  if body =~ /port\b[^\d\n]{0,15}\d+/i
    body.gsub(/(port\b[^\d\n]{0,15})\d+/i) { "#{$1}6543" }
  elsif body =~ /(?<=[a-z0-9\]]):\d{2,5}\b/i
    body.gsub(/(?<=[a-z0-9\]]):\d{2,5}\b/i, ":6543")
  else
    body.end_with?("\n") ? body + "Port: 6543\n" : body + "\nPort: 6543"
  end
if mem.code
  Gg::Memories.write("staging-db", mem.description, new_body, code: mem.code)
else
  Gg::Memories.write("staging-db", mem.description, new_body)
end
puts "after:\n#{Gg::Memories.read('staging-db').body}"
