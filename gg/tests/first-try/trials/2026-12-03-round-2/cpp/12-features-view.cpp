#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <cctype>

// A minimal JSON reader, enough to walk the "features" object.
struct Parser {
    const std::string& s;
    std::size_t i = 0;

    void ws() { while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i; }

    std::string str() {
        // assumes s[i] == '"'
        ++i;
        std::string out;
        while (i < s.size() && s[i] != '"') {
            if (s[i] == '\\' && i + 1 < s.size()) {
                char c = s[i + 1];
                switch (c) {
                    case 'n': out += '\n'; break;
                    case 't': out += '\t'; break;
                    default: out += c; break;
                }
                i += 2;
            } else {
                out += s[i++];
            }
        }
        ++i;  // closing quote
        return out;
    }

    // Skip any value; return its raw text.
    std::string value() {
        ws();
        std::size_t start = i;
        if (i >= s.size()) return "";
        if (s[i] == '"') { str(); return s.substr(start, i - start); }
        if (s[i] == '{' || s[i] == '[') {
            int depth = 0;
            while (i < s.size()) {
                char c = s[i];
                if (c == '"') { str(); continue; }
                if (c == '{' || c == '[') ++depth;
                if (c == '}' || c == ']') { --depth; if (depth == 0) { ++i; break; } }
                ++i;
            }
            return s.substr(start, i - start);
        }
        while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' &&
               !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        return s.substr(start, i - start);
    }
};

int main() {
    auto r = gg::files::read_file("config/app.json");
    const std::string& text = r.contents;
    Parser p{text};
    p.ws();
    if (p.i >= text.size() || text[p.i] != '{') {
        std::cout << "config/app.json does not start with an object.\n";
        return 1;
    }
    ++p.i;
    std::vector<std::string> enabled;
    bool found_features = false;
    while (true) {
        p.ws();
        if (p.i >= text.size() || text[p.i] == '}') break;
        if (text[p.i] == ',') { ++p.i; continue; }
        if (text[p.i] != '"') { std::cout << "Unexpected JSON at " << p.i << "\n"; return 1; }
        std::string key = p.str();
        p.ws();
        if (p.i < text.size() && text[p.i] == ':') ++p.i;
        p.ws();
        if (key == "features" && p.i < text.size() && text[p.i] == '{') {
            found_features = true;
            ++p.i;
            while (true) {
                p.ws();
                if (p.i >= text.size()) break;
                if (text[p.i] == '}') { ++p.i; break; }
                if (text[p.i] == ',') { ++p.i; continue; }
                if (text[p.i] != '"') { std::cout << "Unexpected JSON in features\n"; return 1; }
                std::string fname = p.str();
                p.ws();
                if (p.i < text.size() && text[p.i] == ':') ++p.i;
                std::string v = p.value();
                if (v == "true") enabled.push_back(fname);
            }
        } else {
            p.value();
        }
    }
    if (!found_features) {
        std::cout << "No \"features\" object in config/app.json.\n";
        return 1;
    }
    std::string body;
    for (const auto& f : enabled) body += f + "\n";
    gg::views::open_text("features on", body);
    std::cout << "Enabled features (" << enabled.size() << "):\n" << body;
    return 0;
}
