#!/usr/bin/env bash
# The C++ arm's toolchain: Debian's clang-22 + lld-22 + wasi-libc, and libunwind + libc++abi + libc++
# rebuilt WITH wasm exceptions (Debian's wasm32 libc++ has none) from the LLVM runtime sources that
# the PyPI `ziglang` wheel carries. Everything built lives outside the repo, in a sysroot of its own:
#   ${GG_CPP_TOOLCHAIN:-/opt/gg-cpp}/llvm-<version>-r<recipe>/
#     flags              how the arm compiles and links (KEY=value lines; see the end of this script)
#     include/c++/v1/    libc++'s headers, our __config_site, cxxabi.h, bits/stdc++.h
#     include/wasm32-wasip1, include/wasm32-wasi -> /usr/include/wasm32-wasi (wasi-libc)
#     lib/wasm32-wasip1/ libc++.a (all of std::filesystem, with gg-posix.o), libc++abi.a, libunwind.a
#                        (with the __cpp_exception tag), wasi-libc's libc.a and crt1-command.o
#                        without DWARF, links to its other files
#     lib/wasm32-wasi -> wasm32-wasip1
#     lib/gg-support.o   reports an uncaught exception (with -Wl,--wrap=__original_main), defines
#                        __cxa_thread_atexit and the stack-protector symbols Debian's compiler-rt needs
#     pch/prelude.hpp, prelude.pch, prelude.o   the precompiled prelude (-O0, as programs are
#                        compiled) and its code (-fpch-codegen, compiled at -O1)
# Idempotent: a second run with everything present does nothing. Says what it did or why it failed.
set -euo pipefail

LLVM_VERSION=22.1.8        # the runtime sources; Debian's clang-22 is the same release
ZIGLANG_VERSION=0.17.1     # the PyPI wheel whose lib/ carries libcxx, libcxxabi, libunwind of that LLVM
ZIGLANG_WHEEL_SHA256=ea6cc5d87b033cf0aedfbc8f9549a908cae6c50ac31f1698188fa48a74524b54
RECIPE=3                   # bump whenever anything below changes what is built
key="llvm-$LLVM_VERSION-r$RECIPE"
root="${GG_CPP_TOOLCHAIN:-/opt/gg-cpp}"
prefix="$root/$key"
jobs="${GG_CPP_JOBS:-2}"
packages=(clang-22 lld-22 llvm-22 wasi-libc libclang-rt-22-dev-wasm32)

say() { echo "toolchains/cpp.sh: $*"; }
fail() { echo "toolchains/cpp.sh: $*" >&2; exit 1; }
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# --- Debian packages (without recommends: clang-22's would add llvm-22-dev, hundreds of MB unused).
# libc++-22-dev-wasm32 and libc++abi-22-dev-wasm32 are deliberately not installed: they are built
# without exceptions, we ship our own headers, and they conflict with the -19 ones.
declare -A status version
query_packages() {  # one dpkg-query for all: the fast path below must stay fast
  local name st ver
  while IFS=$'\t' read -r name st ver; do
    status[$name]=$st
    version[$name]=$ver
  done < <(dpkg-query -W -f='${Package}\t${Status}\t${Version}\n' "${packages[@]}" 2>/dev/null || true)
}
query_packages
missing=()
for p in "${packages[@]}"; do
  [ "${status[$p]:-}" = "install ok installed" ] || missing+=("$p")
