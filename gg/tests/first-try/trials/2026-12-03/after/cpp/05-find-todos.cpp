#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  auto matches = gg::files::search("TODO", "src");
  for (const auto& m : matches) {
    std::cout << m.path << ":" << m.line << ": " << m.text << "\n";
  }
  return 0;
}
