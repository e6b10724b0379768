# A WASI preview1 guest (Ruby) tries gg's own memory through procfs: refused, as for components.
start = File.read("/proc/self/maps").lines.find { |l| l.include?(" r-xp ") }.split("-")[0].to_i(16)
[["/proc/self/mem", "r+b"], ["/proc/self/mem", "rb"], ["/proc/self/comm", "w"]].each do |path, mode|
  begin
    File.open(path, mode) do |f|
      f.seek(start)
      f.write("\xCC" * 4096)
    end
    puts "#{path} #{mode} written"
  rescue SystemCallError => e
    puts "#{path} #{mode} #{e.class}"
  end
end
puts "status readable: #{File.read('/proc/self/status').lines.first.split(':').first}"
