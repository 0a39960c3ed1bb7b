#!/bin/sh
# Installs what fxcollide's build needs on a Debian machine and obtains the
# libfixmath source. Idempotent: does nothing that is already done.
#
#   tools/setup.sh [DEST]     DEST defaults to .deps/libfixmath
#
# The packages: the cross toolchain, QEMU, the linters, and what the
# packaging checks build with (CMake, g++, pkg-config, python3 and
# kconfiglib for the Zephyr Kconfig). The libfixmath source: see
# tools/fetch_libfixmath.sh, run last.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST=${1:-$ROOT/.deps/libfixmath}
PKGS="gcc make curl xz-utils gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm clang clang-tidy cppcheck libclang-rt-14-dev \
      cmake g++ pkg-config python3 python3-kconfiglib libstdc++-arm-none-eabi-newlib"

need_install=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" \
        || need_install="$need_install $p"
done
if [ -n "$need_install" ]; then
    echo "setup: installing$need_install"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q $need_install >/dev/null
fi

exec sh "$ROOT/tools/fetch_libfixmath.sh" "$DEST"
