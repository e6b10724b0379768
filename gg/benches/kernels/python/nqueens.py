# N-queens: every solution on an N×N board, by backtracking over sets of attacked columns and
# diagonals, and again by filtering permutations for the smaller board.
import itertools
import time

N = 11
PERM_N = 8


def backtrack(n):
    solutions = []
    cols, diag1, diag2 = set(), set(), set()
    placed = []

    def place(row):
        if row == n:
            solutions.append(tuple(placed))
            return
        for c in range(n):
            if c in cols or row + c in diag1 or row - c in diag2:
                continue
            cols.add(c)
            diag1.add(row + c)
            diag2.add(row - c)
            placed.append(c)
            place(row + 1)
            placed.pop()
            cols.discard(c)
            diag1.discard(row + c)
            diag2.discard(row - c)

    place(0)
    return solutions


def permutations(n):
    cols = range(n)
    return [
        vec
        for vec in itertools.permutations(cols)
        if n == len({vec[i] + i for i in cols}) == len({vec[i] - i for i in cols})
    ]


start = time.perf_counter()
a = backtrack(N)
b = permutations(PERM_N)
elapsed = time.perf_counter() - start
print(f"solutions {len(a)} {len(b)} first {a[0]} last {b[-1]}")
print(f"kernel-seconds: {elapsed:.6f}")
