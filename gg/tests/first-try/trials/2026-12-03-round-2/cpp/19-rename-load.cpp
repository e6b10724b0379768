#include <gg.hpp>
#include <iostream>
#include <string>
#include <cctype>

static bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
static bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Rename the Python identifier `from` to `to` outside strings and comments,
// leaving attribute accesses (`json.load`) alone.
static std::string rename(const std::string& src, const std::string& from, const std::string& to, int& count) {
    std::string out;
    std::size_t i = 0, n = src.size();
    while (i < n) {
        char c = src[i];
        if (c == '#') {  // comment to end of line
            std::size_t e = src.find('\n', i);
            if (e == std::string::npos) e = n;
            out.append(src, i, e - i);
            i = e;
            continue;
        }
        if (c == '"' || c == '\'') {
            bool triple = i + 2 < n && src[i + 1] == c && src[i + 2] == c;
            std::size_t j = i + (triple ? 3 : 1);
            while (j < n) {
                if (src[j] == '\\') { j += 2; continue; }
                if (triple) {
                    if (j + 2 < n && src[j] == c && src[j + 1] == c && src[j + 2] == c) { j += 3; break; }
                } else {
                    if (src[j] == c) { ++j; break; }
                    if (src[j] == '\n') break;
                }
                ++j;
            }
            if (j > n) j = n;
            out.append(src, i, j - i);
            i = j;
            continue;
        }
        if (ident_start(c)) {
            std::size_t j = i;
            while (j < n && ident_char(src[j])) ++j;
            std::string word = src.substr(i, j - i);
            bool attribute = i > 0 && src[i - 1] == '.';
            if (word == from && !attribute) {
                out += to;
                ++count;
            } else {
                out += word;
            }
            i = j;
            continue;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) {
            std::size_t j = i;
            while (j < n && ident_char(src[j])) ++j;
            out.append(src, i, j - i);
            i = j;
            continue;
        }
        out += c;
        ++i;
    }
    return out;
}

int main() {
    const std::string path = "src/settings.py";
    auto r = gg::files::read_file(path);
    if (r.truncated) {
        std::cout << path << " was read truncated.\n";
        return 1;
    }
    int count = 0;
    std::string updated = rename(r.contents, "load", "read_settings", count);
    if (count == 0) {
        std::cout << "No use of `load` found; nothing changed.\n";
        return 1;
    }
    gg::files::write_file(path, updated);
    std::cout << "Renamed " << count << " occurrence(s) of load to read_settings.\n";
    gg::views::open_file(path);
    return 0;
}
