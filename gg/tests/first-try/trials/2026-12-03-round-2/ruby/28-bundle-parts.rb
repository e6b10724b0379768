list = Gg::Files.read_file("manifest.txt").contents.lines.map(&:strip).reject(&:empty?)
parts = []
list.each do |path|
  begin
    parts << Gg::Files.read_file(path).contents.sub(/\n+\z/, "")
  rescue Gg::ApiError => e
    raise unless e.code == :not_found
    Gg::Board.create_issue(Gg::Board::IssueInput.new(title: "Missing part: #{path}", description: nil, labels: ["docs"]))
    puts "missing: #{path}"
  end
end
Gg::Files.write_file("dist/guide.md", parts.join("\n\n") + "\n")
Gg::Session.finish("Built dist/guide.md from #{parts.size} parts.")
puts "#{parts.size} parts"
