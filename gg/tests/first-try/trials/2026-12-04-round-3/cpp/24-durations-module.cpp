#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
    const std::string code = R"CODE(#pragma once
#include <string>

inline std::string format_duration(long long seconds) {
    if (seconds < 0) return "-" + format_duration(-seconds);
    long long h = seconds / 3600;
    long long m = (seconds % 3600) / 60;
    long long s = seconds % 60;
    std::string out = std::to_string(h) + ":";
    if (m < 10) out += "0";
    out += std::to_string(m) + ":";
    if (s < 10) out += "0";
    out += std::to_string(s);
    return out;
}
)CODE";
    gg::memories::write(
        "durations",
        "Helpers for showing lengths of time. format_duration(seconds) gives H:MM:SS, e.g. 3725 -> 1:02:05.",
        std::string("Helpers for showing lengths of time"),
        code);

    const std::string second = R"PROG(#include <gg.hpp>
#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>
namespace lib::durations {}
#include "lib/durations.hpp"
using namespace lib::durations;

int main() {
    auto text = gg::files::read_file("data/runs.csv").contents;
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);  // header
    std::vector<std::pair<long long, std::string>> runs;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        auto comma = line.rfind(',');
        if (comma == std::string::npos) continue;
        runs.push_back({std::stoll(line.substr(comma + 1)), line.substr(0, comma)});
    }
    std::stable_sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string out;
    for (const auto& [secs, runner] : runs) out += runner + " " + format_duration(secs) + "\n";
    gg::files::write_file("reports/times.txt", out);
    std::cout << out;
    return 0;
}
)PROG";
    gg::programs::rerun(second);
    std::cout << "saved memory durations; the report program runs next\n";
    return 0;
}
