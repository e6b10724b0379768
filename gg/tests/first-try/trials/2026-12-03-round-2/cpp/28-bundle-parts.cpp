#include <gg.hpp>
#include <format>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

static std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

static std::string read_all(const std::string& path) {
    auto r = gg::files::read_file(path);
    std::string text = r.contents;
    while (r.truncated && r.last_line < r.total_lines) {
        if (!text.empty() && text.back() != '\n') text += '\n';
        r = gg::files::read_file(path, r.last_line);
        text += r.contents;
    }
    return text;
}

static bool file_exists(const std::string& path) {
    auto slash = path.rfind('/');
    std::optional<std::string> dir;
    std::string name = path;
    if (slash != std::string::npos) {
        dir = path.substr(0, slash);
        name = path.substr(slash + 1);
    }
    try {
        for (const auto& e : gg::files::list_dir(dir)) {
            if (e.name == name) return e.kind != gg::files::EntryKind::directory;
        }
    } catch (const gg::ApiError& e) {
        if (e.code == gg::ErrorCode::not_found) return false;
        throw;
    }
    return false;
}

int main() {
    std::istringstream in(read_all("manifest.txt"));
    std::string line;
    std::vector<std::string> parts;
    while (std::getline(in, line)) {
        std::string p = trim(line);
        if (!p.empty()) parts.push_back(p);
    }

    std::string guide;
    int used = 0;
    std::vector<std::string> missing;
    for (const auto& p : parts) {
        if (!file_exists(p)) {
            missing.push_back(p);
            continue;
        }
        std::string text = read_all(p);
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
        if (used > 0) guide += "\n\n";
        guide += text;
        ++used;
    }
    if (!guide.empty()) guide += "\n";

    try {
        gg::files::write_file("dist/guide.md", guide);
    } catch (const gg::ApiError&) {
        gg::shell::run("mkdir -p dist");
        gg::files::write_file("dist/guide.md", guide);
    }
    std::cout << "Wrote dist/guide.md from " << used << " parts.\n";

    for (const auto& p : missing) {
        auto id = gg::board::create_issue({.title = "Missing part: " + p, .labels = {"docs"}});
        std::cout << "Missing " << p << ": filed issue #" << id << "\n";
    }

    std::string summary = std::format("Built dist/guide.md from {} of the {} parts in manifest.txt", used, parts.size());
    if (!missing.empty()) {
        summary += "; missing, filed as issues:";
        for (const auto& p : missing) summary += " " + p;
    }
    summary += ".";
    gg::session::finish(summary);
    std::cout << summary << "\n";
    return 0;
}
