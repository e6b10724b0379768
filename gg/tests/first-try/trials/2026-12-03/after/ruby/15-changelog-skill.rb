CHANGE = "Fixed the crash when saving an empty file"

body = Gg::Skills.read("changelog")
puts "--- skill changelog ---"
puts body
puts "-----------------------"

# The skill's code (if any) binds from the next program on, so do the recording there.
follow_up = <<~'RUBY'
  CHANGE = "Fixed the crash when saving an empty file"
  body = Gg::Skills.read("changelog")
  done = false
  if defined?(Lib) && Lib.const_defined?(:Changelog)
    mod = Lib::Changelog
    methods = mod.singleton_methods
    puts "Lib::Changelog methods: #{methods.inspect}"
    pick = methods.find { |m| m.to_s =~ /add|record|entry|append|log|write/ } || methods.first
    if pick
      result = mod.public_send(pick, CHANGE)
      puts "Called Lib::Changelog.#{pick}: #{result.inspect}"
      done = true
    end
  end
  unless done
    file = body[/[\w\/.-]*CHANGELOG[\w.-]*/i] || "CHANGELOG.md"
    bullet = "- #{CHANGE}"
    text = begin
      Gg::Files.read_file(file).contents
    rescue Gg::ApiError
      "# Changelog\n\n## Unreleased\n"
    end
    lines = text.lines
    idx = lines.index { |l| l =~ /^#+\s*\[?unreleased\]?/i }
    if idx
      sub = nil
      j = idx + 1
      while j < lines.size && lines[j] !~ /^##\s/
        sub = j if lines[j] =~ /^###\s*fixed/i
        j += 1
      end
      at = sub || idx
      k = at + 1
      k += 1 while k < lines.size && lines[k].strip.empty?
      k += 1 while k < lines.size && lines[k] =~ /^\s*[-*]\s/
      lines.insert(k, bullet + "\n")
    else
      h = lines.index { |l| l =~ /^#\s/ }
      insert_at = h ? h + 1 : 0
      lines.insert(insert_at, "\n## Unreleased\n\n#{bullet}\n")
    end
    out = lines.join
    out += "\n" unless out.end_with?("\n")
    Gg::Files.write_file(file, out)
    puts "Added '#{bullet}' to #{file}"
  end
RUBY

Gg::Programs.rerun(follow_up)
