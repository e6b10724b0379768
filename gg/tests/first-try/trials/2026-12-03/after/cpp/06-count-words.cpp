#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  auto out = gg::shell::run("wc -w < notes/poem.txt");
  if (!out.exit_code || *out.exit_code != 0) {
    std::cout << "wc failed: " << out.output << "\n";
    return 1;
  }
  std::string s = out.output;
  size_t b = s.find_first_not_of(" \t\r\n");
  size_t e = s.find_last_not_of(" \t\r\n");
  if (b == std::string::npos) {
    std::cout << "no output\n";
    return 1;
  }
  s = s.substr(b, e - b + 1);
  // Keep only the number (the first field).
  size_t sp = s.find_first_of(" \t");
  if (sp != std::string::npos) s = s.substr(0, sp);
  std::cout << s << "\n";
  return 0;
}
