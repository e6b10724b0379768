title = "Ledger 3.0: Faster Imports & Offline Mode"
date = "2026-12-04"
slug = title.downcase.gsub(/[^a-z0-9]+/, "-").gsub(/\A-+|-+\z/, "")
text = File.read("drafts/ledger-3.txt")
File.write("posts/#{date}-#{slug}.md", "# #{title}\n\n#{text}")
index_path = "posts/index.txt"
index = File.exist?(index_path) ? File.read(index_path) : ""
File.write(index_path, "#{date} #{slug}\n#{index}")
puts "published #{date}-#{slug}"
