#include <gg.hpp>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

int main() {
    auto text = gg::files::read_file("release/checklist.md").contents;
    std::istringstream in(text);
    std::string line;
    const std::regex item(R"(^\s*[-*+]\s+\[([ xX])\]\s?(.*?)\s*$)");
    int total = 0;
    std::vector<std::string> open;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::smatch m;
        if (!std::regex_match(line, m, item)) continue;
        ++total;
        if (m[1].str() == " ") {
            auto b = line.find_first_not_of(" \t");
            open.push_back(line.substr(b));
        }
    }
    if (total == 0) {
        std::cout << "no checklist items found in release/checklist.md\n";
        return 1;
    }
    if (open.empty()) {
        gg::session::finish(std::format("The release checklist is complete: all {} items are ticked.", total));
        std::cout << "checklist complete: " << total << " items\n";
    } else {
        for (const auto& o : open) std::cout << o << "\n";
    }
    return 0;
}
