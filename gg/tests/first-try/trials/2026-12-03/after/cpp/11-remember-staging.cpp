#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  gg::memories::write(
      "staging-server",
      "How to reach the staging server (host and SSH port)",
      "The staging server is staging.example.internal, reachable over SSH on port 2222 "
      "(e.g. ssh -p 2222 staging.example.internal).");
  std::cout << "saved memory staging-server\n";
  return 0;
}
