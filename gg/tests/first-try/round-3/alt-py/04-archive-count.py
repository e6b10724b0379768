import gg

out = gg.shell.run("tar -tf backup/site-2026-11.tar | wc -l").output.strip()
print(out)
