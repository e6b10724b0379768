// Session B's reach through C++'s own APIs (wasi-libc's POSIX: fopen, opendir, environ):
// `PROBE ...: ok ...` for what it reached outside its workspace, `PROBE ...: denied ...` for what
// it did not; every variable of the environment; and why it cannot open a TCP connection.
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

extern char** environ;

const std::string A_ROOT = "@@A_ROOT@@";
const std::string A_PARENT = "@@A_PARENT@@";
const std::string STATE_HOME = "@@STATE_HOME@@";
const std::string SERVER_HOME = "@@SERVER_HOME@@";
const std::string PORT = "@@PORT@@";

std::string printable(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (c >= ' ' && c < 0x7f && c != '\\') out += static_cast<char>(c);
    else out += "\\x" + std::string(1, "0123456789abcdef"[c >> 4]) + "0123456789abcdef"[c & 15];
  }
  return out;
}

void read(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    std::cout << "PROBE read " << path << ": denied " << std::strerror(errno) << "\n";
    return;
  }
  char buf[4096];
  size_t n = std::fread(buf, 1, sizeof buf, f);
  std::fclose(f);
  std::cout << "PROBE read " << path << ": ok \"" << printable(std::string(buf, std::min<size_t>(n, 200))) << "\"\n";
}

void walk(const std::string& top, int depth, int& budget) {
  DIR* d = opendir(top.c_str());
  if (!d) {
    std::cout << "PROBE list " << top << ": denied " << std::strerror(errno) << "\n";
    return;
  }
  std::vector<std::string> names;
  while (dirent* e = readdir(d)) {
    std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  std::string joined;
  for (const auto& name : names) joined += (joined.empty() ? "" : " ") + name;
  std::cout << "PROBE list " << top << ": ok " << joined.substr(0, 3000) << "\n";
  for (const auto& name : names) {
    if (budget <= 0) return;
    budget--;
    std::string path = top + "/" + name;
    struct stat st;
    if (lstat(path.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      if (depth > 0) walk(path, depth - 1, budget);
    } else if (S_ISREG(st.st_mode)) {
      read(path);
    }
  }
}

void walk(const std::string& top, int depth) {
  int budget = 100;
  walk(top, depth, budget);
}

int main() {
  read(A_ROOT + "/secret.txt");
  read(A_ROOT + "/secret-own.txt");
  read("/proc/self/environ");
  read("/proc/self/cmdline");
  read("/etc/passwd");
  walk(A_ROOT, 3);
  walk(A_PARENT, 3);
  walk(A_PARENT.substr(0, A_PARENT.rfind('/')), 0);
  walk(STATE_HOME, 4);
  walk(SERVER_HOME + "/.local/state", 4);

  std::vector<std::string> vars;
  for (char** e = environ; *e; e++) vars.push_back(*e);
  std::sort(vars.begin(), vars.end());
  for (const auto& v : vars) std::cout << "ENV " << v << "\n";

  std::cout << "NET tcp 127.0.0.1:" << PORT
            << ": unsupported the C++ arm's programs are WASI preview1 modules, and preview1 has no call"
               " that opens or connects a socket (sock_accept/recv/send act only on sockets the host hands over)\n";
  return 0;
}
