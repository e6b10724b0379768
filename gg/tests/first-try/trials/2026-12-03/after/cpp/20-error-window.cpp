#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>

int main() {
  const std::string path = "logs/build.log";
  std::vector<gg::files::SearchMatch> matches;
  try {
    matches = gg::files::search("ERROR", path);
  } catch (const gg::ApiError&) {
    for (auto& m : gg::files::search("ERROR", std::string("logs")))
      if (m.path == path || m.path.ends_with("build.log")) matches.push_back(m);
  }
  if (matches.empty()) {
    std::cout << "no ERROR line in " << path << "\n";
    return 1;
  }
  std::uint32_t line = matches.front().line;  // assumed 1-based
  // Check the numbering: the 0-based offset line-1 should hold the ERROR line.
  auto probe = gg::files::read_file(path, line > 0 ? line - 1 : 0, 1);
  if (probe.contents.find("ERROR") == std::string::npos) {
    auto probe0 = gg::files::read_file(path, line, 1);
    if (probe0.contents.find("ERROR") != std::string::npos) line = line + 1;  // it was 0-based
  }
  std::cout << line << "\n";
  // 0-based index of the line is line-1; start 5 lines before it.
  std::uint32_t index = line - 1;
  std::uint32_t from = index >= 5 ? index - 5 : 0;
  gg::views::open_file(path, from, 11);
  return 0;
}
