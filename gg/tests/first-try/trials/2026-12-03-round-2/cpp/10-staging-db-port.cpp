#include <gg.hpp>
#include <iostream>
#include <string>
#include <regex>
#include <optional>

// Replace every whole-number occurrence of `from` in `s` by `to`.
static int replace_number(std::string& s, const std::string& from, const std::string& to) {
    int n = 0;
    std::size_t pos = 0;
    while ((pos = s.find(from, pos)) != std::string::npos) {
        bool left_ok = pos == 0 || !std::isdigit(static_cast<unsigned char>(s[pos - 1]));
        std::size_t end = pos + from.size();
        bool right_ok = end >= s.size() || !std::isdigit(static_cast<unsigned char>(s[end]));
        if (left_ok && right_ok) {
            s.replace(pos, from.size(), to);
            pos += to.size();
            ++n;
        } else {
            pos = end;
        }
    }
    return n;
}

int main() {
    const std::string name = "staging-db";
    const std::string new_port = "6543";
    auto mem = gg::memories::read(name);
    std::cout << "Before:\n" << mem.body << "\n---\n";

    std::optional<std::string> old_port;
    std::smatch m;
    // 1. "port 5432", "Port: 5432", "port=5432", "-p 5432"
    std::regex port_word(R"((?:port|PORT|Port)[^0-9\n]{0,20}?(\d{2,5})\b)");
    std::regex port_flag(R"((?:^|\s)-p\s*(\d{2,5})\b)");
    // 2. "host:5432" or a URL with a port
    std::regex host_port(R"([A-Za-z0-9_.\-]+:(\d{2,5})\b)");
    if (std::regex_search(mem.body, m, port_word)) {
        old_port = m[1].str();
    } else if (std::regex_search(mem.body, m, port_flag)) {
        old_port = m[1].str();
    } else if (std::regex_search(mem.body, m, host_port)) {
        old_port = m[1].str();
    }
    if (!old_port) {
        std::cout << "Could not find the current port in the memory's text; nothing changed.\n";
        return 1;
    }
    if (*old_port == new_port) {
        std::cout << "The memory already says port " << new_port << ".\n";
        return 0;
    }
    std::string body = mem.body;
    int n = replace_number(body, *old_port, new_port);
    gg::memories::write(name, mem.description, body, mem.code);
    std::cout << "Replaced port " << *old_port << " with " << new_port << " (" << n
              << " place(s)).\nAfter:\n" << body << "\n";
    return 0;
}
