#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
    const std::string path = "deploy/app.env";
    std::string text = gg::files::read_file(path).contents;
    std::string out;
    int removed = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        std::size_t end = (nl == std::string::npos) ? text.size() : nl + 1;
        std::string line = text.substr(start, end - start);
        std::string bare = line;
        while (!bare.empty() && (bare.back() == '\n' || bare.back() == '\r')) bare.pop_back();
        if (bare == "DEBUG=1") {
            ++removed;
        } else {
            out += line;
        }
        start = end;
    }
    if (removed == 0) {
        std::cout << "no DEBUG=1 line found\n";
        return 1;
    }
    gg::files::write_file(path, out);
    std::cout << "removed " << removed << " line(s)\n";
    return 0;
}
