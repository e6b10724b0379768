#include <gg.hpp>
#include <algorithm>
#include <iostream>
#include <set>
#include <string>
#include <vector>

static bool has(const std::vector<std::string>& labels, const std::string& l) {
  return std::find(labels.begin(), labels.end(), l) != labels.end();
}

int main() {
  using gg::board::IssueStatus;
  std::vector<std::uint32_t> closed, reopened;
  std::set<std::uint32_t> justClosed;

  for (const auto& issue : gg::board::list_issues(IssueStatus::open)) {
    if (issue.status != IssueStatus::open || !has(issue.labels, "done-in-1.4")) continue;
    std::vector<std::string> kept;
    for (const auto& l : issue.labels)
      if (l != "done-in-1.4") kept.push_back(l);
    gg::board::update_issue(issue.id, {.labels = kept, .status = IssueStatus::closed});
    closed.push_back(issue.id);
    justClosed.insert(issue.id);
  }

  for (const auto& issue : gg::board::list_issues(IssueStatus::closed)) {
    if (issue.status != IssueStatus::closed || !has(issue.labels, "regression")) continue;
    if (justClosed.count(issue.id)) continue;  // do not undo what was just closed
    gg::board::update_issue(issue.id, {.status = IssueStatus::open});
    reopened.push_back(issue.id);
  }

  auto join = [](const std::vector<std::uint32_t>& ids) {
    std::string s;
    for (size_t i = 0; i < ids.size(); ++i) {
      if (i) s += ", ";
      s += std::to_string(ids[i]);
    }
    return s.empty() ? std::string("none") : s;
  };
  std::cout << "closed: " << join(closed) << "\n";
  std::cout << "reopened: " << join(reopened) << "\n";
  return 0;
}
