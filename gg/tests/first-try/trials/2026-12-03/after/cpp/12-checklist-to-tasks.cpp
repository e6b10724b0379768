#include <gg.hpp>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>

int main() {
  auto mem = gg::memories::read("release-checklist");
  std::istringstream in(mem.body);
  std::string line;
  int added = 0;
  // Strip list markers such as "- ", "* ", "- [ ] ", "1. ", "2) ".
  const std::regex marker(R"(^\s*(?:[-*+]\s+)?(?:\[[ xX]?\]\s+)?(?:\d+[.)]\s+)?)");
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string title = std::regex_replace(line, marker, "", std::regex_constants::format_first_only);
    size_t e = title.find_last_not_of(" \t");
    if (e == std::string::npos) continue;
    title = title.substr(0, e + 1);
    if (title.empty()) continue;
    gg::tasks::add({.title = title});
    ++added;
  }
  std::cout << added << "\n";
  return 0;
}
