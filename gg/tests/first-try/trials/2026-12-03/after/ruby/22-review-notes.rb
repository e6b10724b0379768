rules = Gg::Files.read_file("REVIEW-RULES.md").contents
notes = Gg::Files.read_file("release/notes.md").contents
puts "--- rules ---"
puts rules

checks = [] # [description, lambda(line) -> true if broken]
rules.each_line do |rule|
  r = rule.strip
  next if r.empty? || r.start_with?("#")
  desc = r.sub(/\A(?:[-*+]\s+|\d+[.)]\s+)/, "")
  negative = r =~ /\b(no|not|never|must not|mustn't|don't|do not|avoid|without)\b/i
  if r =~ /(\d+)\s*(characters|chars)/i
    max = $1.to_i
    checks << [desc, ->(l) { l.chomp.length > max }]
  end
  if r =~ /trailing (white)?space/i
    checks << [desc, ->(l) { l.chomp =~ /[ \t]+\z/ }]
  end
  if r =~ /\btabs?\b/i
    checks << [desc, ->(l) { l.include?("\t") }]
  end
  quoted = r.scan(/`([^`]+)`|"([^"]+)"/).map { |a, b| a || b }
  if negative && !quoted.empty?
    quoted.each do |q|
      checks << [desc, ->(l) { l.include?(q) }]
    end
  end
  bullet = ->(l) { l =~ /\A\s*[-*+]\s+\S/ }
  if r =~ /capital|upper[- ]?case/i
    checks << [desc, ->(l) { bullet.(l) && l.sub(/\A\s*[-*+]\s+/, "") !~ /\A[^a-z]/ }]
  end
  if r =~ /(period|full stop)/i && r =~ /end/i
    if negative
      checks << [desc, ->(l) { bullet.(l) && l.rstrip.end_with?(".") }]
    else
      checks << [desc, ->(l) { bullet.(l) && !l.rstrip.end_with?(".") }]
    end
  end
end

items = []
notes.lines.each_with_index do |line, i|
  broken = checks.select { |_, f| f.(line) }.map(&:first).uniq
  next if broken.empty?
  items << "Line #{i + 1}: #{broken.join('; ')} (#{line.strip})"
end

if items.empty?
  puts "No rule broken; approving."
  Gg::Session.approve
else
  puts items
  Gg::Session.request_changes(items)
end
