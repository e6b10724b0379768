# Fannkuch: over every permutation of 1..N, count the prefix reversals until 1 leads; the maximum
# count and a signed checksum.
import time

N = 9


def fannkuch(n):
    perm1 = list(range(n))
    count = [0] * n
    max_flips = 0
    checksum = 0
    sign = 1
    r = n
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        perm = perm1[:]
        flips = 0
        k = perm[0]
        while k:
            perm[: k + 1] = perm[k::-1]
            flips += 1
            k = perm[0]
        if flips > max_flips:
            max_flips = flips
        checksum += flips * sign
        sign = -sign
        while True:
            if r == n:
                return checksum, max_flips
            first = perm1[0]
            perm1[:r] = perm1[1 : r + 1]
            perm1[r] = first
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1


start = time.perf_counter()
checksum, flips = fannkuch(N)
elapsed = time.perf_counter() - start
print(f"checksum {checksum} flips {flips}")
print(f"kernel-seconds: {elapsed:.6f}")
