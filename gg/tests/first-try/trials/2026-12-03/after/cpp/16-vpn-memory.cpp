#include <gg.hpp>
#include <algorithm>
#include <cctype>
#include <iostream>
#include <string>

static std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int main() {
  auto hits = gg::memories::search({"vpn", "VPN", "office", "connect"});
  if (hits.empty()) {
    std::cout << "no memory found about the office VPN\n";
    return 1;
  }
  // Prefer a hit that mentions the VPN by name or description; else the best hit.
  const gg::memories::MemoryHit* chosen = &hits.front();
  for (const auto& h : hits) {
    if (lower(h.name).find("vpn") != std::string::npos ||
        lower(h.description).find("vpn") != std::string::npos) {
      chosen = &h;
      break;
    }
  }
  auto mem = gg::memories::read(chosen->name);
  gg::files::write_file("docs/vpn.md", mem.body);
  std::cout << "memory " << mem.name << " (" << mem.description << ") written to docs/vpn.md\n";
  return 0;
}