done
if ((${#missing[@]})); then
  command -v apt-get >/dev/null || fail "apt-get is not here; install ${missing[*]} by hand (Debian 12 names)"
  if ! $sudo apt-get update -qq \
    || ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    fail "could not install ${missing[*]} with apt-get"
  fi
  say "installed ${missing[*]}"
  query_packages
fi

# The precompiled header is valid only for the clang build and the wasi-libc headers it was made
# with: a Debian update of either rebuilds everything.
stamp="$key clang-22=${version[clang-22]} wasi-libc=${version[wasi-libc]}"
if [ "$(cat "$prefix/.complete" 2>/dev/null)" = "$stamp" ]; then
  say "clang-22 and libc++ $LLVM_VERSION with wasm exceptions ready in $prefix"
  exit 0
fi

# --- Build, under a lock (two builds at once would trample each other), in the final place (a
# precompiled header records absolute paths); the stamp is written last.
if [ ! -w "$root" ] && ! mkdir -p "$root" 2>/dev/null; then
  { $sudo mkdir -p "$root" && $sudo chown "$(id -u):$(id -g)" "$root"; } || fail "cannot create $root"
fi
exec 9>"$root/.$key.lock"
flock 9
if [ "$(cat "$prefix/.complete" 2>/dev/null)" = "$stamp" ]; then
  say "clang-22 and libc++ $LLVM_VERSION with wasm exceptions ready in $prefix (built by another run)"
  exit 0
fi
started=$SECONDS
work="$(mktemp -d "${TMPDIR:-/tmp}/gg-cpp.XXXXXX")"
trap 'rm -rf "$work"' EXIT
rm -rf "$prefix"
mkdir -p "$prefix"
for tool in python3 clang++-22 clang-22 llvm-ar-22 llvm-objcopy-22 llvm-objdump-22 wasm-ld-22; do
  command -v "$tool" >/dev/null || fail "$tool is not on PATH"
done

# 1. The sources: the ziglang wheel (about 100 MB; only its libcxx, libcxxabi and libunwind are used).
python3 -m pip --version >/dev/null 2>&1 || fail "python3 has no pip (on Debian: apt-get install python3-pip)"
python3 -m pip download --disable-pip-version-check --quiet --no-deps --only-binary=:all: \
  --platform manylinux2014_x86_64 -d "$work/wheel" "ziglang==$ZIGLANG_VERSION" \
  || fail "'pip download ziglang==$ZIGLANG_VERSION' failed; the LLVM runtime sources come from that wheel"
wheel=("$work"/wheel/ziglang-*.whl)
[ "$(sha256sum "${wheel[0]}" | cut -d' ' -f1)" = "$ZIGLANG_WHEEL_SHA256" ] \
  || fail "${wheel[0]##*/} does not have the pinned sha256 $ZIGLANG_WHEEL_SHA256"
python3 - "${wheel[0]}" "$work/src" <<'EOF' || fail "could not unpack the runtime sources from the wheel"
import sys, zipfile
wheel, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    names = [n for n in z.namelist()
             if n.startswith(("ziglang/lib/libcxx/", "ziglang/lib/libcxxabi/", "ziglang/lib/libunwind/"))]
    z.extractall(dest, names)
EOF
src="$work/src/ziglang/lib"
# shellcheck disable=SC2086  # 22.1.8 -> 220108
grep -q "define _LIBCPP_VERSION $(printf '%d%02d%02d' ${LLVM_VERSION//./ })\$" "$src/libcxx/include/__config" \
  || fail "the wheel's libc++ is not LLVM $LLVM_VERSION"

# 2. The sysroot: wasi-libc by links (its libc.a and crt1-command.o copied without their DWARF, so
# a program's -g brings only its own), libc++'s headers copied, and our __config_site. The wheel's
# headers take their configuration from -D flags instead of including __config_site (a zig patch);
# put the include back so that a plain clang++ sees the configuration below.
lib="$prefix/lib/wasm32-wasip1"
inc="$prefix/include/c++/v1"
mkdir -p "$prefix/include/c++" "$lib" "$prefix/pch" "$prefix/share/licenses"
for triple in wasm32-wasi wasm32-wasip1; do
  ln -sfn /usr/include/wasm32-wasi "$prefix/include/$triple"
done
for f in /usr/lib/wasm32-wasi/*; do
  case "${f##*/}" in
    libc.a|crt1-command.o) llvm-objcopy-22 --strip-debug "$f" "$lib/${f##*/}" || fail "could not copy $f" ;;
    *) ln -sfn "$f" "$lib/${f##*/}" ;;
  esac
done
ln -sfn wasm32-wasip1 "$prefix/lib/wasm32-wasi"
cp -R "$src/libcxx/include" "$inc"
cp "$src/libcxxabi/include/cxxabi.h" "$src/libcxxabi/include/__cxxabi_config.h" "$inc/"
patched=$(grep -rl 'zig patch: instead of including __config_site' "$inc" || true)
[ -n "$patched" ] || fail "the wheel's __config no longer has the expected zig patch; revisit the recipe"
# shellcheck disable=SC2086  # file names without spaces
sed -i 's|^/\* zig patch: instead of including __config_site.*|#include <__config_site>|' $patched
for l in libcxx libcxxabi libunwind; do cp "$src/$l/LICENSE.TXT" "$prefix/share/licenses/$l.txt"; done
cat > "$inc/__config_site" <<'EOF'
// libc++'s configuration for gg's C++ arm: wasm32-wasip1, single-threaded, wasm exceptions.
#ifndef _LIBCPP___CONFIG_SITE
#define _LIBCPP___CONFIG_SITE

#define _LIBCPP_ABI_VERSION 1
#define _LIBCPP_ABI_NAMESPACE __1
#define _LIBCPP_ABI_FORCE_ITANIUM 0
#define _LIBCPP_ABI_FORCE_MICROSOFT 0
#define _LIBCPP_HAS_THREADS 0
#define _LIBCPP_HAS_THREAD_API_PTHREAD 0
#define _LIBCPP_HAS_THREAD_API_EXTERNAL 0
#define _LIBCPP_HAS_THREAD_API_WIN32 0
#define _LIBCPP_HAS_THREAD_API_C11 0
#define _LIBCPP_HAS_MONOTONIC_CLOCK 1
#define _LIBCPP_HAS_TERMINAL 1
#define _LIBCPP_HAS_MUSL_LIBC 1
#define _LIBCPP_HAS_C11_ALIGNED_ALLOC 1
#define _LIBCPP_HAS_VENDOR_AVAILABILITY_ANNOTATIONS 0
#define _LIBCPP_HAS_FILESYSTEM 1
#define _LIBCPP_HAS_RANDOM_DEVICE 1
#define _LIBCPP_HAS_LOCALIZATION 1
#define _LIBCPP_HAS_UNICODE 1
// No wchar_t streams, strings or facets: iostream's locale would bring both char and wchar_t
// facets into every program, a third of its code (and of wasmtime's time compiling it).
#define _LIBCPP_HAS_WIDE_CHARACTERS 0
#define _LIBCPP_HAS_TIME_ZONE_DATABASE 0
#define _LIBCPP_INSTRUMENTED_WITH_ASAN 0
#define _LIBCPP_PSTL_BACKEND_SERIAL

