#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  std::uint32_t count = 0;
  for (const auto& e : gg::files::list_dir()) {
    if (e.kind == gg::files::EntryKind::file) ++count;
  }
  gg::views::open_text("file count", std::to_string(count));
  std::cout << "files in the workspace folder: " << count << "\n";
  return 0;
}
