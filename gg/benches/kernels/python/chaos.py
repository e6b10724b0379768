# Chaos-like float math: an iterated function system (three affine maps chosen by a seeded LCG)
# drives a point, which is smoothed through a quadratic Bezier and binned into a coarse grid.
import time

ITERATIONS = 70_000
MAPS = [
    (0.5, 0.0, 0.0, 0.5, 0.0, 0.0),
    (0.5, 0.0, 0.0, 0.5, 0.5, 0.0),
    (0.5, 0.0, 0.0, 0.5, 0.25, 0.433),
]


class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def lerp(self, other, t):
        return Vec(self.x + (other.x - self.x) * t, self.y + (other.y - self.y) * t)


def bezier(p0, p1, p2, t):
    return p0.lerp(p1, t).lerp(p1.lerp(p2, t), t)


start = time.perf_counter()
seed = 42
p = Vec(0.1, 0.1)
prev = Vec(0.0, 0.0)
grid = [[0] * 64 for _ in range(64)]
for i in range(ITERATIONS):
    seed = (seed * 1664525 + 1013904223) & 0xFFFFFFFF
    a, b, c, d, e, f = MAPS[seed % 3]
    q = Vec(a * p.x + b * p.y + e, c * p.x + d * p.y + f)
    s = bezier(prev, p, q, (seed >> 8) / 16777216.0)
    prev, p = p, q
    gx = min(63, max(0, int(s.x * 64)))
    gy = min(63, max(0, int(s.y * 64)))
    grid[gy][gx] += 1
filled = sum(1 for row in grid for v in row if v)
weight = sum(y * v for y, row in enumerate(grid) for v in row)
elapsed = time.perf_counter() - start
print(f"filled {filled} weight {weight}")
print(f"kernel-seconds: {elapsed:.6f}")
