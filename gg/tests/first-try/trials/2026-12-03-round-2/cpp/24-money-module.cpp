#include <gg.hpp>
#include <iostream>
#include <string>

static const std::string money_code = R"CODE(#pragma once
#include <cstdint>
#include <string>

namespace lib::money {

// Format an amount given in cents as euros: 129900 -> "1,299.00 EUR".
inline std::string format_cents(std::int64_t cents) {
    bool negative = cents < 0;
    std::uint64_t abs = negative ? static_cast<std::uint64_t>(-(cents + 1)) + 1 : static_cast<std::uint64_t>(cents);
    std::uint64_t euros = abs / 100;
    std::uint64_t rest = abs % 100;
    std::string digits = std::to_string(euros);
    std::string grouped;
    int count = 0;
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
        if (count > 0 && count % 3 == 0) grouped.insert(grouped.begin(), ',');
        grouped.insert(grouped.begin(), *it);
        ++count;
    }
    std::string out = negative ? "-" : "";
    out += grouped;
    out += '.';
    if (rest < 10) out += '0';
    out += std::to_string(rest);
    out += " EUR";
    return out;
}

}  // namespace lib::money
)CODE";

static const std::string second_program = R"PROG(#include <gg.hpp>
#include "lib/money.hpp"
#include <cstdint>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

// Whether gg wraps a module's code in `namespace lib::money` or uses it as written,
// make `lib::money::format_cents` resolve either way.
namespace lib::money::lib::money {}
namespace lib::money { using namespace ::lib::money::lib::money; }

int main() {
    auto r = gg::files::read_file("data/orders.csv");
    std::istringstream in(r.contents);
    std::string line;
    bool header = true;
    std::map<std::string, std::int64_t> totals;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (header) { header = false; continue; }
        auto first = line.find(',');
        auto last = line.rfind(',');
        if (first == std::string::npos || last == first) {
            std::cout << "skipping malformed line: " << line << "\n";
            continue;
        }
        std::string customer = line.substr(first + 1, last - first - 1);
        if (customer.size() >= 2 && customer.front() == '"' && customer.back() == '"')
            customer = customer.substr(1, customer.size() - 2);
        std::int64_t cents = std::stoll(line.substr(last + 1));
        totals[customer] += cents;
    }
    std::string out;
    for (const auto& [customer, cents] : totals) {
        out += customer + ": " + lib::money::format_cents(cents) + "\n";
    }
    try {
        gg::files::write_file("reports/totals.txt", out);
    } catch (const gg::ApiError&) {
        gg::shell::run("mkdir -p reports");
        gg::files::write_file("reports/totals.txt", out);
    }
    std::cout << "Wrote reports/totals.txt:\n" << out;
    return 0;
}
)PROG";

int main() {
    gg::memories::write("money", "Helpers for showing amounts of money", 
                        "format_cents(cents): formats an amount in cents as euros with a thousands "
                        "separator and two decimals, e.g. format_cents(129900) == \"1,299.00 EUR\". "
                        "In C++: #include \"lib/money.hpp\", then lib::money::format_cents.",
                        money_code);
    std::cout << "Saved the memory `money`.\n";
    gg::programs::rerun(second_program);
    std::cout << "The totals program will run next.\n";
    return 0;
}
