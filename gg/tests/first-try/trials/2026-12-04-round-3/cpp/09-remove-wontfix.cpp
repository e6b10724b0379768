#include <gg.hpp>
#include <algorithm>
#include <iostream>
#include <string>

int main() {
    for (const auto& issue : gg::board::list_issues(gg::board::IssueStatus::closed)) {
        if (issue.status != gg::board::IssueStatus::closed) continue;
        if (std::find(issue.labels.begin(), issue.labels.end(), "wontfix") == issue.labels.end()) continue;
        gg::board::remove_issue(issue.id);
        std::cout << issue.id << "\n";
    }
    return 0;
}
