// Spectral norm: the largest singular value of A[i][j] = 1/((i+j)(i+j+1)/2+i+1) truncated to N, by
// power iteration on A^T A.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

static double a(size_t i, size_t j) { return 1.0 / double((i + j) * (i + j + 1) / 2 + i + 1); }

static void times(const std::vector<double>& u, std::vector<double>& out, bool transpose) {
  for (size_t i = 0; i < out.size(); ++i) {
    double s = 0;
    for (size_t j = 0; j < u.size(); ++j) s += (transpose ? a(j, i) : a(i, j)) * u[j];
    out[i] = s;
  }
}

static void ata(const std::vector<double>& u, std::vector<double>& out, std::vector<double>& tmp) {
  times(u, tmp, false);
  times(tmp, out, true);
}

int main() {
  const size_t n = 1500;
  auto start = std::chrono::steady_clock::now();
  std::vector<double> u(n, 1.0), v(n, 0.0), tmp(n, 0.0);
  for (int i = 0; i < 10; ++i) {
    ata(u, v, tmp);
    ata(v, u, tmp);
  }
  double vbv = 0, vv = 0;
  for (size_t i = 0; i < n; ++i) {
    vbv += u[i] * v[i];
    vv += v[i] * v[i];
  }
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("norm %.9f\n", std::sqrt(vbv / vv));
  std::printf("kernel-seconds: %.6f\n", elapsed);
}
