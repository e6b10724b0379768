#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <sstream>
#include <regex>
#include <optional>

int main() {
    const std::string path = "src/reader.py";
    auto r = gg::files::read_file(path);
    std::vector<std::string> lines;
    {
        std::istringstream in(r.contents);
        std::string line;
        while (std::getline(in, line)) lines.push_back(line);
    }
    std::uint32_t base = r.first_line > 0 ? r.first_line - 1 : 0;  // 0-based index of lines[0]

    const std::regex def_target(R"(^\s*(async\s+)?def\s+parse_header\b)");
    const std::regex any_def(R"(^\s*(async\s+)?def\s)");
    std::optional<std::size_t> start;
    for (std::size_t k = 0; k < lines.size(); ++k) {
        if (std::regex_search(lines[k], def_target)) { start = k; break; }
    }
    if (!start) {
        std::cout << "No `def parse_header` in " << path << ".\n";
        return 1;
    }
    std::size_t end = lines.size();  // exclusive
    for (std::size_t k = *start + 1; k < lines.size(); ++k) {
        if (std::regex_search(lines[k], any_def)) { end = k; break; }
    }
    std::uint32_t offset = base + static_cast<std::uint32_t>(*start);
    std::uint32_t limit = static_cast<std::uint32_t>(end - *start);
    auto shown = gg::views::open_file(path, offset, limit);
    std::cout << "Showing " << path << " lines " << shown.first_line << "-" << shown.last_line
              << " (parse_header) next turn.\n";
    return 0;
}
