#include <gg.hpp>
#include <iostream>
#include <sstream>
#include <string>

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
    auto r = gg::shell::run("sh scripts/full-check.sh", 5.0);
    std::string which = "full check (scripts/full-check.sh)";
    if (r.timed_out) {
        r = gg::shell::run("sh scripts/quick-check.sh");
        which = "quick check (scripts/quick-check.sh)";
    }
    std::cout << "result from: " << which << " (exit " << r.exit_code << ")\n";
    std::cout << "last line: " << last_line(r.output) << "\n";
    return 0;
}
