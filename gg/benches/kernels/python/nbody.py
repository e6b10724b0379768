# N-body: five bodies (a sun and four planets) under Newtonian gravity, leapfrog steps.
import time

PI = 3.14159265358979323
SOLAR_MASS = 4 * PI * PI
DAYS = 365.24
STEPS = 60_000


def bodies():
    # [x, y, z, vx, vy, vz, mass]: a sun and four made-up planets on stable-ish orbits.
    planets = [
        [4.8, -1.2, -0.1, 0.0017, 0.0077, -0.00007, 0.00095],
        [8.3, 4.1, -0.4, -0.0028, 0.0050, 0.00002, 0.00028],
        [12.9, -15.1, -0.2, 0.0030, 0.0024, -0.00003, 0.000044],
        [15.4, -25.9, 0.18, 0.0027, 0.0016, -0.00009, 0.000051],
    ]
    out = [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, SOLAR_MASS]]
    for x, y, z, vx, vy, vz, m in planets:
        out.append([x, y, z, vx * DAYS, vy * DAYS, vz * DAYS, m * SOLAR_MASS])
    px = sum(b[3] * b[6] for b in out)
    py = sum(b[4] * b[6] for b in out)
    pz = sum(b[5] * b[6] for b in out)
    out[0][3], out[0][4], out[0][5] = -px / SOLAR_MASS, -py / SOLAR_MASS, -pz / SOLAR_MASS
    return out


def energy(bs):
    e = 0.0
    for i, a in enumerate(bs):
        e += 0.5 * a[6] * (a[3] * a[3] + a[4] * a[4] + a[5] * a[5])
        for b in bs[i + 1:]:
            dx, dy, dz = a[0] - b[0], a[1] - b[1], a[2] - b[2]
            e -= a[6] * b[6] / (dx * dx + dy * dy + dz * dz) ** 0.5
    return e


def advance(bs, dt, steps):
    pairs = [(bs[i], bs[j]) for i in range(len(bs)) for j in range(i + 1, len(bs))]
    for _ in range(steps):
        for a, b in pairs:
            dx, dy, dz = a[0] - b[0], a[1] - b[1], a[2] - b[2]
            d2 = dx * dx + dy * dy + dz * dz
            mag = dt / (d2 * d2 ** 0.5)
            bm, am = b[6] * mag, a[6] * mag
            a[3] -= dx * bm
            a[4] -= dy * bm
            a[5] -= dz * bm
            b[3] += dx * am
            b[4] += dy * am
            b[5] += dz * am
        for body in bs:
            body[0] += dt * body[3]
            body[1] += dt * body[4]
            body[2] += dt * body[5]


start = time.perf_counter()
bs = bodies()
e0 = energy(bs)
advance(bs, 0.01, STEPS)
e1 = energy(bs)
elapsed = time.perf_counter() - start
print(f"energy {e0:.9f} {e1:.9f}")
print(f"kernel-seconds: {elapsed:.6f}")
