out = Gg::Shell.run("sh scripts/build.sh")
last = out.output.lines.map(&:chomp).reject { |l| l.strip.empty? }.last || "(no output)"
puts "exit code: #{out.exit_code.nil? ? 'none (killed)' : out.exit_code}"
puts "last line: #{last}"
