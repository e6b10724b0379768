#include <gg.hpp>
#include <iostream>
#include <map>
#include <regex>
#include <string>
#include <vector>

static std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

int main() {
  std::string text = gg::files::read_file("notes/meeting.txt").contents;
  const std::regex actionRe(R"(ACTION\(([^)]*)\):[ \t]*([^\r\n]*))");
  std::map<std::string, std::vector<std::string>> byPerson;
  for (std::sregex_iterator it(text.begin(), text.end(), actionRe), end; it != end; ++it) {
    std::string name = trim((*it)[1].str());
    std::string what = trim((*it)[2].str());
    byPerson[name].push_back(what);
  }
  std::string out;
  bool first = true;
  for (const auto& [name, actions] : byPerson) {
    if (!first) out += "\n";
    first = false;
    out += "## " + name + "\n";
    for (const auto& a : actions) out += "- " + a + "\n";
  }
  gg::files::write_file("notes/actions.md", out);
  for (const auto& [name, actions] : byPerson) {
    std::cout << name << ": " << actions.size() << "\n";
  }
  return 0;
}
