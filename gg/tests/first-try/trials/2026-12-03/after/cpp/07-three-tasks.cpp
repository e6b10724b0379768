#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>

int main() {
  std::vector<std::string> titles = {"Draft the report", "Review the draft", "Send the report"};
  for (const auto& t : titles) {
    std::uint32_t id = gg::tasks::add({.title = t});
    std::cout << t << ": " << id << "\n";
  }
  return 0;
}
