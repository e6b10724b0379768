#include <gg.hpp>
#include <iostream>
#include <string>
#include <map>
#include <set>
#include <utility>

int main() {
    // Case-insensitive without relying on regex flags.
    auto matches = gg::files::search("[Dd][Ee][Pp][Rr][Ee][Cc][Aa][Tt][Ee][Dd]", std::string("src"));
    std::map<std::string, std::set<std::uint32_t>> lines_by_file;
    for (const auto& m : matches) {
        lines_by_file[m.path].insert(m.line);
    }
    if (lines_by_file.empty()) {
        std::cout << "No file under src mentions \"deprecated\".\n";
        return 0;
    }
    for (const auto& [path, lines] : lines_by_file) {
        std::cout << path << " " << lines.size() << "\n";
    }
    return 0;
}
