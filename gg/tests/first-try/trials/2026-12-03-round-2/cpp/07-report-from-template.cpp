#include <gg.hpp>
#include <iostream>
#include <string>

static void replace_all(std::string& s, const std::string& from, const std::string& to) {
    std::size_t pos = 0;
    while ((pos = s.find(from, pos)) != std::string::npos) {
        s.replace(pos, from.size(), to);
        pos += to.size();
    }
}

int main() {
    auto r = gg::files::read_file("templates/report.md");
    if (r.truncated) {
        std::cout << "Template was read truncated.\n";
        return 1;
    }
    std::string text = r.contents;
    replace_all(text, "{{month}}", "December 2026");
    replace_all(text, "{{author}}", "Dana");
    gg::files::write_file("reports/2026-12.md", text);
    std::cout << "Wrote reports/2026-12.md:\n" << text;
    if (!text.empty() && text.back() != '\n') std::cout << "\n";
    return 0;
}
