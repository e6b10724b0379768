#include <gg.hpp>
#include <cctype>
#include <iostream>
#include <string>

int main() {
    int corrected = 0;
    for (const auto& t : gg::tasks::list()) {
        std::string title = t.title;
        std::string lower = title;
        for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        bool changed = false;
        std::size_t pos = 0;
        while ((pos = lower.find("recieve", pos)) != std::string::npos) {
            std::swap(title[pos + 3], title[pos + 4]);  // "ie" -> "ei", keeping the case
            changed = true;
            pos += 7;
        }
        if (changed) {
            gg::tasks::update(t.id, gg::tasks::TaskPatch{.title = title});
            ++corrected;
        }
    }
    std::cout << corrected << "\n";
    return 0;
}
