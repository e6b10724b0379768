def hello():
    return 1
