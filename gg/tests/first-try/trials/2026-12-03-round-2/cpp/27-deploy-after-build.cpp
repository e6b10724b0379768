#include <gg.hpp>
#include <iostream>
#include <regex>
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

static bool ok(const gg::shell::ShellOutput& r) { return r.exit_code && *r.exit_code == 0; }

static std::string exit_text(const gg::shell::ShellOutput& r) {
    return r.exit_code ? std::to_string(*r.exit_code) : std::string("none (killed)");
}

int main() {
    auto deploy = gg::shell::run("sh deploy.sh");
    std::cout << "deploy exit code: " << exit_text(deploy) << "\n";
    if (!ok(deploy)) {
        const std::regex not_built(
            R"((not (been |yet )?built|nothing (has been |was )?built|no build|build (first|missing|not found)|run .*build|built yet|(dist|build|artifact)\S*\s+(is |are )?(missing|not found|does not exist)|no such file))",
            std::regex::icase);
        if (std::regex_search(deploy.output, not_built)) {
            std::cout << "Deploy failed because nothing is built: " << last_line(deploy.output) << "\n";
            auto build = gg::shell::run("sh build.sh");
            std::cout << "build exit code: " << exit_text(build) << "\n";
            if (!ok(build)) {
                std::cout << "The build failed: " << last_line(build.output) << "\n";
                return 1;
            }
            deploy = gg::shell::run("sh deploy.sh");
            std::cout << "deploy (again) exit code: " << exit_text(deploy) << "\n";
        } else {
            std::cout << "Deploy failed for another reason; not building.\n";
        }
    }
    std::cout << last_line(deploy.output) << "\n";
    return ok(deploy) ? 0 : 1;
}
