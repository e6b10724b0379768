# expect: stack_overflow
# Recursion through C code (repr of a nested list) exhausts the wasm stack, not Python's clamp.
nested = []
for _ in range(100000):
    nested = [nested]
repr(nested)
