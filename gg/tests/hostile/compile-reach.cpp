// Hostile: the program's text makes clang read a host file at compile time.
#include <cstdio>

static const char host[] = {
#embed "/etc/passwd"
    , 0};

int main() {
  const char* end = host;
  while (*end && *end != '\n') ++end;
  std::printf("first line: %.*s\n", static_cast<int>(end - host), host);
}
