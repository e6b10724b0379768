res = Gg::Shell.run("sh check.sh")
puts res.output
lines = res.output.lines.map(&:strip).reject(&:empty?)
failed = lines.select { |l| l =~ /\b(FAIL|FAILED|failed|fail|ERROR|error)\b/ && l !~ /\b0 (failed|errors?)\b/i }
if res.exit_code == 0 && failed.empty?
  Gg::Session.approve
else
  items = failed
  if items.empty?
    tail = lines.last(3).join(" / ")
    items = ["check.sh exited with #{res.exit_code.nil? ? 'no exit code (killed)' : res.exit_code}: #{tail}"]
  end
  Gg::Session.request_changes(items)
end
