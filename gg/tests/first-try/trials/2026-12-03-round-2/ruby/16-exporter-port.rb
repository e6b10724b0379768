names = []
begin
  Gg::Memories.search(["exporter", "metrics", "port", "prometheus", "monitoring"]).each { |h| names << h.name }
rescue Gg::ApiError => e
  puts "search failed: #{e.message}"
end
names += %w[observability-notes prometheus-retention grafana-login alert-routes oncall-rota office-printer release-freeze]
found = nil
names.uniq.each do |n|
  begin
    body = Gg::Memories.read(n).body
  rescue Gg::ApiError
    next
  end
  body.each_line do |line|
    next unless line =~ /exporter/i
    if line =~ /port\D{0,15}(\d{2,5})/i || line =~ /:(\d{2,5})\b/ || line =~ /\b(\d{4,5})\b/
      found = [n, $1, line.strip]
      break
    end
  end
  break if found
end
if found
  puts found[1]
  puts "(memory #{found[0]}: #{found[2]})"
else
  puts "no memory says which port the metrics exporter listens on"
end
