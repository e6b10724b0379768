#include <gg.hpp>
#include <iostream>
#include <sstream>
#include <string>

int main() {
    auto r = gg::shell::run("tar -tf backup/site-2026-11.tar 2>/dev/null | grep -v '/$' | wc -l");
    if (r.exit_code != 0) {
        std::cout << "tar failed (exit " << r.exit_code << "): " << r.output << "\n";
        return 1;
    }
    std::istringstream in(r.output);
    long long count = 0;
    in >> count;
    std::cout << count << "\n";
    return 0;
}
