#!/usr/bin/env bash
# The Java toolchain: the machine's JDK (17 or newer: javac compiles programs, java runs TeaVM) and
# TeaVM 0.13.1, the last release with the WebAssembly WASI backend: org.teavm:teavm-tooling and
# org.teavm:teavm-classlib with their dependencies, copied by mvn into
# ${GG_JAVA_TOOLCHAIN:-/opt/gg-java}/teavm-0.13.1/. Idempotent; says what it did or why it failed.
set -euo pipefail
say() { echo "toolchains/java.sh: $*"; }
fail() { echo "toolchains/java.sh: $*" >&2; exit 1; }

version=0.13.1
prefix="${GG_JAVA_TOOLCHAIN:-/opt/gg-java}"
dir="$prefix/teavm-$version"

command -v java >/dev/null || fail "java is required (a JDK 17 or newer)"
command -v javac >/dev/null || fail "javac is required (a JDK 17 or newer, not a JRE)"
if [ ! -f "$dir/.complete" ]; then
  command -v mvn >/dev/null || fail "mvn is not here; it fetches TeaVM $version"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  cat > "$work/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>gg</groupId><artifactId>gg-java-toolchain</artifactId><version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.teavm</groupId><artifactId>teavm-tooling</artifactId><version>$version</version></dependency>
    <dependency><groupId>org.teavm</groupId><artifactId>teavm-classlib</artifactId><version>$version</version></dependency>
  </dependencies>
</project>
POM
  mkdir -p "$dir.tmp"
  (cd "$work" && mvn -q -B dependency:copy-dependencies -DoutputDirectory="$dir.tmp") \
    || fail "mvn could not fetch TeaVM $version"
  rm -rf "$dir" && mv "$dir.tmp" "$dir" && touch "$dir/.complete"
  say "installed TeaVM $version ($(ls "$dir" | grep -c '\.jar$') jars) in $dir"
fi
ls "$dir"/teavm-tooling-$version.jar "$dir"/teavm-classlib-$version.jar >/dev/null 2>&1 || fail "TeaVM $version jars are missing from $dir"
say "TeaVM $version in $dir on $(java -version 2>&1 | head -1)"
