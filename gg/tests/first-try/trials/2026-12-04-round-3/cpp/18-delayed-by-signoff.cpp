#include <gg.hpp>
#include <algorithm>
#include <iostream>
#include <set>
#include <string>
#include <vector>

int main() {
    auto tasks = gg::tasks::list();
    std::set<std::uint32_t> roots;
    for (const auto& t : tasks)
        if (t.title == "Get the security sign-off") roots.insert(t.id);
    if (roots.empty()) { std::cout << "no task 'Get the security sign-off'\n"; return 1; }
    std::set<std::uint32_t> waiting;
    bool grew = true;
    while (grew) {
        grew = false;
        for (const auto& t : tasks) {
            if (roots.count(t.id) || waiting.count(t.id)) continue;
            for (auto b : t.blocked_by) {
                if (roots.count(b) || waiting.count(b)) { waiting.insert(t.id); grew = true; break; }
            }
        }
    }
    for (const auto& t : tasks) {
        if (!waiting.count(t.id)) continue;
        std::cout << t.title << "\n";
        gg::tasks::update(t.id, gg::tasks::TaskPatch{
            .description = gg::TextEdit::set("delayed: waits for the security sign-off"),
        });
    }
    return 0;
}
