#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  const std::string path = "notes/journal.txt";
  auto whole = gg::files::read_file(path);
  std::uint32_t total = whole.total_lines;
  std::cout << total << "\n";
  if (total > 0) {
    auto last = gg::files::read_file(path, total - 1, 1);
    std::string line = last.contents;
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    std::cout << line << "\n";
  }
  return 0;
}
