#include <gg.hpp>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

int main() {
    namespace fs = std::filesystem;
    for (const auto& e : gg::files::list_dir("uploads")) {
        if (e.kind != gg::files::EntryKind::file) continue;
        std::error_code ec;
        auto size = fs::file_size(fs::path("uploads") / e.name, ec);
        if (!ec && size == 0) std::cout << e.name << "\n";
    }
    return 0;
}
