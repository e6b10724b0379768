#include <gg.hpp>
#include <algorithm>
#include <cctype>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

static std::string trim(std::string s) {
    const char* ws = " \t\r\n*`_\"'";
    auto b = s.find_first_not_of(ws);
    if (b == std::string::npos) return "";
    auto e = s.find_last_not_of(ws);
    return s.substr(b, e - b + 1);
}

static std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

int main() {
    auto m = gg::memories::read("component-owners");
    std::istringstream in(m.body);
    std::string line;
    std::vector<std::string> mentions;
    while (std::getline(in, line)) {
        if (lower(line).find("billing") == std::string::npos) continue;
        mentions.push_back(line);
        std::string s = line;
        // strip list markers
        auto b = s.find_first_not_of(" \t");
        if (b == std::string::npos) continue;
        s = s.substr(b);
        if (s.rfind("- ", 0) == 0 || s.rfind("* ", 0) == 0 || s.rfind("+ ", 0) == 0) s = s.substr(2);
        std::string key, value;
        if (s.find('|') != std::string::npos) {
            std::vector<std::string> cells;
            std::string cell;
            std::istringstream cs(s);
            while (std::getline(cs, cell, '|')) {
                cell = trim(cell);
                if (!cell.empty()) cells.push_back(cell);
            }
            if (cells.size() >= 2) { key = cells[0]; value = cells[1]; }
        } else {
            const std::vector<std::string> seps = {" owned by ", " is owned by ", ":", " — ", " – ", " -> ", " => ", "=", " - ", "\t"};
            std::size_t best = std::string::npos, len = 0;
            for (const auto& sep : seps) {
                auto p = s.find(sep);
                if (p != std::string::npos && (best == std::string::npos || p < best)) { best = p; len = sep.size(); }
            }
            if (best != std::string::npos) { key = s.substr(0, best); value = s.substr(best + len); }
        }
        key = lower(trim(key));
        if (key.size() >= 3 && key.substr(key.size() - 3) == " is") key = trim(key.substr(0, key.size() - 3));
        if (key == "billing" || key == "src/billing" || key == "billing/" || key == "src/billing/") {
            value = trim(value);
            std::cout << value << "\n";
            return 0;
        }
    }
    if (mentions.empty()) {
        std::cout << "no mention of billing in component-owners:\n" << m.body << "\n";
        return 1;
    }
    std::cout << "could not parse the owner; the lines that mention billing:\n";
    for (const auto& l : mentions) std::cout << l << "\n";
    return 0;
}
