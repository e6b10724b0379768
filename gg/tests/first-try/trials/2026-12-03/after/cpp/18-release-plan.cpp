#include <gg.hpp>
#include <iostream>
#include <map>
#include <set>
#include <string>

int main() {
  std::uint32_t notes = gg::tasks::add({.title = "Write release notes"});
  std::uint32_t build = gg::tasks::add({.title = "Build packages"});
  std::uint32_t test = gg::tasks::add({.title = "Test packages", .blocked_by = {build}});
  std::uint32_t publish = gg::tasks::add({.title = "Publish", .blocked_by = {test, notes}});

  std::set<std::uint32_t> mine = {notes, build, test, publish};
  auto all = gg::tasks::list();
  std::map<std::uint32_t, gg::tasks::TaskStatus> status;
  for (const auto& t : all) status[t.id] = t.status;

  for (const auto& t : all) {
    if (!mine.count(t.id)) continue;
    if (t.status == gg::tasks::TaskStatus::done) continue;
    bool ready = true;
    for (auto b : t.blocked_by) {
      auto it = status.find(b);
      if (it != status.end() && it->second != gg::tasks::TaskStatus::done) { ready = false; break; }
    }
    if (ready) std::cout << t.title << "\n";
  }
  return 0;
}
