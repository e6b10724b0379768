#include <gg.hpp>
#include <filesystem>
#include <iostream>
#include <string>

int main() {
    namespace fs = std::filesystem;
    const fs::path from = "drafts/plan.md", to = "docs/plan.md";
    if (fs::exists(to)) {
        std::cout << "docs/plan.md already exists; not overwriting\n";
        return 1;
    }
    fs::create_directories(to.parent_path());
    std::error_code ec;
    fs::rename(from, to, ec);
    if (ec) {
        fs::copy_file(from, to);
        fs::remove(from);
    }
    std::cout << "moved drafts/plan.md to docs/plan.md\n";
    return 0;
}