// Hardened by default: an out-of-bounds operator[], front() of an empty vector, a null
// string_view and the like print "libc++ Hardening assertion ... failed: ..." to stderr and abort
// (a wasm trap). A program may choose another mode with -D_LIBCPP_HARDENING_MODE=..., but then
// not with the precompiled prelude, which is built with this one.
#define _LIBCPP_HARDENING_MODE_DEFAULT _LIBCPP_HARDENING_MODE_EXTENSIVE
#define _LIBCPP_ASSERTION_SEMANTIC_DEFAULT _LIBCPP_ASSERTION_SEMANTIC_ENFORCE

#endif // _LIBCPP___CONFIG_SITE
EOF
# GCC's everything-header, which model-written programs often include.
mkdir -p "$inc/bits"
{
  echo "// Every standard header this libc++ configuration has (a GCC convenience, for gg's programs)."
  echo "#pragma once"
  for h in algorithm any array atomic bit bitset cassert cctype cerrno cfloat charconv chrono cinttypes \
    climits clocale cmath compare complex concepts cstddef cstdint cstdio cstdlib cstring ctime deque \
    exception expected format forward_list fstream functional initializer_list iomanip ios iosfwd \
    iostream istream iterator limits list locale map memory memory_resource new numbers numeric \
    optional ostream print queue random ranges ratio regex scoped_allocator set source_location span \
    sstream stack stdexcept streambuf string string_view system_error tuple type_traits typeindex \
    typeinfo unordered_map unordered_set utility valarray variant vector version; do
    echo "#include <$h>"
  done
} > "$inc/bits/stdc++.h"

# 3. The runtimes, compiled straight from their source lists (no cmake): -Os (wasmtime compiles the
# library code into every program, so size is time), wasm exceptions in the new encoding (exnref,
# try_table) that wasmtime accepts, file names in assertion messages relative to include/c++/v1
# (or to the sources: the build is then the same wherever it ran).
common=(--target=wasm32-wasip1 "--sysroot=$prefix" -Os -DNDEBUG -fwasm-exceptions -mllvm -wasm-use-legacy-eh=false
  "-fmacro-prefix-map=$inc/=" "-fmacro-prefix-map=$src/=")
cxx_common=("${common[@]}" -std=c++23 -nostdinc++ -isystem "$inc" -fvisibility-inlines-hidden)
libunwind_flags=("${common[@]}" -std=c11 -D_LIBUNWIND_HAS_NO_THREADS -D_LIBUNWIND_IS_NATIVE_ONLY
  -D_LIBUNWIND_HIDE_SYMBOLS -I "$src/libunwind/include")
# LIBCXXABI_NON_DEMANGLING_TERMINATE: the default terminate handler would bring the whole
# demangler (120 KB of code) into every program; gg-support.o prints the type demangled instead.
libcxxabi_flags=("${cxx_common[@]}" -D_LIBCXXABI_BUILDING_LIBRARY -D_LIBCPP_BUILDING_LIBRARY
  -D_LIBCXXABI_HAS_NO_THREADS -DLIBCXXABI_NON_DEMANGLING_TERMINATE
  -I "$src/libcxxabi/include" -I "$src/libunwind/include" -I "$src/libcxx/src")
libcxx_flags=("${cxx_common[@]}" -D_LIBCPP_BUILDING_LIBRARY -DLIBCXX_BUILDING_LIBCXXABI
  -I "$src/libcxx/src" -I "$src/libcxx/libc" -I "$src/libcxxabi/include")
libunwind_sources=(Unwind-wasm.c)
# cxa_thread_atexit needs threads (gg-support.o defines __cxa_thread_atexit instead).
libcxxabi_sources=(abort_message cxa_aux_runtime cxa_default_handlers cxa_demangle cxa_exception
  cxa_exception_storage cxa_guard cxa_handlers cxa_personality cxa_vector cxa_virtual
  fallback_malloc private_typeinfo stdlib_exception stdlib_new_delete stdlib_stdexcept stdlib_typeinfo)
# new.cpp is left out: libc++abi defines operator new/delete. filesystem/int128_builtins is left
# out: compiler-rt has the 128-bit arithmetic.
libcxx_sources=(algorithm any bind call_once charconv chrono error_category exception expected
  functional hash memory memory_resource new_handler new_helpers optional print random random_shuffle
  stdexcept string system_error typeinfo valarray variant vector verbose_abort
  ryu/d2fixed ryu/d2s ryu/f2s
  ios ios.instantiations iostream locale ostream fstream regex strstream
  filesystem/filesystem_clock filesystem/filesystem_error filesystem/path)
# The rest of std::filesystem (operations, directory iteration) uses POSIX calls Debian 12's
# wasi-libc lacks: realpath, fchmod, fchmodat, statvfs and copy_file_range (and it has no
# <sys/statvfs.h> or DT_SOCK). These sources are compiled with gg-posix.h, which declares them,
# and gg-posix.c defines them (into libc++.a, so only a program that uses them carries them):
# realpath over lstat and readlink against the working directory, fchmod and fchmodat as far as
# WASI goes (no permissions: "setting" the mode a file has succeeds, any other fails with ENOTSUP),
# statvfs failing with ENOTSUP (space() throws), copy_file_range with ENOSYS (copy_file then
# copies through an fstream).
libcxx_fs_sources=(filesystem/directory_entry filesystem/directory_iterator filesystem/operations)
commands="$work/commands"
: > "$commands"
emit() { printf '%q ' "$@" >> "$commands"; printf '\n' >> "$commands"; }
mkdir -p "$work/obj/unwind" "$work/obj/cxxabi" "$work/obj/cxx"
for s in "${libunwind_sources[@]}"; do
  emit clang-22 "${libunwind_flags[@]}" -c "$src/libunwind/src/$s" -o "$work/obj/unwind/${s%.c}.o"
