def greet(name):
    """Greets `name` in one line."""
    return f"Hello, {name}!"
