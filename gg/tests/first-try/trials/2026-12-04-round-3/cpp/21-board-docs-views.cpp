#include <gg.hpp>
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

static std::vector<gg::docs::DocHit> all_hits(const std::string& query, const std::optional<std::string>& module) {
    std::vector<gg::docs::DocHit> hits;
    std::uint32_t offset = 0;
    while (true) {
        auto page = gg::docs::search(query, module, offset);
        if (page.hits.empty()) break;
        hits.insert(hits.end(), page.hits.begin(), page.hits.end());
        offset = page.offset + static_cast<std::uint32_t>(page.hits.size());
        if (offset >= page.total) break;
    }
    return hits;
}

int main() {
    std::vector<gg::docs::DocHit> hits;
    for (const std::string mod : {"board", "gg::board"}) {
        try { hits = all_hits("", mod); } catch (const gg::ApiError&) { hits.clear(); }
        if (!hits.empty()) break;
    }
    if (hits.empty()) {
        for (const auto& h : all_hits("board issue", std::nullopt))
            if (h.module.find("board") != std::string::npos) hits.push_back(h);
    }
    std::vector<std::string> ops;
    for (const auto& h : hits) {
        if (h.module.find("board") == std::string::npos) continue;
        if (h.signature.find('(') == std::string::npos) continue;  // a type, not an operation
        if (std::find(ops.begin(), ops.end(), h.name) == ops.end()) ops.push_back(h.name);
    }
    if (ops.empty()) {
        std::cout << "the docs search found no board operations; using the SDK's list\n";
        ops = {"create_issue", "update_issue", "list_issues", "remove_issue"};
    }
    for (const auto& name : ops) {
        gg::views::open_docs(name);
        std::cout << "docs view: " << name << "\n";
    }
    return 0;
}