done
for s in "${libcxxabi_sources[@]}"; do
  emit clang++-22 "${libcxxabi_flags[@]}" -c "$src/libcxxabi/src/$s.cpp" -o "$work/obj/cxxabi/$s.o"
done
for s in "${libcxx_sources[@]}"; do
  emit clang++-22 "${libcxx_flags[@]}" -c "$src/libcxx/src/$s.cpp" -o "$work/obj/cxx/${s//\//_}.o"
done
mkdir -p "$work/posix/sys"
cat > "$work/posix/gg-posix.h" <<'EOF'
// The POSIX declarations libc++'s std::filesystem needs and Debian 12's wasi-libc leaves out
// (gg-posix.c defines them), for building libc++ in gg's C++ toolchain.
#ifndef GG_POSIX_H
#define GG_POSIX_H
#include <sys/types.h>
#include <sys/statvfs.h>
#ifdef __cplusplus
extern "C" {
#endif
char *realpath(const char *__restrict, char *__restrict);
int fchmod(int, mode_t);
int fchmodat(int, const char *, mode_t, int);
ssize_t copy_file_range(int, off_t *, int, off_t *, size_t, unsigned);
#ifdef __cplusplus
}
#endif
// WASI has datagram and stream sockets, and wasi-libc names only the stream one (as DT_FIFO).
#ifndef DT_SOCK
#define DT_SOCK __WASI_FILETYPE_SOCKET_DGRAM
#endif
#endif
EOF
cat > "$work/posix/sys/statvfs.h" <<'EOF'
// POSIX's struct statvfs, which Debian 12's wasi-libc lacks (WASI cannot ask a filesystem its
// size): gg-posix.c's statvfs fails with ENOTSUP.
#ifndef GG_SYS_STATVFS_H
#define GG_SYS_STATVFS_H
#include <sys/types.h>
#ifdef __cplusplus
extern "C" {
#endif
struct statvfs {
  unsigned long f_bsize, f_frsize;
  fsblkcnt_t f_blocks, f_bfree, f_bavail;
  fsfilcnt_t f_files, f_ffree, f_favail;
  unsigned long f_fsid, f_flag, f_namemax;
};
int statvfs(const char *__restrict, struct statvfs *__restrict);
int fstatvfs(int, struct statvfs *);
#ifdef __cplusplus
}
#endif
#endif
EOF
cat > "$work/posix/gg-posix.c" <<'EOF'
// The POSIX calls libc++'s std::filesystem uses and Debian 12's wasi-libc lacks, for gg's C++
// arm. Each is implemented over what WASI has, or fails with an errno std::filesystem reports.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gg-posix.h"

// Where resolving the absolute `path` begins: at the working directory, taken as resolved, when
// `path` is inside it (a confined program cannot lstat the workspace's ancestors: wasi-libc
// looks every absolute path outside the preopened workspace up in the workspace), else at `/`.
// Sets `out` and its length, returns the rest of `path`.
static const char *start(const char *path, char *out, size_t cap, size_t *len) {
  if (getcwd(out, cap) != NULL) {
    size_t n = strlen(out);
    if (n == 1 || (strncmp(path, out, n) == 0 && (path[n] == '/' || path[n] == '\0'))) {
      *len = n;
      return n == 1 ? path : path + n;
    }
  }
  strcpy(out, "/");
  *len = 1;
  return path;
}

// Implemented: the absolute path, `.`, `..` and symbolic links resolved, against the working
// directory (wasi-libc's, which gg's start sets to the workspace): each component after it is
// lstat'ed, so the whole path must exist.
char *realpath(const char *restrict path, char *restrict resolved) {
  if (path == NULL) {
    errno = EINVAL;
    return NULL;
  }
  if (*path == '\0') {
    errno = ENOENT;
    return NULL;
  }
  char out[PATH_MAX];   // resolved so far: absolute, no trailing '/' (but "/" itself)
  char todo[PATH_MAX];  // what is left to resolve
  char link[PATH_MAX];
  size_t len;
  if (strlen(path) >= sizeof todo) {
    errno = ENAMETOOLONG;
    return NULL;
  }
  char *next = todo;
  if (path[0] == '/') {
    strcpy(todo, start(path, out, sizeof out, &len));
  } else if (getcwd(out, sizeof out) == NULL) {
    return NULL;
  } else {
    strcpy(todo, path);
    len = strlen(out);
  }
  int links = 0;
  while (*next) {
    while (*next == '/') ++next;
    if (!*next) break;
    char *end = next;
    while (*end && *end != '/') ++end;
    size_t n = (size_t)(end - next);
    const char *after = end;  // the rest of the path after this component
    if (n == 1 && next[0] == '.') {
      next = end;
      continue;
    }
    if (n == 2 && next[0] == '.' && next[1] == '.') {
      while (len > 1 && out[len - 1] != '/') --len;
      if (len > 1) --len;  // drop the '/' too, unless it is the root's
      out[len] = '\0';
      next = end;
      continue;
    }
    size_t mark = len;
    if (len + (len > 1) + n >= sizeof out) {
      errno = ENAMETOOLONG;
      return NULL;
    }
    if (len > 1) out[len++] = '/';
    memcpy(out + len, next, n);
    len += n;
    out[len] = '\0';
    struct stat st;
    while (*after == '/') ++after;
    if (lstat(out, &st) != 0) return NULL;
    if (S_ISLNK(st.st_mode)) {
      if (++links > 40) {
        errno = ELOOP;
        return NULL;
      }
      ssize_t k = readlink(out, link, sizeof link - 1);
      if (k < 0) return NULL;
      link[k] = '\0';
      if ((size_t)k + 1 + strlen(after) >= sizeof link) {
        errno = ENAMETOOLONG;
        return NULL;
      }
      if (*after) {
        link[k] = '/';
        strcpy(link + k + 1, after);
      }
      next = todo;
      if (link[0] == '/') {
        strcpy(todo, start(link, out, sizeof out, &len));
      } else {
        strcpy(todo, link);
        len = mark;
        out[len] = '\0';
      }
      continue;
    }
    if (*after && !S_ISDIR(st.st_mode)) {
      errno = ENOTDIR;
      return NULL;
    }
    next = end;
  }
  if (resolved == NULL) return strdup(out);
  return strcpy(resolved, out);
}

