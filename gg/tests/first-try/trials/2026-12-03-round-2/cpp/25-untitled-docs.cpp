#include <gg.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

int main() {
    std::vector<std::string> untitled;
    for (const auto& entry : fs::recursive_directory_iterator("docs")) {
        if (!entry.is_regular_file()) continue;
        if (entry.path().extension() != ".md") continue;
        std::ifstream in(entry.path());
        if (!in) {
            std::cout << "could not open " << entry.path().generic_string() << "\n";
            return 1;
        }
        bool titled = false;
        std::string line;
        while (std::getline(in, line)) {
            if (line.starts_with("# ")) { titled = true; break; }
        }
        if (!titled) untitled.push_back(entry.path().lexically_normal().generic_string());
    }
    std::sort(untitled.begin(), untitled.end());
    std::ofstream out("docs/untitled.txt", std::ios::binary | std::ios::trunc);
    if (!out) {
        std::cout << "could not write docs/untitled.txt\n";
        return 1;
    }
    for (const auto& p : untitled) out << p << "\n";
    out.close();
    std::cout << "Wrote docs/untitled.txt (" << untitled.size() << " files):\n";
    for (const auto& p : untitled) std::cout << p << "\n";
    return 0;
}
