import gg

path = "out/greeting.txt"
text = "Hello from the agent\n"
try:
    gg.files.write_file(path, text)
except gg.ApiError as e:
    # The folder may not exist yet; create it and try again.
    print(f"first write failed ({e.code}): {e.message}; creating out/")
    gg.shell.run("mkdir -p out")
    gg.files.write_file(path, text)
print("wrote", path)
