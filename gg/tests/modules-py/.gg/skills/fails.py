def boom():
    raise ValueError("raised inside the module")
