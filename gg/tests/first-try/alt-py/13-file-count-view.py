import gg
n = gg.shell.run("find . -maxdepth 1 -type f | wc -l").output.strip()
gg.views.open_text(n, "File count")
