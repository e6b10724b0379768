require "json"
require "yaml"

body = Gg::Memories.read("component-owners").body
word = /(?<![\w-])billing(?![\w-])/i
owner = nil

# Structured bodies first
begin
  data = JSON.parse(body)
  if data.is_a?(Hash)
    k = data.keys.find { |key| key.to_s =~ /\A\s*billing\s*\z/i }
    owner = data[k].to_s if k
  end
rescue JSON::ParserError
end

if owner.nil?
  body.each_line do |raw|
    line = raw.strip
    next unless line =~ word
    if line.include?("|")
      cells = line.split("|").map(&:strip).reject(&:empty?)
      idx = cells.index { |c| c.gsub(/[`*]/, "") =~ /\A(the\s+)?billing\z/i }
      if idx
        other = cells.each_with_index.reject { |_, i| i == idx }.map(&:first)
        owner = other.first if other.any?
        break if owner
      end
    end
    stripped = line.sub(/\A[-*+•]\s*/, "").sub(/\A\d+[.)]\s*/, "").gsub(/[`*]/, "")
    if (md = stripped.match(/\A(?:the\s+)?billing(?:\s+\w+)?\s*(?::|=|->|→|—|–|-|\bis owned by\b|\bowned by\b|\bby\b)\s*(.+)\z/i))
      owner = md[1].strip
    elsif (md = stripped.match(/\A(.+?)\s+(?:owns|maintains|looks after|is responsible for)\s+(?:the\s+)?billing\b/i))
      owner = md[1].strip
    elsif (md = stripped.match(/billing\b.*?\b(?:owner|owned by|owns)\b\s*(?:is\s*)?[:\-]?\s*(.+)\z/i))
      owner = md[1].strip
    end
    break if owner
  end
end

if owner
  puts owner.sub(/[.;,]\s*\z/, "")
else
  puts "Could not find the billing owner; the memory says:"
  puts body
end
