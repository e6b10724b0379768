#include <gg.hpp>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

static std::vector<std::string> parse_csv_line(const std::string& line) {
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quoted) {
            if (c == '"') {
                if (i + 1 < line.size() && line[i + 1] == '"') { cur += '"'; ++i; }
                else quoted = false;
            } else cur += c;
        } else if (c == '"') quoted = true;
        else if (c == ',') { out.push_back(cur); cur.clear(); }
        else cur += c;
    }
    out.push_back(cur);
    return out;
}

static std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

int main() {
    std::ifstream in("data/stock.csv");
    if (!in) { std::cout << "cannot open data/stock.csv\n"; return 1; }
    std::string line;
    std::getline(in, line);
    auto header = parse_csv_line(line);
    int item_col = -1, stock_col = -1, min_col = -1;
    for (std::size_t i = 0; i < header.size(); ++i) {
        auto h = trim(header[i]);
        if (h == "item") item_col = static_cast<int>(i);
        if (h == "stock") stock_col = static_cast<int>(i);
        if (h == "minimum") min_col = static_cast<int>(i);
    }
    if (item_col < 0 || stock_col < 0 || min_col < 0) { std::cout << "missing columns\n"; return 1; }
    std::vector<std::string> low;
    while (std::getline(in, line)) {
        if (trim(line).empty()) continue;
        auto f = parse_csv_line(line);
        int need = std::max({item_col, stock_col, min_col});
        if (static_cast<int>(f.size()) <= need) continue;
        double stock = std::stod(trim(f[stock_col]));
        double minimum = std::stod(trim(f[min_col]));
        if (stock < minimum) low.push_back(trim(f[item_col]));
    }
    {
        std::ofstream out("reports/restock.txt");
        for (const auto& item : low) out << item << "\n";
        if (!out) { std::cout << "cannot write reports/restock.txt\n"; return 1; }
    }
    for (const auto& item : low) {
        auto issue = gg::board::create_issue(gg::board::IssueInput{
            .title = "Restock " + item,
            .labels = {"supplies"},
        });
        std::cout << "#" << issue.id << " Restock " << item << "\n";
    }
    return 0;
}
