#include <gg.hpp>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

static std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

int main() {
  auto res = gg::shell::run("sh run-tests.sh");
  std::cout << "exit code: " << (res.exit_code ? std::to_string(*res.exit_code) : std::string("none (killed)")) << "\n";

  std::vector<std::string> lines;
  {
    std::istringstream in(res.output);
    std::string l;
    while (std::getline(in, l)) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(l);
    }
  }
  while (!lines.empty() && trim(lines.back()).empty()) lines.pop_back();

  // Find the failing test's name in common report formats.
  const std::vector<std::regex> patterns = {
      std::regex(R"(^\s*--- FAIL:\s*(\S+))"),                        // go
      std::regex(R"(^\s*not ok\s+\d+\s*-?\s*(.+?)\s*(?:#.*)?$)"),     // TAP
      std::regex(R"(^\s*(?:FAIL|FAILED|FAILURE|FAILING)\s*[:\-]?\s+([^\s(:]+))"),
      std::regex(R"(^\s*(?:test\s+)?(\S+)\s*\.\.\.\s*(?:FAIL|FAILED|failed|fail)\b)"),
      std::regex(R"(^\s*(?:[✗✘×]|\[FAIL\]|\[FAILED\])\s*(\S+))"),
      std::regex(R"(^\s*(\S+)\s*[:\-]?\s*(?:FAIL|FAILED)\b)"),
  };
  std::string name;
  for (const auto& l : lines) {
    for (const auto& re : patterns) {
      std::smatch m;
      if (std::regex_search(l, m, re)) {
        name = trim(m[1].str());
        break;
      }
    }
    if (!name.empty()) break;
  }
  std::cout << res.output << "\n";
  if (name.empty()) {
    std::cout << "could not find the failing test's name in the output\n";
    return 1;
  }

  std::string last3;
  size_t from = lines.size() >= 3 ? lines.size() - 3 : 0;
  for (size_t i = from; i < lines.size(); ++i) {
    last3 += lines[i];
    if (i + 1 < lines.size()) last3 += "\n";
  }

  std::uint32_t id = gg::board::create_issue({
      .title = "Test failing: " + name,
      .description = last3,
      .labels = {"ci"},
  });
  std::cout << "filed issue " << id << " for failing test " << name << "\n";
  gg::session::finish("Ran the tests with sh run-tests.sh: the test " + name +
                      " fails. Filed board issue #" + std::to_string(id) + " (label ci) with the last 3 lines of the output.");
  return 0;
}
