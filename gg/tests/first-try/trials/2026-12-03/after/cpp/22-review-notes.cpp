#include <gg.hpp>
#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

static std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

static std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string l;
  while (std::getline(in, l)) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    lines.push_back(l);
  }
  return lines;
}

int main() {
  std::string rulesText = gg::files::read_file("REVIEW-RULES.md").contents;
  std::string notesText = gg::files::read_file("release/notes.md").contents;
  std::cout << "--- REVIEW-RULES.md ---\n" << rulesText << "\n--- release/notes.md ---\n" << notesText << "\n";

  auto rules = splitLines(rulesText);
  auto notes = splitLines(notesText);

  // Recognise the rules we can check mechanically.
  std::optional<size_t> maxLen;
  std::vector<std::string> forbidden;     // text that must not appear
  bool bulletsEndPeriod = false;
  bool bulletsCapital = false;
  bool noTrailingSpace = false;
  bool noTabs = false;
  bool issueRef = false;                  // each bullet must reference an issue (#123)
  int recognised = 0;

  const std::regex numRe(R"((\d+)\s*(?:characters|chars|columns))");
  const std::regex tickRe("`([^`]+)`");
  for (const auto& r : rules) {
    std::string l = lower(r);
    if (l.find_first_not_of(" \t#-*") == std::string::npos) continue;
    std::smatch m;
    if (std::regex_search(l, m, numRe) && (l.find("line") != std::string::npos || l.find("longer") != std::string::npos)) {
      maxLen = static_cast<size_t>(std::stoul(m[1].str()));
      ++recognised;
      continue;
    }
    bool negative = l.find("no ") != std::string::npos || l.find("not") != std::string::npos ||
                    l.find("never") != std::string::npos || l.find("must not") != std::string::npos ||
                    l.find("don't") != std::string::npos || l.find("avoid") != std::string::npos;
    if (l.find("trailing") != std::string::npos && (l.find("space") != std::string::npos || l.find("whitespace") != std::string::npos)) {
      noTrailingSpace = true; ++recognised; continue;
    }
    if (l.find("tab") != std::string::npos && negative && l.find("table") == std::string::npos) {
      noTabs = true; ++recognised; continue;
    }
    if (l.find("period") != std::string::npos || l.find("full stop") != std::string::npos) {
      bulletsEndPeriod = true; ++recognised; continue;
    }
    if (l.find("capital") != std::string::npos || l.find("upper") != std::string::npos) {
      bulletsCapital = true; ++recognised; continue;
    }
    if ((l.find("issue") != std::string::npos || l.find("ticket") != std::string::npos) &&
        (l.find("#") != std::string::npos || l.find("reference") != std::string::npos || l.find("link") != std::string::npos) &&
        !negative) {
      issueRef = true; ++recognised; continue;
    }
    if (negative) {
      std::string original = r;
      bool any = false;
      for (std::sregex_iterator it(original.begin(), original.end(), tickRe), end; it != end; ++it) {
        forbidden.push_back((*it)[1].str());
        any = true;
      }
      if (!any) {
        for (const char* w : {"todo", "tbd", "fixme", "xxx"})
          if (l.find(w) != std::string::npos) { forbidden.push_back(w); any = true; }
      }
      if (any) ++recognised;
    }
  }

  std::vector<std::string> items;
  for (size_t i = 0; i < notes.size(); ++i) {
    const std::string& line = notes[i];
    std::vector<std::string> why;
    std::string ll = lower(line);
    if (maxLen && line.size() > *maxLen) why.push_back("longer than " + std::to_string(*maxLen) + " characters");
    for (const auto& f : forbidden) {
      bool ci = std::all_of(f.begin(), f.end(), [](unsigned char c) { return !std::isupper(c); });
      bool hit = ci ? ll.find(lower(f)) != std::string::npos : line.find(f) != std::string::npos;
      if (!hit && !ci) hit = ll.find(lower(f)) != std::string::npos;
      if (hit) why.push_back("contains `" + f + "`");
    }
    if (noTrailingSpace && !line.empty() && (line.back() == ' ' || line.back() == '\t')) why.push_back("has trailing whitespace");
    if (noTabs && line.find('\t') != std::string::npos) why.push_back("contains a tab");
    bool bullet = line.rfind("- ", 0) == 0 || line.rfind("* ", 0) == 0;
    if (bullet) {
      std::string body = line.substr(2);
      size_t e = body.find_last_not_of(" \t");
      body = e == std::string::npos ? "" : body.substr(0, e + 1);
      if (bulletsEndPeriod && !body.empty() && body.back() != '.') why.push_back("does not end with a period");
      if (bulletsCapital && !body.empty() && std::isalpha(static_cast<unsigned char>(body[0])) &&
          !std::isupper(static_cast<unsigned char>(body[0])))
        why.push_back("does not start with a capital letter");
      if (issueRef && !std::regex_search(body, std::regex(R"(#\d+)"))) why.push_back("does not reference an issue");
    }
    if (!why.empty()) {
      std::string item = "Line " + std::to_string(i + 1) + ": ";
      for (size_t k = 0; k < why.size(); ++k) item += (k ? "; " : "") + why[k];
      item += " (\"" + line + "\")";
      items.push_back(item);
    }
  }

  std::cout << "rules recognised: " << recognised << " of the rule lines\n";
  if (recognised == 0) {
    std::cout << "could not interpret the rules mechanically; showing both files\n";
    gg::views::open_file("REVIEW-RULES.md");
    gg::views::open_file("release/notes.md");
    return 0;
  }
  if (items.empty()) {
    std::cout << "no rule broken: approving\n";
    gg::session::approve();
  } else {
    for (const auto& it : items) std::cout << it << "\n";
    gg::session::request_changes(items);
  }
  return 0;
}
