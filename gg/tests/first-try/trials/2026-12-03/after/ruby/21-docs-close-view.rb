res = Gg::Docs.search("close")
res.hits.each { |h| puts "#{h.module} #{h.name}: #{h.brief}" } if res.hits.size > 1
hit = res.hits.find { |h| h.name.to_s =~ /close\z/ && h.module.to_s =~ /Views/i } ||
      res.hits.find { |h| h.name.to_s =~ /close/ }
if hit
  puts hit.signature
  full = hit.name.to_s =~ /[.:]/ ? hit.name : "#{hit.module}.#{hit.name}"
  Gg::Views.open_docs(full)
else
  puts "close operation not found in docs"
end
