// N-body: a sun and four made-up planets under Newtonian gravity, leapfrog steps, energy before
// and after.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

struct Body {
  double p[3], v[3], m;
};

constexpr double PI = 3.141592653589793;
constexpr double SOLAR_MASS = 4 * PI * PI;
constexpr double DAYS = 365.24;

static std::vector<Body> bodies() {
  const double planets[4][7] = {
      {4.8, -1.2, -0.1, 0.0017, 0.0077, -0.00007, 0.00095},
      {8.3, 4.1, -0.4, -0.0028, 0.0050, 0.00002, 0.00028},
      {12.9, -15.1, -0.2, 0.0030, 0.0024, -0.00003, 0.000044},
      {15.4, -25.9, 0.18, 0.0027, 0.0016, -0.00009, 0.000051},
  };
  std::vector<Body> out{{{0, 0, 0}, {0, 0, 0}, SOLAR_MASS}};
  for (auto& b : planets)
    out.push_back({{b[0], b[1], b[2]}, {b[3] * DAYS, b[4] * DAYS, b[5] * DAYS}, b[6] * SOLAR_MASS});
  double mom[3] = {0, 0, 0};
  for (auto& b : out)
    for (int k = 0; k < 3; ++k) mom[k] += b.v[k] * b.m;
  for (int k = 0; k < 3; ++k) out[0].v[k] = -mom[k] / SOLAR_MASS;
  return out;
}

static double energy(const std::vector<Body>& bs) {
  double e = 0;
  for (size_t i = 0; i < bs.size(); ++i) {
    const Body& a = bs[i];
    e += 0.5 * a.m * (a.v[0] * a.v[0] + a.v[1] * a.v[1] + a.v[2] * a.v[2]);
    for (size_t j = i + 1; j < bs.size(); ++j) {
      const Body& b = bs[j];
      double dx = a.p[0] - b.p[0], dy = a.p[1] - b.p[1], dz = a.p[2] - b.p[2];
      e -= a.m * b.m / std::sqrt(dx * dx + dy * dy + dz * dz);
    }
  }
  return e;
}

static void advance(std::vector<Body>& bs, double dt, long steps) {
  const size_t n = bs.size();
  for (long s = 0; s < steps; ++s) {
    for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j) {
        double d[3] = {bs[i].p[0] - bs[j].p[0], bs[i].p[1] - bs[j].p[1], bs[i].p[2] - bs[j].p[2]};
        double d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        double mag = dt / (d2 * std::sqrt(d2));
        double mi = bs[i].m * mag, mj = bs[j].m * mag;
        for (int k = 0; k < 3; ++k) {
          bs[i].v[k] -= d[k] * mj;
          bs[j].v[k] += d[k] * mi;
        }
      }
    for (auto& b : bs)
      for (int k = 0; k < 3; ++k) b.p[k] += dt * b.v[k];
  }
}

int main() {
  auto start = std::chrono::steady_clock::now();
  auto bs = bodies();
  double e0 = energy(bs);
  advance(bs, 0.01, 2000000);
  double e1 = energy(bs);
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("energy %.9f %.9f\n", e0, e1);
  std::printf("kernel-seconds: %.6f\n", elapsed);
}
