// A C++ program as a model writes one: list the workspace, read a file, print what it found.
#include <iostream>
#include <map>
#include <string>

int main() {
  std::map<std::string, int> by_kind;
  for (const auto& entry : gg::files::list_dir()) by_kind[gg::files::to_string(entry.kind)]++;
  for (const auto& [kind, n] : by_kind) std::cout << kind << ": " << n << "\n";
  try {
    auto readme = gg::files::read_file("README.md", std::nullopt, 5);
    std::cout << "README.md has " << readme.total_lines << " lines\n";
  } catch (const gg::ApiError& e) {
    std::cout << "no README: " << e.what() << "\n";
  }
  return 0;
}
