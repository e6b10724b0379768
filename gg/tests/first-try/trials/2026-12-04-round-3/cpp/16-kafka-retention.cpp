#include <gg.hpp>
#include <algorithm>
#include <cctype>
#include <iostream>
#include <string>
#include <vector>

static std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

int main() {
    std::vector<std::string> found;
    for (const auto& hit : gg::memories::search({})) {
        auto m = gg::memories::read(hit.name);
        auto all = lower(m.name + "\n" + m.description + "\n" + m.body);
        if (all.find("kafka") != std::string::npos && all.find("retention") != std::string::npos)
            found.push_back(m.name);
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    for (const auto& n : found) std::cout << n << "\n";
    return 0;
}
