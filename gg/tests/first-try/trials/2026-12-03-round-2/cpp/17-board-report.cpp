#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <algorithm>

int main() {
    auto issues = gg::board::list_issues();
    std::sort(issues.begin(), issues.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    std::string open, closed;
    int n_open = 0, n_closed = 0;
    for (const auto& i : issues) {
        std::string line = "- #" + std::to_string(i.id) + " " + i.title + "\n";
        if (i.status == gg::board::IssueStatus::open) { open += line; ++n_open; }
        else { closed += line; ++n_closed; }
    }
    std::string report = "## Open\n\n" + open + "\n## Closed\n\n" + closed;
    gg::files::write_file("docs/board.md", report);
    std::cout << "Wrote docs/board.md\n";
    std::cout << n_open << " open, " << n_closed << " closed\n";
    return 0;
}
