failed = Gg::Programs.history.reject(&:ok)
candidates = failed.select { |p| p.error.to_s.include?("rates.csv") }
if candidates.empty?
  candidates = failed.select { |p| Gg::Programs.get(turn: p.turn).include?("rates.csv") }
end
target = candidates.last
if target.nil?
  puts "no failed program about data/rates.csv found"
else
  source = Gg::Programs.get(turn: target.turn)
  puts "rerunning the program of turn #{target.turn} (failed with: #{target.error})"
  Gg::Programs.rerun(source)
end
