# Spectral norm: the largest singular value of the infinite matrix A[i][j] = 1/((i+j)(i+j+1)/2+i+1),
# by power iteration on A^T A, truncated to N.
import time

N = 180


def a(i, j):
    ij = i + j
    return 1.0 / (ij * (ij + 1) // 2 + i + 1)


def times(u):
    n = len(u)
    return [sum(a(i, j) * u[j] for j in range(n)) for i in range(n)]


def times_transpose(u):
    n = len(u)
    return [sum(a(j, i) * u[j] for j in range(n)) for i in range(n)]


def ata(u):
    return times_transpose(times(u))


start = time.perf_counter()
u = [1.0] * N
for _ in range(10):
    v = ata(u)
    u = ata(v)
vbv = sum(x * y for x, y in zip(u, v))
vv = sum(x * x for x in v)
norm = (vbv / vv) ** 0.5
elapsed = time.perf_counter() - start
print(f"norm {norm:.9f}")
print(f"kernel-seconds: {elapsed:.6f}")
