#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <sstream>
#include <regex>

static std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

int main() {
    auto res = gg::shell::run("sh check.sh");
    std::cout << "check.sh exit code: ";
    if (res.exit_code) std::cout << *res.exit_code; else std::cout << "none (killed)";
    std::cout << "\n" << res.output;
    if (!res.output.empty() && res.output.back() != '\n') std::cout << "\n";

    std::vector<std::string> lines;
    {
        std::istringstream in(res.output);
        std::string l;
        while (std::getline(in, l)) {
            if (!l.empty() && l.back() == '\r') l.pop_back();
            lines.push_back(l);
        }
    }

    const std::regex fail_start(R"(^\s*(\[\s*)?((fail(ed|ure)?|error|not ok)\b|✗|✘|❌))", std::regex::icase);
    const std::regex fail_word(R"(\b(FAIL|FAILED|FAILURE)\b)");
    const std::regex summary(R"(\b\d+\s+(checks?\s+)?(passed|failed|ok)\b)", std::regex::icase);

    std::vector<std::string> items;
    for (std::size_t k = 0; k < lines.size(); ++k) {
        const std::string& l = lines[k];
        if (trim(l).empty()) continue;
        bool starts_failed = std::regex_search(l, fail_start);
        bool failed = starts_failed || std::regex_search(l, fail_word);
        if (!failed) continue;
        if (!starts_failed && std::regex_search(l, summary)) continue;  // a "3 passed, 1 failed" summary, not a check
        std::string item = trim(l);
        // Indented lines right after a failure belong to its report.
        while (k + 1 < lines.size() && !lines[k + 1].empty() &&
               (lines[k + 1][0] == ' ' || lines[k + 1][0] == '\t') && !trim(lines[k + 1]).empty() &&
               !std::regex_search(lines[k + 1], fail_start)) {
            item += " — " + trim(lines[k + 1]);
            ++k;
        }
        items.push_back(item);
    }

    bool exit_ok = res.exit_code && *res.exit_code == 0;
    if (exit_ok && items.empty()) {
        gg::session::approve();
        std::cout << "All checks passed: approving.\n";
        return 0;
    }
    if (items.empty()) {
        std::string last;
        for (const auto& l : lines) if (!trim(l).empty()) last = trim(l);
        std::string code = res.exit_code ? std::to_string(*res.exit_code) : std::string("no exit code (killed)");
        items.push_back("check.sh failed (exit " + code + ")" + (last.empty() ? "" : ": " + last));
    }
    gg::session::request_changes(items);
    std::cout << "Requesting changes:\n";
    for (const auto& i : items) std::cout << "- " << i << "\n";
    return 0;
}
