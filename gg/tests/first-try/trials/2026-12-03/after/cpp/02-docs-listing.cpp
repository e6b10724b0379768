#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  auto entries = gg::files::list_dir("docs");
  for (const auto& e : entries) {
    std::string kind;
    switch (e.kind) {
      case gg::files::EntryKind::file: kind = "file"; break;
      case gg::files::EntryKind::directory: kind = "folder"; break;
      case gg::files::EntryKind::symlink: kind = "symlink"; break;
      default: kind = "other"; break;
    }
    std::cout << e.name << ": " << kind << "\n";
  }
  return 0;
}
