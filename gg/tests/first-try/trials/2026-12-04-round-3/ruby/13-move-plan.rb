require "fileutils"
src = "drafts/plan.md"
dst = "docs/plan.md"
FileUtils.mkdir_p("docs")
FileUtils.mv(src, dst)
puts "moved #{src} to #{dst}" if File.exist?(dst) && !File.exist?(src)
