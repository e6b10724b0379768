#include <gg.hpp>
#include <iostream>
#include <sstream>
#include <string>

int main() {
    const std::string path = "logs/server.log";
    auto r = gg::files::read_file(path);
    std::istringstream in(r.contents);
    std::string line;
    std::uint32_t n = 0;
    long long last = -1;
    while (std::getline(in, line)) {
        if (line.rfind("=== start", 0) == 0) last = n;
        ++n;
    }
    if (last < 0) { std::cout << "no '=== start' line found\n"; return 1; }
    std::uint32_t total = std::max<std::uint32_t>(r.total_lines, n);
    std::uint32_t offset = static_cast<std::uint32_t>(last);
    gg::views::open_file(path, offset, total - offset);
    std::cout << "showing " << path << " from line " << (offset + 1) << " to " << total << "\n";
    return 0;
}
