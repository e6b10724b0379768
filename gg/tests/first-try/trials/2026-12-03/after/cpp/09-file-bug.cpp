#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  std::uint32_t id = gg::board::create_issue({
      .title = "Login button does nothing",
      .description = "Clicking the login button does nothing. It happens on the settings page.",
      .labels = {"bug"},
  });
  std::cout << id << "\n";
  return 0;
}
