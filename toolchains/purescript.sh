#!/usr/bin/env bash
# The PureScript arm's toolchain: the compiler `purs` 0.15.16, the 47 core packages compiled once,
# and esbuild. Everything lives outside the repo, in a folder keyed by what made it:
#   ${GG_PURESCRIPT_TOOLCHAIN:-/opt/gg-purescript}/purs-0.15.16-r<recipe>-<sha256 of the inputs>/
#     bin/purs        the compiler: $GG_PURS, or a `purs` on PATH whose --version is 0.15.16, as is
#                     (linked); otherwise built here from the sources in $GG_PURESCRIPT_SRC, into
#                     build-0.15.16-b<recipe>-<sha256 of the compiler's sources>/purs (linked)
#     pkgs/NAME/src/  the core packages' sources, unpacked from their tarballs
#     output/         those packages compiled by that purs (ES modules with source maps, what
#                     each program links to)
#     node_modules/   esbuild, pinned
#     modules.txt     the modules a program may import, one a line
#   ${GG_PURESCRIPT_TOOLCHAIN:-/opt/gg-purescript}/current -> the folder above (what the arm reads)
# No registry carries purs or the Haskell libraries only its repositories have, so the sources come
# from $GG_PURESCRIPT_SRC (default ../shared/toolchains-src/purescript beside the repo), each tarball
# checked against that folder's MANIFEST.tsv. The build runs Debian sid's GHC 9.10.3 in a minbase
# debootstrap userland (bookworm's libc is too old for it) entered with bubblewrap, cabal offline,
# and links purs statically: the binary runs on the host with no userland, and nothing here is
# needed when gg runs. Root (or sudo) is needed only to install Debian packages and to make the
# userland. Idempotent: a second run with everything present does nothing. Says what it did or why
# it failed. The first build takes minutes (about 4 at -O1 on 2 cores) and shows its progress.
set -euo pipefail

PURS_VERSION=0.15.16
BUILD_RECIPE=1               # bump whenever anything changes how purs itself is built
RECIPE=2                     # bump whenever anything else below changes what is made
ESBUILD_VERSION=0.28.2
# What was proven in sid (2026-12): the mirror's sid moves on; when it has, what it has now is
# tried and said (the arm's tests decide).
PROVEN_GHC=9.10.3
PROVEN_CABAL=3.12.1
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
root="${GG_PURESCRIPT_TOOLCHAIN:-/opt/gg-purescript}"
src="${GG_PURESCRIPT_SRC:-$repo/../shared/toolchains-src/purescript}"
jobs="${GG_PURESCRIPT_JOBS:-2}"
say() { echo "toolchains/purescript.sh: $*"; }
fail() { echo "toolchains/purescript.sh: $*" >&2; exit 1; }
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# --- The compiler given, if any: used as is only at the pinned version.
given=""
if [ -n "${GG_PURS:-}" ]; then
  v="$("$GG_PURS" --version 2>/dev/null | head -1 | cut -d' ' -f1 || true)"
  [ "$v" = "$PURS_VERSION" ] || fail "\$GG_PURS=$GG_PURS says version '${v:-nothing}', not $PURS_VERSION"
  given="$(readlink -f "$GG_PURS")"
elif command -v purs >/dev/null; then
  v="$(purs --version 2>/dev/null | head -1 | cut -d' ' -f1 || true)"
  if [ "$v" = "$PURS_VERSION" ]; then
    given="$(readlink -f "$(command -v purs)")"
  else
    say "the purs on PATH is ${v:-unknown}, not $PURS_VERSION: building $PURS_VERSION instead"
  fi
fi

