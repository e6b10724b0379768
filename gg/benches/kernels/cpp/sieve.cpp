// Sieve of Eratosthenes: the primes below N in a byte vector, several passes, counting primes and
// summing them.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

static std::pair<std::size_t, std::uint64_t> sieve(std::size_t n) {
  std::vector<unsigned char> composite(n, 0);
  for (std::size_t i = 2; i * i < n; ++i)
    if (!composite[i])
      for (std::size_t j = i * i; j < n; j += i) composite[j] = 1;
  std::size_t count = 0;
  std::uint64_t sum = 0;
  for (std::size_t k = 2; k < n; ++k)
    if (!composite[k]) {
      ++count;
      sum += k;
    }
  return {count, sum};
}

int main() {
  auto start = std::chrono::steady_clock::now();
  std::size_t count = 0;
  std::uint64_t sum = 0;
  for (std::size_t pass = 0; pass < 15; ++pass) {
    auto [c, s] = sieve(5000000 + pass);
    count += c;
    sum += s;
  }
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("primes %zu sum %llu\n", count, (unsigned long long)sum);
  std::printf("kernel-seconds: %.6f\n", elapsed);
}
