# A generator pipeline: numbers through filtering, mapping, windowing and grouping stages, each a
# generator feeding the next, plus generator expressions reduced by sum and max.
import time

COUNT = 300_000


def source(n):
    x = 1
    for _ in range(n):
        x = (x * 48271) % 2147483647
        yield x


def keep_odd(it):
    for v in it:
        if v & 1:
            yield v


def scale(it):
    for v in it:
        yield v % 1000


def windows(it, size):
    buf = []
    for v in it:
        buf.append(v)
        if len(buf) == size:
            yield tuple(buf)
            buf = buf[1:]


def groups(it, size):
    chunk = []
    for v in it:
        chunk.append(v)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


start = time.perf_counter()
total = 0
peak = 0
for chunk in groups(windows(scale(keep_odd(source(COUNT))), 3), 50):
    total += sum(a * b - c for a, b, c in chunk)
    peak = max(peak, max(sum(w) for w in chunk))
elapsed = time.perf_counter() - start
print(f"total {total} peak {peak}")
print(f"kernel-seconds: {elapsed:.6f}")
