import gg

gg.files.write_file("out/greeting.txt", "Hello from the agent\n")