# --- The sources and their checksums. The key covers the version, the recipe, every SHA-256 and
# the compiler given (if one is), so any change builds a new folder beside the old.
if [ ! -f "$src/MANIFEST.tsv" ]; then
  # No sources here (a clone away from them): a build this machine already made and finished
  # serves, said so; else PureScript stays uninstalled and its tests say why.
  current="$(readlink "$root/current" 2>/dev/null || true)"
  if [ -n "$current" ] && [ -s "$root/$current/.complete" ]; then
    say "no MANIFEST.tsv in $src: using this machine's finished build $root/$current (checked when it was built)"
    exit 0
  fi
  say "no MANIFEST.tsv in $src and no finished build in $root: PureScript is NOT installed (set GG_PURESCRIPT_SRC to the folder holding compiler/ and packages/, then run bash toolchains/install.sh purescript)"
  exit 0
fi
manifest_sha="$(awk -F'\t' 'NR > 1 { print $1 "\t" $7 }' "$src/MANIFEST.tsv" | sha256sum | cut -c1-16)"
compiler_sha="$(awk -F'\t' 'NR > 1 && $1 ~ /^compiler\// { print $1 "\t" $7 }' "$src/MANIFEST.tsv" | sha256sum | cut -c1-16)"
# The binary is kept apart, keyed by what it is built from, so a change to the packages' recipe
# does not rebuild the compiler.
built_purs="$root/build-$PURS_VERSION-b$BUILD_RECIPE-$compiler_sha/purs"
key="purs-$PURS_VERSION-r$RECIPE-$manifest_sha"
[ -z "$given" ] || key="$key-given-$(printf '%s' "$given" | sha256sum | cut -c1-8)"
prefix="$root/$key"
stamp="$key esbuild=$ESBUILD_VERSION ${given:-built}"
ready() {
  [ "$(cat "$prefix/.complete" 2>/dev/null)" = "$stamp" ] && [ "$(readlink "$root/current" 2>/dev/null)" = "$key" ]
}
if ready; then
  say "purs $PURS_VERSION, the core packages and esbuild $ESBUILD_VERSION ready in $prefix"
  exit 0
fi

if [ ! -w "$root" ] && ! mkdir -p "$root" 2>/dev/null; then
  { $sudo mkdir -p "$root" && $sudo chown "$(id -u):$(id -g)" "$root"; } || fail "cannot create $root"
fi
exec 9>"$root/.$key.lock"
flock 9
if ready; then
  say "purs $PURS_VERSION ready in $prefix (built by another run)"
  exit 0
fi
started=$SECONDS
verify() {  # verify FILE (relative to $src): its SHA-256 is the MANIFEST's
  local want
  want="$(awk -F'\t' -v f="$1" '$1 == f { print $7 }' "$src/MANIFEST.tsv")"
  [ -n "$want" ] || fail "$1 is not in $src/MANIFEST.tsv"
  echo "$want  $src/$1" | sha256sum -c --quiet - 2>/dev/null || fail "$src/$1 does not have the MANIFEST's sha256 $want"
}
mkdir -p "$prefix/bin"

# --- 1. purs: given, kept from an earlier run of this key, or built.
if [ -n "$given" ]; then
  ln -sfn "$given" "$prefix/bin/purs"
  say "using the purs $PURS_VERSION at $given"
elif [ "$("$built_purs" --version 2>/dev/null | cut -d' ' -f1)" = "$PURS_VERSION" ]; then
  ln -sfn "$built_purs" "$prefix/bin/purs"
  say "using the purs $PURS_VERSION built earlier at $built_purs"
