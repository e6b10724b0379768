#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  const std::string path = "out/greeting.txt";
  const std::string text = "Hello from the agent\n";
  try {
    gg::files::write_file(path, text);
  } catch (const gg::ApiError& e) {
    // The folder may not exist yet: create it, then try again.
    gg::shell::run("mkdir -p out");
    gg::files::write_file(path, text);
  }
  std::cout << "wrote " << path << "\n";
  return 0;
}
