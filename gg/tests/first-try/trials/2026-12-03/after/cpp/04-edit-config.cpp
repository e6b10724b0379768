#include <gg.hpp>
#include <algorithm>
#include <cctype>
#include <iostream>
#include <string>
#include <vector>

static std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

static std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int main() {
  const std::string path = "config/app.ini";
  std::string text = gg::files::read_file(path).contents;

  // Split into lines, keeping whether the text ended with a newline.
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }

  int portChanged = 0, levelChanged = 0;
  for (auto& line : lines) {
    size_t eq = line.find('=');
    if (eq == std::string::npos) eq = line.find(':');
    if (eq == std::string::npos) continue;
    std::string key = lower(trim(line.substr(0, eq)));
    std::string value = trim(line.substr(eq + 1));
    if (key.empty() || key[0] == ';' || key[0] == '#') continue;
    if (key == "port" && value == "8080") {
      size_t pos = line.find("8080", eq + 1);
      line.replace(pos, 4, "9090");
      ++portChanged;
    } else if (key.find("level") != std::string::npos && lower(value) == "info") {
      size_t pos = line.find(value, eq + 1);
      line.replace(pos, value.size(), "debug");
      ++levelChanged;
    }
  }

  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    out += lines[i];
    if (i + 1 < lines.size()) out += '\n';
  }
  gg::files::write_file(path, out);
  std::cout << "port lines changed: " << portChanged << "\n";
  std::cout << "log level lines changed: " << levelChanged << "\n";
  return (portChanged > 0 && levelChanged > 0) ? 0 : 1;
}
