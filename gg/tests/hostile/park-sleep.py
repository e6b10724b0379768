# One long park in a WASI sleep, never returning to wasm: stopped at the deadline.
import time

print("sleeping")
time.sleep(100)
print("woke")
