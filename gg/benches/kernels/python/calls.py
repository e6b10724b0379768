# Call overhead: plain functions, methods, closures, keyword arguments and recursion, called in
# deep little chains that do almost nothing else.
import time

LOOPS = 120_000


def f0(a, b, c):
    return f1(a, b, c) + 1


def f1(a, b, c):
    return f2(b, c, a) + 1


def f2(a, b, c):
    return a + b - c


def kw(a, b=1, *, c=2):
    return a + b * c


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self, k):
        self.n += k
        return self

    def get(self):
        return self.n


def make_adder(k):
    def add(x):
        return x + k

    return add


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


start = time.perf_counter()
acc = 0
ctr = Counter()
add3 = make_adder(3)
for i in range(LOOPS):
    acc += f0(i, 2, 3) + f0(3, i, 2) + f0(2, 3, i)
    acc += kw(i) + kw(i, 2) + kw(i, c=3) + kw(a=i, b=2, c=1)
    ctr.bump(1).bump(2).bump(3)
    acc += add3(add3(add3(i)))
acc += ctr.get() + fib(24)
elapsed = time.perf_counter() - start
print(f"acc {acc}")
print(f"kernel-seconds: {elapsed:.6f}")
