#include <gg.hpp>
#include <iostream>
#include <regex>
#include <string>

int main() {
  const std::string path = "config/settings.json";
  bool exists = false;
  for (const auto& e : gg::files::list_dir("config")) {
    if (e.name == "settings.json") exists = true;
  }
  std::string text;
  if (!exists) {
    text = gg::files::read_file("config/settings.example.json").contents;
    gg::files::write_file(path, text);
    std::cout << "created " << path << " from config/settings.example.json\n";
  } else {
    text = gg::files::read_file(path).contents;
  }
  std::smatch m;
  const std::regex re(R"re("retries"\s*:\s*("[^"]*"|[^,}\s]+))re");
  if (!std::regex_search(text, m, re)) {
    std::cout << "no retries setting in " << path << "\n";
    return 1;
  }
  std::cout << "retries: " << m[1].str() << "\n";
  return 0;
}