// Implemented as far as WASI goes, which has no permissions: a file's mode may be "set" to the
// one it already has (copy_file does that when it overwrites); any other change fails with
// ENOTSUP.
static int same_mode(int status, const struct stat *st, mode_t mode) {
  if (status != 0) return -1;
  if ((st->st_mode & 07777) == (mode & 07777)) return 0;
  errno = ENOTSUP;
  return -1;
}

int fchmod(int fd, mode_t mode) {
  struct stat st;
  return same_mode(fstat(fd, &st), &st, mode);
}

int fchmodat(int dir, const char *path, mode_t mode, int flags) {
  struct stat st;
  return same_mode(fstatat(dir, path, &st, flags & AT_SYMLINK_NOFOLLOW), &st, mode);
}

// Fails with ENOTSUP: WASI cannot ask a filesystem its size (std::filesystem::space throws).
int statvfs(const char *restrict path, struct statvfs *restrict buf) {
  (void)path;
  (void)buf;
  errno = ENOTSUP;
  return -1;
}

int fstatvfs(int fd, struct statvfs *buf) {
  (void)fd;
  (void)buf;
  errno = ENOTSUP;
  return -1;
}

// Fails with ENOSYS, which makes libc++'s copy_file copy through an fstream instead.
ssize_t copy_file_range(int in, off_t *in_off, int out, off_t *out_off, size_t n, unsigned flags) {
  (void)in, (void)in_off, (void)out, (void)out_off, (void)n, (void)flags;
  errno = ENOSYS;
  return -1;
}
EOF
posix_flags=(-isystem "$work/posix" -include gg-posix.h)
for s in "${libcxx_fs_sources[@]}"; do
  emit clang++-22 "${libcxx_flags[@]}" "${posix_flags[@]}" -c "$src/libcxx/src/$s.cpp" -o "$work/obj/cxx/${s//\//_}.o"
done
emit clang-22 "${common[@]}" -std=c11 -Wall -Wextra -Werror "${posix_flags[@]}" -c "$work/posix/gg-posix.c" -o "$work/obj/cxx/gg-posix.o"
# The exception tag that `throw` (and libunwind's __builtin_wasm_throw(0, ...)) refers to: clang
# leaves __cpp_exception undefined in every object, and nothing else defines it.
cat > "$work/cpp_exception_tag.s" <<'EOF'
	.tagtype __cpp_exception i32
	.globl __cpp_exception
__cpp_exception:
EOF
emit clang-22 --target=wasm32-wasip1 -c "$work/cpp_exception_tag.s" -o "$work/obj/unwind/cpp_exception_tag.o"
cat > "$work/gg_support.cpp" <<'EOF'
// gg's C++ start-up support, linked into every program (with -Wl,--wrap=__original_main).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <exception>
#include <typeinfo>

namespace {

// Turns the mangled name of a thrown type into C++ (MyErr, app::ParseError, std::out_of_range,
// int, const char*, std::vector<int>, ...) without libc++abi's full demangler, which is a third
// of a program's code. Anything it does not understand is printed mangled.
class Demangler {
 public:
  Demangler(const char* mangled, char* out, std::size_t cap) : p_(mangled), out_(out), cap_(cap) {}

  bool run() {
    return type() && *p_ == '\0' && len_ < cap_;
  }

 private:
  static constexpr int kMaxSubs = 32;
  const char* p_;
  char* out_;
  std::size_t cap_;
  std::size_t len_ = 0;
  struct Span { std::size_t begin, end; };
  Span subs_[kMaxSubs];
  int nsubs_ = 0;

  void put(const char* s, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      if (len_ + 1 < cap_) out_[len_] = s[i];
      ++len_;
    }
    if (len_ < cap_) out_[len_] = '\0';
  }
  void put(const char* s) { put(s, std::strlen(s)); }
  void add_sub(std::size_t begin) {
    if (nsubs_ < kMaxSubs) subs_[nsubs_++] = {begin, len_};
  }
  bool put_sub(int i) {
    if (i >= nsubs_ || subs_[i].end > cap_) return false;
    Span s = subs_[i];
    for (std::size_t k = s.begin; k < s.end; ++k) put(&out_[k], 1);
    return true;
  }

