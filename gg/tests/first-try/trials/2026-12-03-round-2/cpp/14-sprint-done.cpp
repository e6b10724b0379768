#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <optional>
#include <format>

int main() {
    const std::string wanted = "[S12] Write the retro notes";
    auto tasks = gg::tasks::list();
    std::optional<std::uint32_t> id;
    for (const auto& t : tasks) {
        if (t.title == wanted) { id = t.id; break; }
    }
    if (!id) {
        for (const auto& t : tasks) {
            if (t.title.starts_with(wanted)) { id = t.id; break; }
        }
    }
    if (!id) {
        std::cout << "No task titled \"" << wanted << "\".\n";
        return 1;
    }
    gg::tasks::complete(*id);
    std::cout << "Marked #" << *id << " as done.\n";

    std::vector<std::string> not_done;
    int total = 0;
    for (const auto& t : gg::tasks::list()) {
        if (!t.title.starts_with("[S12]")) continue;
        ++total;
        if (t.status != gg::tasks::TaskStatus::done) not_done.push_back(t.title);
    }
    if (not_done.empty()) {
        std::string summary = std::format("Sprint 12 is complete: all {} of its tasks are done.", total);
        gg::session::finish(summary);
        std::cout << summary << "\n";
    } else {
        std::cout << "[S12] tasks not done yet:\n";
        for (const auto& t : not_done) std::cout << t << "\n";
    }
    return 0;
}
