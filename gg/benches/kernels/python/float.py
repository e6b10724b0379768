# Float: many small objects holding three floats, built from sin and cos, normalised in place, then
# reduced to their component-wise maximum.
import math
import time

POINTS = 60_000
ROUNDS = 3


class Point:
    __slots__ = ("x", "y", "z")

    def __init__(self, i):
        self.x = x = math.sin(i)
        self.y = math.cos(i) * 3
        self.z = (x * x) / 2

    def normalize(self):
        norm = math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z)
        self.x /= norm
        self.y /= norm
        self.z /= norm

    def maximize(self, other):
        self.x = self.x if self.x > other.x else other.x
        self.y = self.y if self.y > other.y else other.y
        self.z = self.z if self.z > other.z else other.z
        return self


def run(n):
    points = [Point(i) for i in range(n)]
    for p in points:
        p.normalize()
    best = points[0]
    for p in points[1:]:
        best = best.maximize(p)
    return best


start = time.perf_counter()
total = 0.0
for r in range(ROUNDS):
    b = run(POINTS + r)
    total += b.x + b.y + b.z
elapsed = time.perf_counter() - start
print(f"max {total:.9f}")
print(f"kernel-seconds: {elapsed:.6f}")
