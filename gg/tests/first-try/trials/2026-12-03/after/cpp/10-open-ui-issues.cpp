#include <gg.hpp>
#include <algorithm>
#include <iostream>
#include <string>

int main() {
  auto issues = gg::board::list_issues(gg::board::IssueStatus::open);
  for (const auto& issue : issues) {
    if (issue.status != gg::board::IssueStatus::open) continue;
    if (std::find(issue.labels.begin(), issue.labels.end(), "ui") != issue.labels.end()) {
      std::cout << issue.title << "\n";
    }
  }
  return 0;
}
