#include <gg.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

int main() {
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    for (const auto& e : fs::recursive_directory_iterator("src")) {
        if (e.is_regular_file()) files.push_back(e.path().generic_string());
    }
    std::sort(files.begin(), files.end());
    const std::regex call(R"((^|[^A-Za-z0-9_])send_invoice\s*\()");
    const std::regex def(R"(^\s*(async\s+)?def\s+send_invoice\b)");
    for (const auto& path : files) {
        std::ifstream in(path);
        std::string line;
        std::uint32_t n = 0;
        while (std::getline(in, line)) {
            ++n;
            if (std::regex_search(line, def)) continue;
            std::smatch m;
            if (!std::regex_search(line, m, call)) continue;
            // skip a mention that sits in a comment
            auto hash = line.find('#');
            if (hash != std::string::npos && hash < static_cast<std::size_t>(m.position(0))) continue;
            std::cout << path << ":" << n << "\n";
        }
    }
    return 0;
}
