#include <gg.hpp>
#include <iostream>
#include <optional>
#include <string>

int main() {
  std::optional<gg::docs::DocHit> found;
  for (const std::string q : {"close views", "close view", "close"}) {
    auto res = gg::docs::search(q);
    for (const auto& h : res.hits) {
      bool nameIsClose = h.name == "close" || h.name.ends_with("::close") || h.name.ends_with(".close");
      if (nameIsClose && h.module.find("views") != std::string::npos) { found = h; break; }
      if (!found && nameIsClose) found = h;
    }
    if (found) break;
  }
  if (!found) {
    std::cout << "no documentation found for closing a view\n";
    return 1;
  }
  std::cout << found->signature << "\n";
  std::string name = found->name;
  if (name.find("::") == std::string::npos && name.find('.') == std::string::npos && !found->module.empty())
    name = found->module + "::" + name;
  try {
    gg::views::open_docs(name);
  } catch (const gg::ApiError&) {
    gg::views::open_docs(found->name);
  }
  return 0;
}
