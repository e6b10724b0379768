#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>

static void walk(const std::string& dir, std::vector<std::string>& out) {
    for (const auto& e : gg::files::list_dir(dir)) {
        std::string path = dir + "/" + e.name;
        if (e.kind == gg::files::EntryKind::directory) {
            walk(path, out);
        } else if (e.kind == gg::files::EntryKind::file) {
            out.push_back(path);
        }
    }
}

int main() {
    std::vector<std::string> files;
    walk("projects", files);
    for (const auto& f : files) std::cout << f << "\n";
    if (files.empty()) std::cout << "(no files under projects)\n";
    return 0;
}
