#include <gg.hpp>
#include <iostream>
#include <regex>
#include <string>

int main() {
    const std::string path = "pyproject.toml";
    std::string text = gg::files::read_file(path).contents;
    std::string out;
    std::string section;
    bool done = false;
    const std::regex header(R"(^\s*\[([^\]]*)\]\s*$)");
    const std::regex version(R"(^(\s*version\s*=\s*["'])1\.4\.2(["'].*)$)");
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        std::size_t end = (nl == std::string::npos) ? text.size() : nl + 1;
        std::string line = text.substr(start, end - start);
        std::string eol;
        std::string body = line;
        while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) { eol.insert(eol.begin(), body.back()); body.pop_back(); }
        std::smatch m;
        if (std::regex_match(body, m, header)) section = m[1].str();
        else if (!done && section == "project" && std::regex_match(body, m, version)) {
            body = m[1].str() + "1.5.0" + m[2].str();
            done = true;
        }
        out += body + eol;
        start = end;
    }
    if (!done) { std::cout << "project version 1.4.2 not found\n"; return 1; }
    gg::files::write_file(path, out);
    std::cout << "version bumped to 1.5.0\n";
    return 0;
}
