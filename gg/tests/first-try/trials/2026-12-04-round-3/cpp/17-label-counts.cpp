#include <gg.hpp>
#include <format>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <utility>

int main() {
    std::map<std::string, std::pair<int, int>> counts;
    for (const auto& issue : gg::board::list_issues()) {
        std::set<std::string> labels(issue.labels.begin(), issue.labels.end());
        for (const auto& l : labels) {
            auto& c = counts[l];
            if (issue.status == gg::board::IssueStatus::open) ++c.first; else ++c.second;
        }
    }
    std::string out;
    for (const auto& [label, c] : counts) out += std::format("{}: {} open, {} closed\n", label, c.first, c.second);
    gg::files::write_file("docs/labels.txt", out);
    std::cout << out;
    return 0;
}
