#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
    auto m = gg::memories::read("vpn");
    gg::memories::write("office-vpn", m.body, m.description, m.code);
    gg::memories::delete_("vpn");
    std::cout << "renamed vpn to office-vpn\n";
    return 0;
}
