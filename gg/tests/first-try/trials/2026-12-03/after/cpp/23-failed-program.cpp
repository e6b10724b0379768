#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  bool any = false;
  for (const auto& p : gg::programs::history()) {
    if (p.ok) continue;
    any = true;
    std::cout << "turn " << p.turn << " failed: " << p.error.value_or("(no error message)") << "\n";
    std::string source = gg::programs::get(p.turn);
    gg::files::write_file("failed-program.txt", source);
    std::cout << "saved its source to failed-program.txt\n";
    break;
  }
  if (!any) {
    std::cout << "no failed program in the history\n";
    return 1;
  }
  return 0;
}
