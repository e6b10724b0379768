# expect: timeout
# timeout-secs: 1.5
i = 0
while True:
    i += 1
