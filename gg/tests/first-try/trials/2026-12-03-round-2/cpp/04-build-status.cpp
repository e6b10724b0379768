#include <gg.hpp>
#include <iostream>
#include <string>
#include <sstream>
#include <vector>

static std::string last_line(const std::string& out) {
    std::istringstream in(out);
    std::string line, last;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") != std::string::npos) last = line;
    }
    return last;
}

int main() {
    auto res = gg::shell::run("sh scripts/build.sh");
    if (res.exit_code) {
        std::cout << "exit code: " << *res.exit_code << "\n";
    } else {
        std::cout << "exit code: none (the build was killed)\n";
    }
    std::cout << "last line: " << last_line(res.output) << "\n";
    if (res.truncated) std::cout << "(output was truncated)\n";
    return 0;
}
