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
# Our edits to TeaVM's class library, applied here to its pinned sources jar and compiled into the
# arm's SDK ahead of the library (gg-arm-java's `Toolchain::overrides`). Each edit fails the
# install loudly when the lines it expects are gone. r1: `new FileOutputStream(path)` truncates
# the file, as the JVM's does (TeaVM's WASI file opens without `trunc`, decision 0132).
overrides="$dir/overrides-r1"
sources_sha256=c816953b045aa1e6aaf4dd38006951884abbc8cd069b7bae32767d4fe12d68d3
if [ ! -f "$overrides/.complete" ]; then
  command -v mvn >/dev/null || fail "mvn is not here; it fetches TeaVM $version's sources"
  command -v unzip >/dev/null || fail "unzip is required to read TeaVM $version's sources"
  timeout 600 mvn -q -B dependency:get -Dartifact="org.teavm:teavm-classlib:$version:jar:sources" -Dtransitive=false \
    || fail "mvn could not fetch TeaVM $version's class library sources"
  jar="${M2_REPO:-$HOME/.m2/repository}/org/teavm/teavm-classlib/$version/teavm-classlib-$version-sources.jar"
  echo "$sources_sha256  $jar" | sha256sum -c --quiet - || fail "$jar is not the pinned sources jar"
  rm -rf "$overrides.tmp" && mkdir -p "$overrides.tmp/org/teavm/classlib/java/io"
  out="$overrides.tmp/org/teavm/classlib/java/io/TFileOutputStream.java"
  unzip -p "$jar" org/teavm/classlib/java/io/TFileOutputStream.java > "$out.orig"
  anchor='        accessor = virtualFile.createAccessor(false, true, append);'
  [ "$(grep -cxF "$anchor" "$out.orig")" = 1 ] || fail "TFileOutputStream.java no longer opens its file as expected: our truncation edit does not apply"
  awk -v anchor="$anchor" '{ print } $0 == anchor {
    print "        // gg (toolchains/java.sh): a stream that does not append starts the file empty, as on the JVM."
    print "        if (accessor != null && !append) {"
    print "            try {"
    print "                accessor.resize(0);"
    print "            } catch (IOException e) {"
    print "                throw new FileNotFoundException(\"Could not truncate file\");"
    print "            }"
    print "        }"
  }' "$out.orig" > "$out" && rm "$out.orig"
  rm -rf "$overrides" && mv "$overrides.tmp" "$overrides" && touch "$overrides/.complete"
  say "TeaVM $version's FileOutputStream edited to truncate, in $overrides"
fi
say "TeaVM $version in $dir on $(java -version 2>&1 | head -1)"
