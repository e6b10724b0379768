#include <gg.hpp>
#include <algorithm>
#include <cctype>
#include <iostream>
#include <regex>
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

static bool isDbName(const std::string& name) {
  std::string n = lower(name);
  return n.find("database") != std::string::npos || n == "db" || n.rfind("db.", 0) == 0 ||
         n.rfind("db ", 0) == 0;
}

int main() {
  const std::string path = "config/server.conf";
  std::string text = gg::files::read_file(path).contents;

  std::vector<std::string> lines;
  size_t start = 0;
  while (true) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) { lines.push_back(text.substr(start)); break; }
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }

  // Sections: "[name]" (ini), "name {" ... "}" (block), or "name:" at column 0 (yaml).
  std::vector<std::string> stack;  // block sections
  std::string iniSection;
  const std::regex timeoutRe(R"(^(\s*)([A-Za-z0-9_.\-]*timeout)(\s*[=:]?\s*)30\b)", std::regex::icase);
  int changed = 0;
  for (auto& line : lines) {
    std::string t = trim(line);
    if (t.empty() || t[0] == '#' || t[0] == ';') continue;
    if (t.front() == '[' && t.back() == ']') {
      iniSection = t.substr(1, t.size() - 2);
      stack.clear();
      continue;
    }
    if (t.back() == '{') {
      stack.push_back(trim(t.substr(0, t.size() - 1)));
      continue;
    }
    if (t[0] == '}') {
      if (!stack.empty()) stack.pop_back();
      continue;
    }
    if (t.back() == ':' && !line.empty() && line[0] != ' ' && line[0] != '\t') {
      iniSection = t.substr(0, t.size() - 1);
      continue;
    }
    bool inDb = isDbName(iniSection);
    for (const auto& s : stack) inDb = inDb || isDbName(s);
    std::smatch m;
    if (std::regex_search(line, m, timeoutRe)) {
      std::string key = m[2].str();
      bool keyDb = isDbName(key.substr(0, key.find('.') == std::string::npos ? 0 : key.find('.'))) ||
                   lower(key).find("database") != std::string::npos || lower(key).rfind("db_", 0) == 0;
      if (inDb || keyDb) {
        size_t pos = static_cast<size_t>(m.position(0) + m.length(0)) - 2;
        line.replace(pos, 2, "60");
        ++changed;
      }
    }
  }

  if (changed != 1) {
    std::cout << "expected to change one database timeout, found " << changed << "; file left as it was\n";
    gg::views::open_file(path);
    return 1;
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    out += lines[i];
    if (i + 1 < lines.size()) out += '\n';
  }
  gg::files::write_file(path, out);
  std::cout << "database timeout raised from 30 to 60\n";
  return 0;
}
