#include <gg.hpp>
#include <algorithm>
#include <iostream>
#include <set>
#include <sstream>
#include <string>

int main() {
    auto text = gg::files::read_file("lists/guests.txt").contents;
    std::set<std::string> names;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        auto b = line.find_first_not_of(" \t");
        if (b == std::string::npos) continue;
        auto e = line.find_last_not_of(" \t");
        names.insert(line.substr(b, e - b + 1));
    }
    std::string out;
    for (const auto& n : names) out += n + "\n";
    gg::files::write_file("lists/guests-sorted.txt", out);
    std::cout << "wrote " << names.size() << " names to lists/guests-sorted.txt\n";
    return 0;
}
