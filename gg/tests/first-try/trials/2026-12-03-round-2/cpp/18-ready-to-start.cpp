#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <map>

int main() {
    auto tasks = gg::tasks::list();
    std::map<std::uint32_t, gg::tasks::TaskStatus> status;
    for (const auto& t : tasks) status[t.id] = t.status;

    std::vector<const gg::tasks::Task*> ready;
    for (const auto& t : tasks) {
        if (t.status != gg::tasks::TaskStatus::pending) continue;
        bool ok = true;
        for (auto dep : t.blocked_by) {
            auto it = status.find(dep);
            // A task it waits for that is not on the list cannot be counted as done.
            if (it == status.end() || it->second != gg::tasks::TaskStatus::done) { ok = false; break; }
        }
        if (ok) ready.push_back(&t);
    }
    if (ready.empty()) {
        std::cout << "No task can be started now.\n";
        return 0;
    }
    const gg::tasks::Task* lowest = ready.front();
    for (auto* t : ready) {
        std::cout << t->title << "\n";
        if (t->id < lowest->id) lowest = t;
    }
    gg::tasks::update(lowest->id, {.status = gg::tasks::TaskStatus::in_progress});
    std::cout << "Marked #" << lowest->id << " (" << lowest->title << ") as in progress.\n";
    return 0;
}
