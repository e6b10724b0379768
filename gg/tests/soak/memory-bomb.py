# expect: out_of_memory
hoard = []
while True:
    hoard.append("x" * (1 << 20) + str(len(hoard)))
