#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
    const std::string path = "notes/worklog.md";
    const std::string entry = "- 2026-12-03: reviewed the payments design";
    auto r = gg::files::read_file(path);
    if (r.truncated) {
        std::cout << "The file was read truncated; not rewriting it.\n";
        return 1;
    }
    std::string text = r.contents;
    if (!text.empty() && text.back() != '\n') text += '\n';
    text += entry + "\n";
    gg::files::write_file(path, text);
    std::cout << "Appended to " << path << ":\n" << entry << "\n";
    return 0;
}
