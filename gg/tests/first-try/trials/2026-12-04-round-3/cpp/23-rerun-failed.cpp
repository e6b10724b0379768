#include <gg.hpp>
#include <iostream>
#include <optional>
#include <string>

int main() {
    std::optional<std::uint32_t> by_error, by_source;
    for (const auto& p : gg::programs::history()) {
        if (p.ok) continue;
        if (p.error && p.error->find("rates.csv") != std::string::npos) by_error = p.turn;
        else if (!by_source) {
            auto src = gg::programs::get(p.turn);
            if (src.find("data/rates.csv") != std::string::npos) by_source = p.turn;
        }
    }
    auto turn = by_error ? by_error : by_source;
    if (!turn) { std::cout << "no failed program about data/rates.csv found\n"; return 1; }
    auto source = gg::programs::get(*turn);
    std::cout << "running again the program of turn " << *turn << ":\n" << source << "\n";
    gg::programs::rerun(source);
    return 0;
}
