#include <gg.hpp>
#include <iostream>
#include <string>
#include <vector>
#include <set>

int main() {
    const std::string prefix = "old-office-";
    std::vector<std::string> keywords = {
        "old-office", "old", "office", "Harbour", "Street", "keys", "parking", "wifi", "Wi-Fi",
        "old-office-keys", "old-office-parking", "old-office-wifi",
    };
    std::set<std::string> names;
    for (const auto& h : gg::memories::search(keywords)) {
        if (h.name.starts_with(prefix)) names.insert(h.name);
    }
    // The names seen in the listing, in case the search missed one.
    for (const std::string n : {"old-office-keys", "old-office-parking", "old-office-wifi"}) {
        names.insert(n);
    }
    int deleted = 0;
    for (const auto& n : names) {
        try {
            gg::memories::delete_(n);
            std::cout << n << "\n";
            ++deleted;
        } catch (const gg::ApiError& e) {
            if (e.code != gg::ErrorCode::not_found) throw;
        }
    }
    std::cout << "Deleted " << deleted << " memories.\n";
    return 0;
}
