#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>

int main() {
    auto issues = gg::board::list_issues(gg::board::IssueStatus::open);
    int n = 0;
    for (const auto& i : issues) {
        if (i.status != gg::board::IssueStatus::open) continue;
        if (i.labels.empty()) {
            std::cout << "#" << i.id << " " << i.title << "\n";
            ++n;
        }
    }
    if (n == 0) std::cout << "(no open issue without a label)\n";
    return 0;
}
