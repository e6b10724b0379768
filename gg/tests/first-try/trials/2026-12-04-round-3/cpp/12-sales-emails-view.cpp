#include <gg.hpp>
#include <algorithm>
#include <iostream>
#include <sstream>
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
    auto text = gg::files::read_file("team/people.csv").contents;
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line)) { std::cout << "empty file\n"; return 1; }
    auto header = parse_csv_line(line);
    int team_col = -1, email_col = -1;
    for (std::size_t i = 0; i < header.size(); ++i) {
        auto h = trim(header[i]);
        if (h == "team") team_col = static_cast<int>(i);
        if (h == "email") email_col = static_cast<int>(i);
    }
    if (team_col < 0 || email_col < 0) { std::cout << "no team/email column\n"; return 1; }
    std::vector<std::string> emails;
    while (std::getline(in, line)) {
        if (trim(line).empty()) continue;
        auto f = parse_csv_line(line);
        if (static_cast<int>(f.size()) <= std::max(team_col, email_col)) continue;
        if (trim(f[team_col]) == "Sales") emails.push_back(trim(f[email_col]));
    }
    std::sort(emails.begin(), emails.end());
    std::string body;
    for (const auto& e : emails) body += e + "\n";
    gg::views::open_text(body, "sales emails");
    std::cout << emails.size() << " Sales emails in the view 'sales emails'\n";
    return 0;
}
