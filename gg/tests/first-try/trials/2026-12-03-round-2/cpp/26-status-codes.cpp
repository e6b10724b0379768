#include <gg.hpp>
#include <algorithm>
#include <format>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

static std::string read_all(const std::string& path) {
    auto r = gg::files::read_file(path);
    std::string text = r.contents;
    while (r.truncated && r.last_line < r.total_lines) {
        if (!text.empty() && text.back() != '\n') text += '\n';
        r = gg::files::read_file(path, r.last_line);
        text += r.contents;
    }
    return text;
}

int main() {
    std::string text = read_all("logs/access.log");
    std::istringstream in(text);
    std::string line;
    const std::regex status_re(R"re("[^"]*"\s+(\d{3})\b)re");
    std::map<int, int> counts;
    int total = 0, unparsed = 0;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        std::smatch m;
        if (!std::regex_search(line, m, status_re)) { ++unparsed; continue; }
        ++counts[std::stoi(m[1].str())];
        ++total;
    }
    std::vector<std::pair<int, int>> rows(counts.begin(), counts.end());
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
        if (a.second != b.second) return a.second > b.second;
        return a.first < b.first;
    });
    std::string out;
    for (const auto& [code, n] : rows) out += std::format("{} {}\n", code, n);
    try {
        gg::files::write_file("reports/status.txt", out);
    } catch (const gg::ApiError&) {
        gg::shell::run("mkdir -p reports");
        gg::files::write_file("reports/status.txt", out);
    }
    int server_errors = 0;
    for (const auto& [code, n] : counts) if (code >= 500) server_errors += n;
    double share = total ? 100.0 * server_errors / total : 0.0;
    std::cout << "Wrote reports/status.txt (" << total << " requests";
    if (unparsed) std::cout << ", " << unparsed << " lines not understood";
    std::cout << ")\n" << out;
    std::cout << std::format("Server errors (5xx): {:.1f}%\n", share);
    return 0;
}