else
  for tool in debootstrap bwrap; do
    if ! command -v "$tool" >/dev/null; then
      pkg=$tool; [ "$tool" = bwrap ] && pkg=bubblewrap
      command -v apt-get >/dev/null || fail "$tool is not here and apt-get is not either; install $pkg by hand"
      { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$pkg" >/dev/null; } \
        || fail "could not install $pkg with apt-get"
      say "installed $pkg"
    fi
  done
  mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)"
  [ -n "$mirror" ] || mirror="$(awk '$1 == "deb" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)"
  [ -n "$mirror" ] || fail "no Debian mirror in this machine's apt sources (the sid userland comes from it)"
  # The userland: made once under $root/sid (reused by a later recipe), its own apt set to accept
  # the mirror's sid Release file, which may be past its Valid-Until.
  sid="$root/sid"
  bw=(bwrap --bind "$sid" / --dev /dev --proc /proc --tmpfs /tmp --ro-bind /etc/resolv.conf /etc/resolv.conf
      --setenv HOME /root --setenv LANG C.UTF-8 --setenv PATH /usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin)
  if [ ! -f "$sid/.gg-ready" ]; then
    say "making a Debian sid userland in $sid (about a minute; bookworm's libc is too old for sid's GHC)"
    rm -rf "$sid"
    $sudo timeout 1200 debootstrap --variant=minbase sid "$sid" "$mirror" > "$root/debootstrap.log" 2>&1 \
      || fail "debootstrap of sid from the machine's mirror failed (see $root/debootstrap.log)"
    echo 'Acquire::Check-Valid-Until "false";' | $sudo tee "$sid/etc/apt/apt.conf.d/99gg-valid-until" >/dev/null
    $sudo touch "$sid/.gg-ready"
  fi
  haskell=(ghc cabal-install happy alex patch)
  for lib in aeson ansi-terminal blaze-html boxes cborg clock cryptonite data-ordlist dlist edit-distance \
    file-embed glob lens lifted-async lifted-base memory monad-control monad-logger parallel regex-tdfa safe \
    scientific semialign semigroups serialise stringsearch these vector witherable transformers-base \
    utf8-string prettyprinter prettyprinter-ansi-terminal network optparse-applicative gitrev \
    transformers-compat void unordered-containers data-default syb uniplate xss-sanitize hashable newtype \
    async attoparsec; do
    haskell+=("libghc-$lib-dev")
  done
  if [ ! -f "$sid/.gg-haskell" ] || [ "$(cat "$sid/.gg-haskell")" != "${haskell[*]}" ]; then
    say "installing sid's GHC, cabal-install, happy, alex and ${#haskell[@]} Haskell packages into the userland (about 200 MB, a few minutes)"
    $sudo "${bw[@]}" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"' \
      sh "${haskell[@]}" > "$root/apt-sid.log" 2>&1 || fail "apt-get in the sid userland failed (see $root/apt-sid.log)"
    printf '%s' "${haskell[*]}" | $sudo tee "$sid/.gg-haskell" >/dev/null
  fi
  ghc_v="$("${bw[@]}" ghc --numeric-version)" || fail "the userland's ghc does not run"
  cabal_v="$("${bw[@]}" cabal --numeric-version)" || fail "the userland's cabal does not run"
  [ "$ghc_v" = "$PROVEN_GHC" ] || say "sid's mirror has moved on: ghc $ghc_v, not the proven $PROVEN_GHC; trying it"
  case "$cabal_v" in
    "$PROVEN_CABAL"*) ;;
    *) say "sid's mirror has moved on: cabal-install $cabal_v, not the proven $PROVEN_CABAL; trying it" ;;
  esac
  # The sources, each checked, unpacked side by side, the build patch applied (it fails loudly if
  # the lines it expects are gone), built with no package repository at all.
  work="$(mktemp -d "$root/build.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/b" "$work/home/.config/cabal"
  for t in "$src"/compiler/*.tar.gz; do
    verify "compiler/${t##*/}"
    tar -xzf "$t" -C "$work/b"
  done
  patch -s -p1 -d "$work/b" < "$src/compiler/purs-$PURS_VERSION-build.patch" \
    || fail "purs-$PURS_VERSION-build.patch no longer applies to the sources in $src/compiler"
  cp "$src/compiler/cabal.project" "$work/b/cabal.project"
  printf 'offline: True\njobs: %s\n' "$jobs" > "$work/home/.config/cabal/config"
  say "building purs $PURS_VERSION with ghc $ghc_v (cabal build --offline -j$jobs, -O1, static; about 4 minutes on 2 cores; log: $root/build.log)"
  build_started=$SECONDS
  nice -n 10 "${bw[@]}" --bind "$work" /build --setenv HOME /build/home --chdir /build/b \
    sh -c "cabal build --offline -j$jobs exe:purs && cp \"\$(cabal list-bin exe:purs)\" /build/purs" \
    > "$root/build.log" 2>&1 &
  builder=$!
  while kill -0 "$builder" 2>/dev/null; do
    sleep 30
    kill -0 "$builder" 2>/dev/null || break
    done_n="$(grep -c '^\[ *[0-9]* of' "$root/build.log" 2>/dev/null || true)"
    say "  still building ($((SECONDS - build_started)) s; $(grep -oE 'Building +(library|executable)[^(]*' "$root/build.log" | tail -1 | tr -s ' ') ${done_n:-0} modules compiled)"
  done
  wait "$builder" || fail "cabal build of purs $PURS_VERSION failed; the end of $root/build.log: $(tail -5 "$root/build.log")"
  strip "$work/purs" 2>/dev/null || true
  mkdir -p "${built_purs%/*}"
  install -m 0755 "$work/purs" "$built_purs"
  ln -sfn "$built_purs" "$prefix/bin/purs"
  v="$(env -i "$prefix/bin/purs" --version | cut -d' ' -f1)"
  [ "$v" = "$PURS_VERSION" ] || fail "the purs built says version '$v', not $PURS_VERSION"
  say "built purs $PURS_VERSION ($(du -h "$prefix/bin/purs" | cut -f1), static) in $((SECONDS - build_started)) s"
