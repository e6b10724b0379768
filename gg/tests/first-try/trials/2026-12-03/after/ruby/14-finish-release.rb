text = Gg::Files.read_file("notes/status.txt").contents
state = text[/state\s*[:=]\s*"?([\w.-]+)/i, 1]
version = text[/version\s*[:=]\s*"?v?([\w.+-]+)/i, 1]
if state.nil? && text.strip =~ /\A\w+\z/
  state = text.strip
end
if state && state.downcase == "ready"
  summary = version ? "The release is ready: version #{version}." : "The release is ready."
  Gg::Session.finish(summary)
  puts summary
else
  puts text
end
