// Fannkuch: over every permutation of 0..N, count prefix reversals until 0 leads; the maximum
// count and a signed checksum.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

static std::pair<long, int> fannkuch(int n) {
  std::vector<int> perm1(n), perm(n), count(n);
  for (int i = 0; i < n; ++i) perm1[i] = i;
  int max_flips = 0, sign = 1, r = n;
  long checksum = 0;
  for (;;) {
    for (; r != 1; --r) count[r - 1] = r;
    perm = perm1;
    int flips = 0;
    for (int k = perm[0]; k != 0; k = perm[0]) {
      std::reverse(perm.begin(), perm.begin() + k + 1);
      ++flips;
    }
    max_flips = std::max(max_flips, flips);
    checksum += sign * flips;
    sign = -sign;
    for (;;) {
      if (r == n) return {checksum, max_flips};
      int first = perm1[0];
      for (int i = 0; i < r; ++i) perm1[i] = perm1[i + 1];
      perm1[r] = first;
      if (--count[r] > 0) break;
      ++r;
    }
  }
}

int main() {
  auto start = std::chrono::steady_clock::now();
  auto [checksum, flips] = fannkuch(10);
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("checksum %ld flips %d\n", checksum, flips);
  std::printf("kernel-seconds: %.6f\n", elapsed);
}
