check = Gg::Shell.run("tar -tf backup/site-2026-11.tar > /dev/null")
if check.exit_code != 0
  puts "tar failed: #{check.output}"
else
  out = Gg::Shell.run("tar -tf backup/site-2026-11.tar | grep -v '/$' | wc -l")
  puts out.output.strip.to_i
end
