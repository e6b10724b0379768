// Prints the views the connection's earlier programs opened, then opens one of its own.
#include <iostream>
#include <string>

int main() {
  std::string seen;
  for (const auto& view : gg::views::current()) {
    if (!seen.empty()) seen += ",";
    seen += view.selector;
  }
  std::cout << "views: [" << seen << "]\n";
  gg::views::open_text("opened by a C++ program", "cpp");
  return 0;
}
