res = Gg::Shell.run("sh run-tests.sh")
out = res.output
puts out
patterns = [
  /^\s*FAIL(?:ED)?[:\s]+\s*([^\s:]+(?:::[^\s:]+)*)/,
  /^\s*not ok\s+\d+\s*-?\s*(.+?)\s*$/,
  /^\s*(\S+)\s*\.\.\.\s*(?:FAIL|FAILED|failed)\b/,
  /^\s*[✗✘×]\s+(.+?)\s*$/,
  /\b(test[\w.:\/-]*)\b.*\b(?:FAIL|FAILED|failed)\b/,
  /\b(?:FAIL|FAILED|failed)\b.*?\b(test[\w.:\/-]*)/
]
name = nil
patterns.each do |re|
  m = out.match(re)
  if m
    name = m[1].strip
    break
  end
end
name ||= "unknown test"
last3 = out.rstrip.lines.last(3).map(&:chomp).join("\n")
id = Gg::Board.create_issue(Gg::Board::IssueInput.new(
  title: "Test failing: #{name}",
  description: last3,
  labels: ["ci"]
))
puts "filed issue #{id} for #{name}"
Gg::Session.finish("Tests fail: #{name} is failing; filed board issue #{id} (label ci).")
