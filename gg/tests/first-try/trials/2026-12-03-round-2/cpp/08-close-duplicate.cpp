#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <algorithm>
#include <optional>

int main() {
    auto issues = gg::board::list_issues();
    const gg::board::Issue* issue = nullptr;
    for (const auto& i : issues) {
        if (i.id == 7) { issue = &i; break; }
    }
    if (!issue) {
        std::cout << "Issue #7 not found.\n";
        return 1;
    }
    std::vector<std::string> labels = issue->labels;
    if (std::find(labels.begin(), labels.end(), "duplicate") == labels.end()) {
        labels.push_back("duplicate");
    }
    std::string description = "Duplicate of #3.";
    if (issue->description && !issue->description->empty()) {
        description += "\n" + *issue->description;
    }
    gg::board::update_issue(7, {
        .description = gg::TextEdit::set(description),
        .labels = labels,
        .status = gg::board::IssueStatus::closed,
    });
    std::cout << "Closed #7; labels:";
    for (const auto& l : labels) std::cout << " " << l;
    std::cout << "\nDescription now:\n" << description << "\n";
    return 0;
}