  bool builtin() {
    static const struct { const char* code; const char* name; } table[] = {
        {"v", "void"}, {"b", "bool"}, {"c", "char"}, {"a", "signed char"}, {"h", "unsigned char"},
        {"s", "short"}, {"t", "unsigned short"}, {"i", "int"}, {"j", "unsigned int"}, {"l", "long"},
        {"m", "unsigned long"}, {"x", "long long"}, {"y", "unsigned long long"}, {"n", "__int128"},
        {"o", "unsigned __int128"}, {"f", "float"}, {"d", "double"}, {"e", "long double"},
        {"w", "wchar_t"}, {"Ds", "char16_t"}, {"Di", "char32_t"}, {"Du", "char8_t"},
        {"Dn", "std::nullptr_t"}};
    for (const auto& b : table) {
      std::size_t n = std::strlen(b.code);
      if (std::strncmp(p_, b.code, n) == 0) {
        p_ += n;
        put(b.name);
        return true;
      }
    }
    return false;
  }

  // <seq-id> _ after an S: S_ is 0, S0_ is 1, S1_ is 2, ...
  bool substitution() {
    ++p_;  // 'S'
    int index = 0;
    if (*p_ != '_') {
      int n = 0;
      while ((*p_ >= '0' && *p_ <= '9') || (*p_ >= 'A' && *p_ <= 'Z')) {
        n = n * 36 + (*p_ <= '9' ? *p_ - '0' : *p_ - 'A' + 10);
        ++p_;
      }
      index = n + 1;
    }
    if (*p_ != '_') return false;
    ++p_;
    return put_sub(index);
  }

  bool source_name() {
    std::size_t n = 0;
    if (*p_ < '0' || *p_ > '9') return false;
    while (*p_ >= '0' && *p_ <= '9') n = n * 10 + std::size_t(*p_++ - '0');
    if (std::strlen(p_) < n) return false;
    put(p_, n);
    p_ += n;
    return true;
  }

  bool template_args() {
    ++p_;  // 'I'
    put("<");
    bool first = true;
    while (*p_ != 'E') {
      if (!*p_) return false;
      if (!first) put(", ");
      first = false;
      if (*p_ == 'L') {  // a literal: L <type> <value> E, printed as the value
        char code = *++p_;
        const char* suffix = code == 'j' ? "u" : code == 'l' ? "l" : code == 'm' ? "ul"
                             : code == 'x' ? "ll" : code == 'y' ? "ull" : "";
        std::size_t mark = len_;
        if (!type()) return false;
        len_ = mark;
        if (len_ < cap_) out_[len_] = '\0';
        if (*p_ == 'n') { put("-"); ++p_; }
        const char* v = p_;
        while (*p_ && *p_ != 'E') ++p_;
        if (code == 'b') {
          put(*v == '0' ? "false" : "true");
        } else {
          put(v, std::size_t(p_ - v));
          put(suffix);
        }
        if (*p_++ != 'E') return false;
      } else if (!type()) {
        return false;
      }
    }
    ++p_;
    put(">");
    return true;
  }

  // N [K] <prefix components> E, or St <name>, or a plain <source-name>, each maybe with <template-args>.
  bool name() {
    std::size_t begin = len_;
    if (*p_ == 'N') {
      ++p_;
      bool is_const = false;
      if (*p_ == 'K') { is_const = true; ++p_; }
      bool first = true;
      while (*p_ != 'E') {
        if (!*p_) return false;
        if (*p_ == 'I') {
          if (first || !template_args()) return false;
          if (*p_ != 'E') add_sub(begin);
          continue;
        }
        if (!first) put("::");
        if (p_[0] == 'S' && p_[1] == 't') {
          p_ += 2;
          put("std");
          first = false;
          continue;  // St is not a substitution candidate
        }
        if (*p_ == 'S') {
          if (!substitution()) return false;
        } else if (!source_name()) {
          return false;
        } else if (*p_ != 'E') {
          add_sub(begin);
        }
        first = false;
      }
      ++p_;
      if (is_const) put(" const");
      return true;
    }
    if (p_[0] == 'S' && p_[1] == 't') {
      p_ += 2;
      put("std::");
      if (!source_name()) return false;
    } else if (*p_ == 'Z') {  // a local type: Z <function> E <name>
      return false;
    } else if (!source_name()) {
      return false;
    }
    if (*p_ == 'I') {
      add_sub(begin);
      if (!template_args()) return false;
    }
    return true;
  }

  bool type() {
    std::size_t begin = len_;
    switch (*p_) {
      case 'P': case 'R': case 'O': case 'K': {
        // Qualifiers and declarators: collect them, print the pointee, then the suffixes.
        char mods[16];
        int n = 0;
        while ((*p_ == 'P' || *p_ == 'R' || *p_ == 'O' || *p_ == 'K') && n < 16) mods[n++] = *p_++;
        if (!type()) return false;
        for (int i = n - 1; i >= 0; --i) {
          put(mods[i] == 'P' ? "*" : mods[i] == 'R' ? "&" : mods[i] == 'O' ? "&&" : " const");
          add_sub(begin);
        }
        return true;
      }
      case 'S':
        if (p_[1] == 't') return name() && (add_sub(begin), true);
        if (!substitution()) return false;
        if (*p_ == 'I') {  // a substituted template name with its arguments
          if (!template_args()) return false;
          add_sub(begin);
        }
        return true;
      default:
        if ((*p_ >= '0' && *p_ <= '9') || *p_ == 'N' || *p_ == 'Z') {
          if (!name()) return false;
          add_sub(begin);
          return true;
        }
        return builtin();
    }
  }
};

