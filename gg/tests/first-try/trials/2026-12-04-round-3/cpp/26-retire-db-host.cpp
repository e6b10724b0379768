#include <gg.hpp>
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

static bool host_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
}

int main() {
    namespace fs = std::filesystem;
    const std::string old_host = "db-old.internal", new_host = "db.internal";
    std::vector<std::string> files;
    for (const auto& e : fs::recursive_directory_iterator("config"))
        if (e.is_regular_file()) files.push_back(e.path().generic_string());
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        std::string text;
        {
            std::ifstream in(path, std::ios::binary);
            std::ostringstream ss;
            ss << in.rdbuf();
            text = ss.str();
        }
        std::string out;
        int n = 0;
        std::size_t pos = 0;
        while (true) {
            auto p = text.find(old_host, pos);
            if (p == std::string::npos) { out.append(text, pos, std::string::npos); break; }
            std::size_t after = p + old_host.size();
            bool before_ok = p == 0 || !(host_char(text[p - 1]) || text[p - 1] == '.');
            bool after_ok = after >= text.size() || !(host_char(text[after]) ||
                (text[after] == '.' && after + 1 < text.size() && host_char(text[after + 1])));
            out.append(text, pos, p - pos);
            if (before_ok && after_ok) { out += new_host; ++n; }
            else out += old_host;
            pos = after;
        }
        if (n > 0) {
            std::ofstream o(path, std::ios::binary | std::ios::trunc);
            o << out;
            std::cout << path << "\n";
        }
    }
    return 0;
}
