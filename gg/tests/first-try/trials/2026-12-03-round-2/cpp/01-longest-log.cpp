#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <optional>

int main() {
    auto entries = gg::files::list_dir(std::string("logs"));
    std::string best_name;
    std::uint32_t best_lines = 0;
    bool found = false;
    std::vector<std::string> tied;
    for (const auto& e : entries) {
        if (e.kind != gg::files::EntryKind::file) continue;
        auto r = gg::files::read_file("logs/" + e.name);
        std::uint32_t n = r.total_lines;
        if (!found || n > best_lines) {
            found = true;
            best_lines = n;
            best_name = e.name;
            tied.clear();
        } else if (n == best_lines) {
            tied.push_back(e.name);
        }
    }
    if (!found) {
        std::cout << "No log files found in logs/\n";
        return 1;
    }
    std::cout << best_name << " " << best_lines << " lines\n";
    for (const auto& t : tied) {
        std::cout << "(tied with " << t << ", also " << best_lines << " lines)\n";
    }
    return 0;
}
