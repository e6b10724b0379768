#include <gg.hpp>
#include <algorithm>
#include <cctype>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

static std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int main() {
  const std::string change = "Fixed the crash when saving an empty file";

  // What the skill says to do.
  std::string skill = gg::skills::read("changelog");
  std::cout << "--- skill changelog ---\n" << skill << "\n--- end of skill ---\n";

  // Which file the skill names (default CHANGELOG.md).
  std::string path = "CHANGELOG.md";
  std::smatch m;
  const std::regex fileRe(R"(([A-Za-z0-9_./-]*(?:CHANGELOG|changelog|Changelog)[A-Za-z0-9_-]*\.(?:md|txt|rst)))");
  if (std::regex_search(skill, m, fileRe)) path = m[1].str();

  // Read the changelog (it may not exist yet).
  std::string text;
  bool exists = true;
  try {
    text = gg::files::read_file(path).contents;
  } catch (const gg::ApiError&) {
    exists = false;
  }

  const std::string entry = "- " + change;
  if (text.find(change) != std::string::npos) {
    std::cout << "already recorded in " << path << "\n";
    return 0;
  }

  std::vector<std::string> lines;
  {
    std::istringstream in(text);
    std::string l;
    while (std::getline(in, l)) lines.push_back(l);
  }

  if (!exists || lines.empty()) {
    lines = {"# Changelog", "", "## Unreleased", "", "### Fixed", "", entry};
  } else {
    // Find the "Unreleased" section, else the first "## " section.
    int section = -1;
    for (size_t i = 0; i < lines.size(); ++i) {
      std::string l = lower(lines[i]);
      if (l.rfind("## ", 0) == 0 && l.find("unreleased") != std::string::npos) { section = static_cast<int>(i); break; }
    }
    if (section < 0) {
      for (size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("## ", 0) == 0) { section = static_cast<int>(i); break; }
      }
    }
    if (section < 0) {
      // No section: add one after the title (or at the top).
      size_t at = (!lines.empty() && lines[0].rfind("# ", 0) == 0) ? 1 : 0;
      std::vector<std::string> add = {"", "## Unreleased", "", entry};
      lines.insert(lines.begin() + static_cast<long>(at), add.begin(), add.end());
    } else {
      // End of that section.
      size_t end = lines.size();
      for (size_t i = static_cast<size_t>(section) + 1; i < lines.size(); ++i) {
        if (lines[i].rfind("## ", 0) == 0) { end = i; break; }
      }
      // A "### Fixed" subsection inside it?
      size_t insertAt = 0;
      bool placed = false;
      for (size_t i = static_cast<size_t>(section) + 1; i < end; ++i) {
        if (lower(lines[i]).rfind("### fixed", 0) == 0) {
          size_t j = i + 1;
          while (j < end && lines[j].empty()) ++j;
          while (j < end && (lines[j].rfind("- ", 0) == 0 || lines[j].rfind("* ", 0) == 0)) ++j;
          insertAt = j;
          placed = true;
          break;
        }
      }
      if (!placed) {
        // After the existing bullet lines right under the heading.
        size_t j = static_cast<size_t>(section) + 1;
        while (j < end && lines[j].empty()) ++j;
        size_t k = j;
        while (k < end && (lines[k].rfind("- ", 0) == 0 || lines[k].rfind("* ", 0) == 0)) ++k;
        if (k == j) {
          // No bullets yet: put the entry right after the heading and a blank line.
          std::vector<std::string> add = {"", entry};
          lines.insert(lines.begin() + static_cast<long>(section) + 1, add.begin(), add.end());
          insertAt = std::string::npos;
        } else {
          insertAt = k;
        }
      }
      if (insertAt != std::string::npos) {
        std::string bullet = entry;
        if (insertAt > 0 && lines[insertAt - 1].rfind("* ", 0) == 0) bullet = "* " + change;
        lines.insert(lines.begin() + static_cast<long>(insertAt), bullet);
      }
    }
  }

  std::string out;
  for (const auto& l : lines) out += l + "\n";
  gg::files::write_file(path, out);
  std::cout << "recorded the change in " << path << "\n";
  gg::views::open_file(path);
  return 0;
}
