#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>

int main() {
    auto tasks = gg::tasks::list();
    int removed = 0;
    for (const auto& t : tasks) {
        if (t.status == gg::tasks::TaskStatus::done) {
            gg::tasks::remove(t.id);
            std::cout << "removed #" << t.id << " " << t.title << "\n";
            ++removed;
        }
    }
    auto left = gg::tasks::list();
    std::cout << "Removed " << removed << " done tasks; " << left.size() << " tasks left.\n";
    return 0;
}
