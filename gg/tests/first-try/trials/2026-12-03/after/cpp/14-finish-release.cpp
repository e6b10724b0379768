#include <gg.hpp>
#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

static std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n\"'");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n\"'");
  return s.substr(b, e - b + 1);
}

static std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int main() {
  std::string text = gg::files::read_file("notes/status.txt").contents;
  std::map<std::string, std::string> fields;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    size_t sep = line.find_first_of(":=");
    if (sep == std::string::npos) continue;
    fields[lower(trim(line.substr(0, sep)))] = trim(line.substr(sep + 1));
  }
  std::string state;
  for (const char* k : {"state", "status"}) {
    if (fields.count(k)) { state = fields[k]; break; }
  }
  std::string version;
  for (const char* k : {"version", "release", "release version"}) {
    if (fields.count(k)) { version = fields[k]; break; }
  }
  if (lower(state) == "ready") {
    std::string summary = "The release is ready: version " + version + ".";
    gg::session::finish(summary);
    std::cout << summary << "\n";
  } else {
    std::cout << text;
    if (!text.empty() && text.back() != '\n') std::cout << "\n";
  }
  return 0;
}
