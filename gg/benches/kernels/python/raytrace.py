# A small ray tracer: spheres and a plane, one light, Lambert and specular shading with shadow
# rays and one reflection bounce, rendered to a small grey image whose sum is the checksum.
import math
import time

WIDTH = 80
HEIGHT = 60


class V:
    __slots__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        self.x, self.y, self.z = x, y, z

    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y, self.z + o.z)

    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y, self.z - o.z)

    def scale(self, k):
        return V(self.x * k, self.y * k, self.z * k)

    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z

    def norm(self):
        return self.scale(1.0 / math.sqrt(self.dot(self)))


class Sphere:
    def __init__(self, centre, radius, shade, mirror):
        self.c, self.r2, self.shade, self.mirror = centre, radius * radius, shade, mirror

    def hit(self, origin, d):
        oc = origin - self.c
        b = oc.dot(d)
        disc = b * b - (oc.dot(oc) - self.r2)
        if disc < 0:
            return None
        t = -b - math.sqrt(disc)
        return t if t > 1e-6 else None

    def normal(self, p):
        return (p - self.c).norm()


class Plane:
    def __init__(self, y, shade):
        self.y, self.shade, self.mirror = y, shade, 0.0

    def hit(self, origin, d):
        if abs(d.y) < 1e-9:
            return None
        t = (self.y - origin.y) / d.y
        return t if t > 1e-6 else None

    def normal(self, p):
        return V(0.0, 1.0, 0.0)


SCENE = [
    Sphere(V(0.0, 1.0, 5.0), 1.0, 0.9, 0.3),
    Sphere(V(-2.0, 0.6, 6.5), 0.6, 0.6, 0.0),
    Sphere(V(1.8, 0.5, 4.0), 0.5, 0.7, 0.5),
    Plane(0.0, 0.5),
]
LIGHT = V(-4.0, 6.0, -2.0)


def nearest(origin, d):
    best, best_t = None, 1e30
    for obj in SCENE:
        t = obj.hit(origin, d)
        if t is not None and t < best_t:
            best, best_t = obj, t
    return best, best_t


def trace(origin, d, depth):
    obj, t = nearest(origin, d)
    if obj is None:
        return 0.1
    p = origin + d.scale(t)
    n = obj.normal(p)
    to_light = (LIGHT - p).norm()
    shadow, _ = nearest(p + n.scale(1e-4), to_light)
    colour = 0.05
    if shadow is None:
        lam = max(0.0, n.dot(to_light))
        refl = d - n.scale(2 * d.dot(n))
        spec = max(0.0, refl.dot(to_light)) ** 20
        colour += obj.shade * lam + 0.4 * spec
    if depth < 1 and obj.mirror > 0:
        refl = (d - n.scale(2 * d.dot(n))).norm()
        colour = colour * (1 - obj.mirror) + obj.mirror * trace(p + n.scale(1e-4), refl, depth + 1)
    return colour


def render(w, h):
    eye = V(0.0, 1.2, -1.0)
    total = 0.0
    for j in range(h):
        for i in range(w):
            d = V((i - w / 2) / h, (h / 2 - j) / h, 1.0).norm()
            total += min(1.0, trace(eye, d, 0))
    return total


start = time.perf_counter()
total = 0.0
for k in range(4):
    total += render(WIDTH + k, HEIGHT)
elapsed = time.perf_counter() - start
print(f"brightness {total:.6f}")
print(f"kernel-seconds: {elapsed:.6f}")
