Gg::Files.list_dir(path: "docs").each do |entry|
  kind = case entry.kind
         when :directory then "folder"
         when :file then "file"
         else entry.kind.to_s
         end
  puts "#{entry.name}: #{kind}"
end
