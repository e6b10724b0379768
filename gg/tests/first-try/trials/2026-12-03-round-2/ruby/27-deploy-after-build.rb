def last_line(out)
  out.output.lines.map(&:chomp).reject { |l| l.strip.empty? }.last || "(no output)"
end
dep = Gg::Shell.run("sh deploy.sh")
if dep.exit_code != 0 && dep.output =~ /build|built/i
  puts "deploy failed: #{last_line(dep)}; building"
  b = Gg::Shell.run("sh build.sh")
  puts "build exit #{b.exit_code.inspect}: #{last_line(b)}"
  dep = Gg::Shell.run("sh deploy.sh")
end
puts last_line(dep)
