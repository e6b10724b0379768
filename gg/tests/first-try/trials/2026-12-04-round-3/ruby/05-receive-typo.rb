count = 0
Gg::Tasks.list.each do |t|
  next unless t.title =~ /recieve/i
  fixed = t.title.gsub(/recieve/i) do |m|
    if m == m.upcase
      "RECEIVE"
    elsif m[0] == m[0].upcase
      "Receive"
    else
      "receive"
    end
  end
  next if fixed == t.title
  Gg::Tasks.update(t.id, { title: fixed })
  count += 1
end
puts count
