#include <gg.hpp>
#include <iostream>
#include <string>
#include <format>

static std::string invoice_number(int year, int order) {
    std::string digits = std::format("{:04d}{:05d}", year, order);
    int sum = 0;
    for (std::size_t k = 0; k < digits.size(); ++k) {
        sum += static_cast<int>(k + 1) * (digits[k] - '0');
    }
    const std::string letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
    char check = letters[static_cast<std::size_t>(sum % 24)];
    return std::format("INV-{:04d}-{:05d}-{}", year, order, check);
}

int main() {
    const int year = 2026;
    const int order = 1187;
    const std::string customer = "Lindqvist AB";
    const double total = 1250.5;

    // Sanity check against the invoices already in the workspace.
    if (invoice_number(2026, 1150) != "INV-2026-01150-P" || invoice_number(2026, 1163) != "INV-2026-01163-A") {
        std::cout << "Check-letter computation disagrees with existing invoices.\n";
        return 1;
    }

    std::string number = invoice_number(year, order);
    std::string body = std::format("invoice: {}\ncustomer: {}\ntotal: {:.2f} EUR\n", number, customer, total);
    gg::files::write_file("invoices/" + number + ".txt", body);

    auto idx = gg::files::read_file("invoices/index.txt");
    if (idx.truncated) {
        std::cout << "invoices/index.txt was read truncated.\n";
        return 1;
    }
    std::string index = idx.contents;
    if (!index.empty() && index.back() != '\n') index += '\n';
    index += number + " " + customer + "\n";
    gg::files::write_file("invoices/index.txt", index);

    std::cout << "Wrote invoices/" << number << ".txt:\n" << body;
    std::cout << "Added to invoices/index.txt: " << number << " " << customer << "\n";
    return 0;
}
