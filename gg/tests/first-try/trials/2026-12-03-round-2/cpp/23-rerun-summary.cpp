#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <optional>

int main() {
    auto history = gg::programs::history();
    struct Pick { std::uint32_t turn; std::string source; int score; };
    std::optional<Pick> best;
    for (const auto& p : history) {
        std::string src;
        try {
            src = gg::programs::get(p.turn);
        } catch (const gg::ApiError& e) {
            std::cout << "turn " << p.turn << ": could not get its source: " << e.what() << "\n";
            continue;
        }
        std::cout << "--- turn " << p.turn << (p.ok ? " (ok)" : " (failed)") << " ---\n" << src << "\n";
        if (src.find("summary.txt") == std::string::npos) continue;
        int score = 1;
        if (src.find("sales.csv") != std::string::npos) score += 2;
        if (src.find("write") != std::string::npos || src.find("\"w\"") != std::string::npos ||
            src.find("'w'") != std::string::npos)
            score += 1;
        if (p.ok) score += 1;
        // Prefer the latest of equally good programs.
        if (!best || score >= best->score) best = Pick{p.turn, src, score};
    }
    if (!best || best->score < 3) {
        std::cout << "Found no program that writes reports/summary.txt from data/sales.csv.\n";
        return 1;
    }
    gg::programs::rerun(best->source);
    std::cout << "Rerunning the program of turn " << best->turn << " after this one.\n";
    return 0;
}
