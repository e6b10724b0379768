# Sequence unpacking: tuples and lists of ten unpacked into names, in a loop, swapped and
# repacked, with star-unpacking at both ends.
import time

LOOPS = 60_000


def tuples(loops):
    t = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    acc = 0
    for _ in range(loops):
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        a, b, c, d, e, f, g, h, i, j = t
        t = (j, a, b, c, d, e, f, g, h, i)
        acc += a - j
    return acc, t


def lists(loops):
    l = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    acc = 0
    for _ in range(loops):
        a, b, c, d, e, f, g, h, i, j = l
        a, b, c, d, e, f, g, h, i, j = l
        a, b, c, d, e, f, g, h, i, j = l
        a, b, c, d, e, f, g, h, i, j = l
        l[0], l[9] = j, a
        acc += b * c
    return acc, tuple(l)


def stars(loops):
    acc = 0
    seq = list(range(12))
    for k in range(loops):
        first, *middle, last = seq
        head, second, *rest = middle
        x, y = y_x = (last, first)
        acc += first + last + len(rest) + second + x - y + y_x[0]
        seq[k % 12] = k & 15
    return acc


start = time.perf_counter()
r1 = r2 = r3 = None
for _ in range(4):
    r1 = tuples(LOOPS)
    r2 = lists(LOOPS)
    r3 = stars(LOOPS)
elapsed = time.perf_counter() - start
print(f"unpack {r1} {r2} {r3}")
print(f"kernel-seconds: {elapsed:.6f}")