fi
purs="$prefix/bin/purs"

# --- 2. The core packages: each checked, unpacked, compiled once into output/ (a program's compile
# copies output/ with its timestamps and rebuilds only its own modules).
rm -rf "$prefix/pkgs" "$prefix/output"
mkdir -p "$prefix/pkgs" "$prefix/share/licenses"
for t in "$src"/packages/*.tar.gz; do
  verify "packages/${t##*/}"
  base="${t##*/}"; base="${base%.tar.gz}"; name="${base%-*}"
  tar -xzf "$t" -C "$prefix/pkgs"
  mv "$prefix/pkgs/$base" "$prefix/pkgs/$name"
  cp "$prefix/pkgs/$name/LICENSE" "$prefix/share/licenses/$name.txt" 2>/dev/null || true
done
say "compiling the $(ls "$prefix/pkgs" | wc -l) core packages once (about 10 s)"
# With source maps, as every program is compiled (purs rebuilds a module whose output lacks a
# target the compile asks for), so a frame in library code is named by its module.
(cd "$prefix" && timeout 600 nice -n 10 "$purs" compile -g js,sourcemaps 'pkgs/*/src/**/*.purs' -o output > "$root/packages.log" 2>&1) \
  || fail "purs could not compile the core packages (see $root/packages.log)"
(cd "$prefix/output" && ls -d */ | tr -d / | sort) > "$prefix/modules.txt"
say "compiled $(wc -l < "$prefix/modules.txt") modules into $prefix/output"

# --- 3. esbuild, pinned, from npm (bundles a program's modules for the guest).
if [ "$("$prefix/node_modules/.bin/esbuild" --version 2>/dev/null)" != "$ESBUILD_VERSION" ]; then
  command -v npm >/dev/null || fail "npm is not here; it installs esbuild@$ESBUILD_VERSION"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --silent -E "esbuild@$ESBUILD_VERSION" \
    || fail "npm could not install esbuild@$ESBUILD_VERSION"
  [ "$("$prefix/node_modules/.bin/esbuild" --version)" = "$ESBUILD_VERSION" ] || fail "esbuild $ESBUILD_VERSION does not run"
fi

echo "$stamp" > "$prefix/.complete"
ln -sfn "$key" "$root/current.tmp" && mv -T "$root/current.tmp" "$root/current"
say "purs $PURS_VERSION, $(wc -l < "$prefix/modules.txt") core modules and esbuild $ESBUILD_VERSION ready in $prefix ($((SECONDS - started)) s)"
