#include <gg.hpp>
#include <cmath>
#include <format>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

static std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r\"");
    if (b == std::string::npos) return "";
    auto e = s.find_last_not_of(" \t\r\"");
    return s.substr(b, e - b + 1);
}

int main() {
    std::string chosen;
    std::string newest;
    const std::regex month(R"(^\d{4}-\d{2}\.csv$)");
    for (const auto& e : gg::files::list_dir("sales")) {
        if (e.kind != gg::files::EntryKind::file) continue;
        if (e.name == "2026-12.csv") chosen = "sales/2026-12.csv";
        if (std::regex_match(e.name, month) && e.name > newest) newest = e.name;
    }
    if (chosen.empty()) {
        if (newest.empty()) { std::cout << "no monthly sales file in sales/\n"; return 1; }
        chosen = "sales/" + newest;
    }
    auto text = gg::files::read_file(chosen).contents;
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);
    std::vector<std::string> header;
    {
        std::istringstream hs(line);
        std::string h;
        while (std::getline(hs, h, ',')) header.push_back(trim(h));
    }
    int col = -1;
    for (std::size_t i = 0; i < header.size(); ++i) if (header[i] == "amount") col = static_cast<int>(i);
    if (col < 0) { std::cout << "no amount column in " << chosen << "\n"; return 1; }
    double total = 0;
    while (std::getline(in, line)) {
        if (trim(line).empty()) continue;
        std::vector<std::string> f;
        std::istringstream ls(line);
        std::string cell;
        while (std::getline(ls, cell, ',')) f.push_back(trim(cell));
        if (static_cast<int>(f.size()) <= col || f[col].empty()) continue;
        total += std::stod(f[col]);
    }
    std::string shown = (std::floor(total) == total) ? std::format("{}", static_cast<long long>(total))
                                                      : std::format("{:.2f}", total);
    std::string summary = std::format("Totalled the amount column of {}: {}", chosen, shown);
    std::cout << summary << "\n";
    gg::session::finish(summary);
    return 0;
}