[[noreturn]] void report_and_abort() noexcept {
  std::fflush(stdout);
  const std::type_info* type = abi::__cxa_current_exception_type();
  if (type == nullptr) {
    // clang's terminate pad for a noexcept function calls std::terminate() without catching, so
    // the exception in flight is counted but not known.
    std::fputs(std::uncaught_exceptions() > 0
                   ? "terminating: an exception was thrown out of a noexcept function or a destructor\n"
                   : "terminating\n",
               stderr);
    std::abort();
  }
  char name[512];
  const char* shown = name;
  if (!Demangler(type->name(), name, sizeof name).run()) shown = type->name();
  const char* what = nullptr;
  try {
    throw;
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
  }
  if (what != nullptr) {
    std::fprintf(stderr, "terminating due to uncaught exception of type %s: %s\n", shown, what);
  } else {
    std::fprintf(stderr, "terminating due to uncaught exception of type %s\n", shown);
  }
  std::abort();
}

}  // namespace

extern "C" int __real___original_main(void);

// An exception that leaves main would reach the host as a wordless wasm exception: catch it and
// report it as libc++abi would (but with the type demangled here).
extern "C" int __wrap___original_main(void) {
  std::set_terminate(report_and_abort);
  try {
    return __real___original_main();
  } catch (...) {
    std::terminate();
  }
}

// Single-threaded: a thread_local's destructor runs at exit, like a static's. libc++abi's own
// __cxa_thread_atexit needs threads.
extern "C" int __cxa_atexit(void (*)(void*), void*, void*);
extern "C" int __cxa_thread_atexit(void (*dtor)(void*), void* obj, void* dso_symbol) {
  return __cxa_atexit(dtor, obj, dso_symbol);
}

// Debian's wasm32 compiler-rt builtins are built with a stack protector (its 128-bit division,
// which std::format and to_chars use, needs these); Debian 12's wasi-libc has none.
extern "C" std::uintptr_t __stack_chk_guard = 0x2f8a61c3u;

extern "C" [[noreturn]] void __stack_chk_fail(void) {
  std::fputs("stack smashing detected\n", stderr);
  std::abort();
}
EOF
emit clang++-22 "${cxx_common[@]}" -c "$work/gg_support.cpp" -o "$prefix/lib/gg-support.o"

log="$work/build.log"
if ! xargs -d '\n' -n 1 -P "$jobs" bash -c < "$commands" > "$log" 2>&1; then
  grep -m 20 -E 'error|fatal' "$log" >&2 || tail -20 "$log" >&2
  rm -rf "$prefix"
  fail "compiling the LLVM $LLVM_VERSION runtimes failed (the first errors are above)"
