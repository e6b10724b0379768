#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <set>
#include <optional>

static std::vector<gg::docs::DocHit> all_hits(const std::string& query, const std::optional<std::string>& module) {
    std::vector<gg::docs::DocHit> out;
    std::uint32_t offset = 0;
    while (true) {
        auto page = gg::docs::search(query, module, offset, 50u);
        for (auto& h : page.hits) out.push_back(h);
        if (page.hits.empty()) break;
        offset = page.offset + static_cast<std::uint32_t>(page.hits.size());
        if (offset >= page.total) break;
    }
    return out;
}

static bool in_tasks_family(const gg::docs::DocHit& h) {
    return h.module == "tasks" || h.module == "gg::tasks" || h.module == "gg.tasks" ||
           h.module.ends_with("::tasks") || h.module.ends_with(".tasks");
}

static bool is_operation(const gg::docs::DocHit& h) {
    const std::string& s = h.signature;
    if (s.starts_with("struct") || s.starts_with("enum") || s.starts_with("class")) return false;
    return s.find('(') != std::string::npos;
}

int main() {
    std::vector<std::string> names;
    std::set<std::string> seen;
    auto take = [&](const std::vector<gg::docs::DocHit>& hits) {
        for (const auto& h : hits) {
            if (!in_tasks_family(h) || !is_operation(h)) continue;
            if (seen.insert(h.name).second) names.push_back(h.name);
        }
    };
    auto attempt = [&](const std::string& q, const std::optional<std::string>& m) {
        try {
            take(all_hits(q, m));
        } catch (const gg::ApiError& e) {
            std::cout << "docs search \"" << q << "\" (module " << m.value_or("any") << ") failed: " << e.what() << "\n";
        }
    };

    attempt("", std::string("tasks"));
    if (names.empty()) attempt("", std::string("gg::tasks"));
    if (names.empty()) attempt("task", std::nullopt);
    // Make sure none of the operations was missed.
    for (const std::string op : {"add", "update", "complete", "remove", "list"}) {
        attempt(op, std::nullopt);
    }

    if (names.empty()) {
        std::cout << "Found no documented operations of the tasks family.\n";
        return 1;
    }
    std::string body;
    for (const auto& n : names) body += n + "\n";
    gg::files::write_file("docs/tasks-api.txt", body);
    std::cout << "Wrote docs/tasks-api.txt:\n" << body;
    return 0;
}
