m = Gg::Memories.read("vpn")
if m.code.nil?
  Gg::Memories.write("office-vpn", m.body, description: m.description)
else
  Gg::Memories.write("office-vpn", m.body, description: m.description, code: m.code)
end
Gg::Memories.delete("vpn")
puts "renamed vpn to office-vpn"
