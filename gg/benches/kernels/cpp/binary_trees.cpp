// Binary trees: allocate perfect trees of nodes with new, check them by walking, free them, and
// keep one long-lived tree.
#include <chrono>
#include <cstdint>
#include <cstdio>

struct Node {
  Node* left;
  Node* right;
};

static Node* make(int depth) {
  if (depth == 0) return new Node{nullptr, nullptr};
  return new Node{make(depth - 1), make(depth - 1)};
}

static std::uint64_t check(const Node* n) {
  return 1 + (n->left ? check(n->left) : 0) + (n->right ? check(n->right) : 0);
}

static void destroy(Node* n) {
  if (n->left) destroy(n->left);
  if (n->right) destroy(n->right);
  delete n;
}

int main() {
  const int max_depth = 15;
  auto start = std::chrono::steady_clock::now();
  Node* long_lived = make(max_depth);
  std::uint64_t total = 0;
  for (int depth = 4; depth <= max_depth; depth += 2) {
    std::uint64_t iterations = 1ull << (max_depth - depth + 4), sum = 0;
    for (std::uint64_t i = 0; i < iterations; ++i) {
      Node* t = make(depth);
      sum += check(t);
      destroy(t);
    }
    std::printf("%llu trees of depth %d check %llu\n", (unsigned long long)iterations, depth, (unsigned long long)sum);
    total += sum;
  }
  total += check(long_lived);
  destroy(long_lived);
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("checksum %llu\n", (unsigned long long)total);
  std::printf("kernel-seconds: %.6f\n", elapsed);
}
