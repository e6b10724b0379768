#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <optional>

int main() {
    const std::string wanted = "Write the migration guide";
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
        std::cout << "No task titled \"" << wanted << "\" found.\n";
        return 1;
    }
    gg::tasks::update(*id, {.status = gg::tasks::TaskStatus::in_progress});
    std::cout << "Marked #" << *id << " as in progress.\n";
    std::cout << "Still pending:\n";
    for (const auto& t : gg::tasks::list()) {
        if (t.status == gg::tasks::TaskStatus::pending) std::cout << t.title << "\n";
    }
    return 0;
}