fi
llvm-ar-22 rcs "$lib/libunwind.a" "$work"/obj/unwind/*.o
llvm-ar-22 rcs "$lib/libc++abi.a" "$work"/obj/cxxabi/*.o
llvm-ar-22 rcs "$lib/libc++.a" "$work"/obj/cxx/*.o

# 4. The prelude, precompiled once: the headers most programs use, plus the template instances
# they most often need, instantiated in the PCH (-fpch-instantiate-templates) and compiled once
# into prelude.o (-fpch-codegen), which every program then links instead of compiling them again.
# A program is compiled with -include-pch and exactly these flags (the -O level, -std and any
# -D that changes the library must match the PCH's, or clang refuses it or, for macros, misbehaves).
# Programs are compiled at -O0: clang's optimiser was a third of a program's compile (a 28-line
# program's prepare 385 -> 280 ms, BENCHMARKS.md). The prelude's code is the library's, run by
# every program: prelude.o is compiled at -O1 from a PCH of its own (the same header and flags
# but -O1; no header here tests __OPTIMIZE__, so both PCHs declare the same functions and
# prelude.o defines every one a program's PCH leaves to it). Its code kept optimised, the
# module is smaller and wasmtime's compile of it faster (229 against 242 ms all at -O0).
cxxflags="--target=wasm32-wasip1 --sysroot=$prefix -std=c++23 -fwasm-exceptions -mllvm -wasm-use-legacy-eh=false -fmacro-prefix-map=$inc/="
optflags="-O0"
libopt="-O1"
ldflags="--target=wasm32-wasip1 --sysroot=$prefix -fwasm-exceptions -lunwind $prefix/lib/gg-support.o -Wl,--wrap=__original_main"
{
  echo "// gg's C++ prelude: precompiled into prelude.pch, its code compiled once into prelude.o."
  echo "#pragma once"
  for h in algorithm any array bitset cassert cctype charconv chrono climits cmath complex cstdint \
    cstdio cstdlib cstring deque exception format functional iomanip iostream iterator limits list \
    map memory numeric optional print queue random ranges set span sstream stack stdexcept string \
    string_view tuple type_traits unordered_map unordered_set utility variant vector; do
    echo "#include <$h>"
  done
  cat <<'EOF'
namespace gg_prelude {
// Never called: it makes the PCH instantiate (and prelude.o compile) what most programs use.
inline void instantiate_common() {
  std::string s = "x";
  s += s;
  s += 'c';
  s = s + "y";
  (void)s.substr(0, 1);
  (void)s.find("x");
  (void)std::to_string(1);
  (void)std::stoi(s);
  std::cout << s << 1 << 1.5 << 'c' << "text" << 1L << 1u << 1LL << true << std::endl;
  std::cerr << s << '\n';
  std::vector<int> vi{1};
  vi.push_back(2);
  vi.emplace_back(3);
  vi.resize(4);
  std::sort(vi.begin(), vi.end());
  std::vector<std::string> vs{"a"};
  vs.push_back(s);
  vs.emplace_back("b");
  std::sort(vs.begin(), vs.end());
  std::vector<long long> vl{1};
  vl.push_back(2);
  std::vector<double> vd{1.0};
  vd.push_back(2.0);
  std::map<std::string, int> msi;
  msi["a"] += 1;
  (void)msi.at("a");
  (void)msi.find("a");
  std::map<int, int> mii;
  mii[1] = 2;
  std::unordered_map<std::string, int> umsi;
  umsi["a"]++;
  std::unordered_map<int, int> umii;
  umii[1]++;
  std::set<int> si{1};
  si.insert(2);
  std::set<std::string> ss{"a"};
  ss.insert(s);
  std::ostringstream os;
  os << s << 1;
  (void)os.str();
  std::istringstream is("1");
  int i;
  is >> i;
  std::getline(std::cin, s);
  auto u = std::make_unique<std::string>("u");
  auto sp = std::make_shared<std::string>("s");
}
}  // namespace gg_prelude
EOF
} > "$prefix/pch/prelude.hpp"
# shellcheck disable=SC2086  # the flags are one word each
if ! clang++-22 $cxxflags $libopt -fpch-codegen -fpch-instantiate-templates -x c++-header \
    "$prefix/pch/prelude.hpp" -o "$work/prelude-code.pch" 2> "$log" \
  || ! clang++-22 $cxxflags $libopt -c "$work/prelude-code.pch" -o "$prefix/pch/prelude.o" 2>> "$log" \
  || ! clang++-22 $cxxflags $optflags -fpch-codegen -fpch-instantiate-templates -x c++-header \
    "$prefix/pch/prelude.hpp" -o "$prefix/pch/prelude.pch" 2>> "$log"; then
  cat "$log" >&2
  rm -rf "$prefix"
  fail "precompiling the prelude failed"
fi

# 5. How the arm compiles and links (each value is space-separated words, no quoting needed):
#   clang++-22 $CXXFLAGS $OPTFLAGS $PCHFLAGS [-gline-tables-only] -c program.cpp -o program.o
#   clang++-22 $LDFLAGS program.o $PCHOBJ [-Wl,--strip-debug] -o program.wasm
# Without PCHFLAGS, leave out PCHOBJ too; then OPTFLAGS and hardening -D are free.
cat > "$prefix/flags" <<EOF
CXX=clang++-22
CXXFLAGS=$cxxflags
OPTFLAGS=$optflags
PCHFLAGS=-include-pch $prefix/pch/prelude.pch
PCHOBJ=$prefix/pch/prelude.o
LDFLAGS=$ldflags
EOF

# 6. Check that a program with a throw and a catch compiles and links against what was built.
cat > "$work/check.cpp" <<'EOF'
#include <iostream>
#include <stdexcept>
#include <string>
struct Oops : std::runtime_error { using std::runtime_error::runtime_error; };
int main() {
  try { throw Oops("checked"); } catch (const std::exception& e) { std::cout << e.what() << '\n'; }
  try { (void)std::string("ab").at(5); } catch (const std::out_of_range&) { return 0; }
  return 1;
}
EOF
# shellcheck disable=SC2086  # the flags are one word each
if ! clang++-22 $cxxflags $optflags -include-pch "$prefix/pch/prelude.pch" -c "$work/check.cpp" -o "$work/check.o" 2> "$log" \
  || ! clang++-22 $ldflags "$work/check.o" "$prefix/pch/prelude.o" -o "$work/check.wasm" 2>> "$log"; then
  cat "$log" >&2
  rm -rf "$prefix"
  fail "a throw/catch program did not compile or link against the new runtimes"
fi
# wasmtime accepts only the new exception encoding: try_table, never the legacy try.
if ! llvm-objdump-22 -d "$work/check.o" > "$work/check.dis" 2>> "$log" \
  || ! grep -qw try_table "$work/check.dis" || grep -qE '^\s+[0-9a-f]+:.*\s(try|catch|delegate)\s' "$work/check.dis"; then
  rm -rf "$prefix"
  fail "the check program's exceptions are not in the try_table encoding wasmtime needs"
fi
# And that a program using every part of std::filesystem that needs gg-posix.o links.
cat > "$work/check-fs.cpp" <<'EOF'
#include <filesystem>
namespace fs = std::filesystem;
int main() {
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(".", ec)) (void)e.file_size(ec);
  (void)fs::canonical(".", ec);
  (void)fs::space(".", ec);
  fs::permissions(".", fs::perms::owner_all, ec);
  fs::copy_file("a", "b", fs::copy_options::overwrite_existing, ec);
  return fs::remove_all("b", ec) == 0 ? 0 : 1;
}
EOF
# shellcheck disable=SC2086  # the flags are one word each
if ! clang++-22 $cxxflags $optflags -include-pch "$prefix/pch/prelude.pch" -c "$work/check-fs.cpp" -o "$work/check-fs.o" 2> "$log" \
  || ! clang++-22 $ldflags "$work/check-fs.o" "$prefix/pch/prelude.o" -o "$work/check-fs.wasm" 2>> "$log"; then
  cat "$log" >&2
  rm -rf "$prefix"
  fail "a std::filesystem program did not compile or link against the new runtimes"
fi
echo "$stamp" > "$prefix/.complete"
say "built libunwind, libc++abi and libc++ $LLVM_VERSION with wasm exceptions and the precompiled" \
  "prelude into $prefix in $((SECONDS - started)) s; a throw/catch program links ($(stat -c %s "$work/check.wasm") bytes)," \
  "and a std::filesystem one ($(stat -c %s "$work/check-fs.wasm") bytes)"
