#!/bin/sh
# Obtains libfixmath's source, and nothing else (no packages are installed):
# the step of tools/setup.sh that the CMake build also runs when it finds no
# source. Idempotent.
#
#   tools/fetch_libfixmath.sh [DEST]     DEST defaults to .deps/libfixmath
#
# $LIBFIXMATH_SRC, if set (a checkout holding fix16.h), wins; otherwise the
# upstream .orig tarball of Debian's source package, checked against the
# SHA256 apt lists. The deb-src entries are derived from the machine's own
# apt sources into a private directory, so the system's apt configuration is
# never changed. Needs apt-get, curl (or wget), xz-utils and sha256sum.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST=${1:-$ROOT/.deps/libfixmath}

# libfixmath: a user-provided checkout wins.
if [ -n "${LIBFIXMATH_SRC:-}" ]; then
    [ -f "$LIBFIXMATH_SRC/libfixmath/fix16.h" ] || [ -f "$LIBFIXMATH_SRC/fix16.h" ] || {
        echo "setup: LIBFIXMATH_SRC=$LIBFIXMATH_SRC holds no fix16.h" >&2; exit 1; }
    echo "setup: using libfixmath from $LIBFIXMATH_SRC"
    exit 0
fi
if [ -f "$DEST/fix16.h" ]; then
    exit 0
fi

WORK=$ROOT/.deps/apt
mkdir -p "$WORK/etc/sources.list.d" "$WORK/lists/partial" "$WORK/cache/archives/partial"
: > "$WORK/etc/sources.list"
# deb822 files: turn "Types: deb" into "Types: deb-src"; one-line files: "deb " -> "deb-src ".
for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && sed -e 's/^Types:.*$/Types: deb-src/' "$f" > "$WORK/etc/sources.list.d/$(basename "$f")"
done
if [ -f /etc/apt/sources.list ]; then
    sed -n -e 's/^deb \(.*\)$/deb-src \1/p' /etc/apt/sources.list > "$WORK/etc/sources.list"
fi
APT_OPTS="-o Dir::Etc::SourceList=$WORK/etc/sources.list \
 -o Dir::Etc::SourceParts=$WORK/etc/sources.list.d \
 -o Dir::State::Lists=$WORK/lists -o Dir::Cache=$WORK/cache \
 -o Debug::NoLocking=1"
echo "setup: fetching the libfixmath source index"
# shellcheck disable=SC2086
apt-get $APT_OPTS update -q >/dev/null 2>&1 || true
# shellcheck disable=SC2086
URIS=$(apt-get $APT_OPTS source --print-uris libfixmath 2>/dev/null | grep "\.orig\.tar" || true)
[ -n "$URIS" ] || { echo "setup: no libfixmath source package found (set LIBFIXMATH_SRC=/path)" >&2; exit 1; }
# Line format: 'URI' NAME SIZE SHA256:HEX
URI=$(echo "$URIS" | head -n1 | awk '{print $1}' | tr -d "'")
SUM=$(echo "$URIS" | head -n1 | awk '{print $4}' | sed 's/^SHA256://')
TARBALL=$WORK/libfixmath.orig.tar
echo "setup: downloading $URI"
curl -sSfL -o "$TARBALL" "$URI" 2>/dev/null || wget -q -O "$TARBALL" "$URI"
echo "$SUM  $TARBALL" | sha256sum -c - >/dev/null || { echo "setup: checksum mismatch for $URI" >&2; exit 1; }
rm -rf "$WORK/x" && mkdir -p "$WORK/x"
tar -xf "$TARBALL" -C "$WORK/x"
SRC=$(dirname "$(find "$WORK/x" -path '*/libfixmath/fix16.h' | head -n1)")
[ -f "$SRC/fix16.h" ] || { echo "setup: tarball holds no libfixmath/fix16.h" >&2; exit 1; }
rm -rf "$DEST" && mkdir -p "$(dirname "$DEST")" && cp -r "$SRC" "$DEST"
rm -rf "$WORK/x"
echo "setup: libfixmath source in $DEST"
