#include <gg.hpp>
#include <format>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

static std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n\"");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n\"");
  return s.substr(b, e - b + 1);
}

int main() {
  std::ifstream in("data/scores.csv");
  if (!in) {
    std::cout << "cannot open data/scores.csv\n";
    return 1;
  }
  std::string line;
  std::string topName;
  double topScore = 0;
  double sum = 0;
  int count = 0;
  while (std::getline(in, line)) {
    if (trim(line).empty()) continue;
    std::vector<std::string> fields;
    std::stringstream ss(line);
    std::string f;
    while (std::getline(ss, f, ',')) fields.push_back(trim(f));
    if (fields.size() < 2) continue;
    double score;
    try {
      size_t used = 0;
      score = std::stod(fields[1], &used);
      if (used != fields[1].size()) continue;
    } catch (const std::exception&) {
      continue;  // header or malformed line
    }
    if (count == 0 || score > topScore) {
      topScore = score;
      topName = fields[0];
    }
    sum += score;
    ++count;
  }
  if (count == 0) {
    std::cout << "no scores found\n";
    return 1;
  }
  double mean = sum / count;
  std::ofstream out("data/summary.txt");
  out << "top: " << topName << "\n";
  out << std::format("average: {:.1f}", mean) << "\n";
  out.close();
  if (!out) {
    std::cout << "could not write data/summary.txt\n";
    return 1;
  }
  std::cout << "top: " << topName << "\n" << std::format("average: {:.1f}", mean) << "\n";
  return 0;
}
