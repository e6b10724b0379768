names = %w[old-office-keys old-office-parking old-office-wifi]
begin
  Gg::Memories.search(["old-office", "old", "office", "Harbour"]).each { |h| names << h.name }
rescue Gg::ApiError => e
  puts "search failed: #{e.message}"
end
deleted = []
names.uniq.select { |n| n.start_with?("old-office-") }.sort.each do |n|
  begin
    Gg::Memories.delete(n)
    deleted << n
  rescue Gg::ApiError => e
    raise unless e.code == :not_found
  end
end
puts deleted
