import gg

gg.files.write_file("out/greeting.txt", "Hello from the agent\n")
print("wrote out/greeting.txt")
