# expect: completed
for i in range(100000):
    print(f"line {i} {'y' * 40}")
