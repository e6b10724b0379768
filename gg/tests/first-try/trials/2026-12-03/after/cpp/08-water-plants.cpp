#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  bool found = false;
  for (const auto& t : gg::tasks::list()) {
    if (t.title == "Water the plants") {
      gg::tasks::complete(t.id);
      found = true;
    }
  }
  if (!found) {
    std::cout << "no task titled 'Water the plants'\n";
    return 1;
  }
  for (const auto& t : gg::tasks::list()) {
    if (t.status != gg::tasks::TaskStatus::done) {
      std::cout << t.title << "\n";
    }
  }
  return 0;
}
