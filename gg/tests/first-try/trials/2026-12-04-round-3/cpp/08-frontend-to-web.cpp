#include <gg.hpp>
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

int main() {
    int relabelled = 0;
    for (const auto& issue : gg::board::list_issues()) {
        const auto& labels = issue.labels;
        if (std::find(labels.begin(), labels.end(), "frontend") == labels.end()) continue;
        bool has_web = std::find(labels.begin(), labels.end(), "web") != labels.end();
        std::vector<std::string> next;
        for (const auto& l : labels) {
            if (l == "frontend") {
                if (!has_web) { next.push_back("web"); has_web = true; }
            } else {
                next.push_back(l);
            }
        }
        gg::board::update_issue(issue.id, gg::board::IssuePatch{.labels = next});
        ++relabelled;
    }
    std::cout << relabelled << "\n";
    return 0;
}
