def walk(dir)
  Gg::Files.list_dir(path: dir).each do |e|
    p = "#{dir}/#{e.name}"
    if e.kind == :directory
      walk(p)
    else
      puts p
    end
  end
end
walk("projects")
