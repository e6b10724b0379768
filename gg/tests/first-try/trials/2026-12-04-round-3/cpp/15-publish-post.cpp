#include <gg.hpp>
#include <cctype>
#include <iostream>
#include <string>

int main() {
    const std::string title = "Ledger 3.0: Faster Imports & Offline Mode";
    const std::string date = "2026-12-04";
    std::string slug;
    bool pending_dash = false;
    for (unsigned char c : title) {
        char l = static_cast<char>(std::tolower(c));
        if ((l >= 'a' && l <= 'z') || (l >= '0' && l <= '9')) {
            if (pending_dash && !slug.empty()) slug += '-';
            pending_dash = false;
            slug += l;
        } else {
            pending_dash = true;
        }
    }
    const std::string text = gg::files::read_file("drafts/ledger-3.txt").contents;
    const std::string name = date + "-" + slug;
    gg::files::write_file("posts/" + name + ".md", "# " + title + "\n\n" + text);
    std::string index = gg::files::read_file("posts/index.txt").contents;
    gg::files::write_file("posts/index.txt", date + " " + slug + "\n" + index);
    std::cout << "published " << name << "\n";
    return 0;
}
