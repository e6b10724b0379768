#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
    for (const auto& t : gg::tasks::list()) {
        if (t.title == "Stop the nightly job from timing out") {
            gg::tasks::update(t.id, gg::tasks::TaskPatch{
                .description = gg::TextEdit::set("still times out on Sundays"),
                .status = gg::tasks::TaskStatus::pending,
            });
            std::cout << "reopened task " << t.id << "\n";
            return 0;
        }
    }
    std::cout << "task not found\n";
    return 1;
}
