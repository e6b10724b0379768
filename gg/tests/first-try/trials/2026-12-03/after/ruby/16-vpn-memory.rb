hits = Gg::Memories.search(["vpn", "VPN", "office", "connect"])
hits.each { |h| puts "#{h.name} (#{h.score}): #{h.description}" }
best = hits.find { |h| "#{h.name} #{h.description}" =~ /vpn/i } || hits.first
if best
  mem = Gg::Memories.read(best.name)
  Gg::Files.write_file("docs/vpn.md", mem.body)
  puts "Wrote memory #{best.name} to docs/vpn.md"
else
  puts "No memory about the VPN found"
end
