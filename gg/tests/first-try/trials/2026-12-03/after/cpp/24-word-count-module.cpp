#include <gg.hpp>
#include <iostream>
#include <string>

int main() {
  // The module's code: the header lib/textstats.hpp. No #includes of its own (it is
  // included after <string>), so it works whether or not the host wraps it in
  // namespace lib::textstats.
  const std::string code = R"CODE(
inline std::size_t count_words(const std::string& text) {
  std::size_t words = 0;
  bool inWord = false;
  for (char c : text) {
    bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    if (space) {
      inWord = false;
    } else if (!inWord) {
      inWord = true;
      ++words;
    }
  }
  return words;
}
)CODE";

  gg::memories::write("textstats", "Helpers for counting words",
                      "count_words(text) returns how many whitespace-separated words a text has.",
                      code);

  const std::string second = R"PROG(#include <gg.hpp>
#include <iostream>
#include <string>
namespace lib::textstats {}
#include "lib/textstats.hpp"
using namespace lib::textstats;

int main() {
  std::string text = gg::files::read_file("notes/poem.txt").contents;
  std::cout << count_words(text) << "\n";
  return 0;
}
)PROG";
  gg::programs::rerun(second);
  std::cout << "saved memory textstats; the next program prints the word count of notes/poem.txt\n";
  return 0;
}
