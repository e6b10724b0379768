code = <<~'RUBY'
  def self.format_duration(seconds)
    seconds = seconds.to_i
    h, rest = seconds.divmod(3600)
    m, s = rest.divmod(60)
    format("%d:%02d:%02d", h, m, s)
  end
RUBY

Gg::Memories.write(
  "durations",
  "Helpers for showing lengths of time. Lib::Durations.format_duration(seconds) gives H:MM:SS, e.g. 3725 -> 1:02:05.",
  description: "helpers for showing lengths of time",
  code: code
)

second = <<~'RUBY'
  require "csv"
  rows = CSV.read("data/runs.csv", headers: true)
  runs = rows.map { |r| [r["runner"].strip, r["seconds"].to_i] }.sort_by { |_, s| s }
  lines = runs.map { |name, s| "#{name} #{Lib::Durations.format_duration(s)}" }
  File.write("reports/times.txt", lines.join("\n") + "\n")
  puts lines
RUBY
Gg::Programs.rerun(second)
puts "saved memory durations; the report program runs next"
