#!/bin/sh
# Builds fxcollide every way a firmware project brings it in, and runs what
# can run here: each check prints 'ok NAME' or 'FAIL NAME' (its output is in
# OUT/NAME.log), and the last line is 'N passed, N failed'.
#   tools/check_packaging.sh FIXMATH_DIR OUT_DIR
#
# The consumers (tests/packaging/consumer) check one penetration against its
# analytic depth, so a build that links but computes garbage fails too.
# PlatformIO and the Arduino IDE are not Debian packages, and Zephyr is not
# either: their builds are reproduced from their documented rules (see each
# check), and their files are validated offline.
FIX=$(cd "$1" && pwd); OUT=$2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
CONSUMER=$ROOT/tests/packaging/consumer
TOOLCHAIN=$ROOT/cmake/arm-none-eabi.cmake
KPY=/usr/bin/python3 # Debian's python, which has kconfiglib
passed=0; failed=0

# check NAME COMMAND...: runs COMMAND in a subshell, its output to OUT/NAME.log.
# Not inside an 'if': there the shell would ignore set -e, and a step that
# fails before the last would go unnoticed.
check() {
    name=$1; shift
    ( set -e; "$@" ) > "$OUT/$name.log" 2>&1
    if [ $? -eq 0 ]; then
        echo "ok   $name"; passed=$((passed + 1))
    else
        echo "FAIL $name (last lines of $OUT/$name.log:)"; tail -n 15 "$OUT/$name.log" | sed 's/^/     /'
        failed=$((failed + 1))
    fi
}

# ---- versions and headers ---------------------------------------------------
VERSION=$(sed -n 's/^#define FXC_VERSION_STRING "\(.*\)"/\1/p' "$ROOT/include/fxcollide.h")
versions_agree() {
    python3 -c 'import json,sys; v=json.load(open(sys.argv[1]))["version"]; print("library.json", v); sys.exit(v != sys.argv[2])' \
        "$ROOT/library.json" "$VERSION"
}

# Each public header compiles alone, as C99 and as C++ (pedantic, warnings as
# errors), and declares its functions inside extern "C".
headers_standalone() {
    for h in "$ROOT"/include/*.h; do
        b=$(basename "$h")
        echo "#include \"$b\"" > "$OUT/h_$b.c"
        gcc -std=c99 -pedantic -Wall -Wextra -Werror -I"$ROOT/include" -I"$FIX" -c "$OUT/h_$b.c" -o "$OUT/h.o"
        cp "$OUT/h_$b.c" "$OUT/h_$b.cpp"
        g++ -std=c++11 -pedantic -Wall -Wextra -Werror -I"$ROOT/include" -I"$FIX" -c "$OUT/h_$b.cpp" -o "$OUT/h.o"
        if grep -qE '^(int|const|void|fix16_t|fxc_vec3|uint32_t) +\**fxc2?_' "$h"; then
            grep -q 'extern "C"' "$h" || { echo "$b declares functions without extern \"C\""; exit 1; }
        fi
        echo "$b: C99 and C++11 clean"
    done
}

# include/ holds what a user includes: none of the exact-arithmetic toolkit.
no_internals_public() {
    if grep -nE '(fxc_vec3w|fxc_i128)\b|(fxc_smull|fxc_umull|fxc_round32|fxc_bitlen[a-z0-9_]*) *\(' "$ROOT"/include/*.h; then
        echo "internal kernels declared in include/"; exit 1
    fi
}

# Every symbol the library exports is prefixed fxc_ (the installed archive).
symbols_prefixed() {
    bad=$(nm -g --defined-only "$OUT/stage/lib/libfxcollide.a" | awk 'NF == 3 { print $3 }' | grep -vE '^fxc2?_' || true)
    [ -z "$bad" ] || { echo "exported without the fxc_ (2D: fxc2_) prefix:"; echo "$bad"; exit 1; }
    echo "every exported symbol starts with fxc_ or fxc2_"
}

# ---- make install + pkg-config, C and C++ ---------------------------------
make_install() {
    make -C "$ROOT" --no-print-directory install PREFIX="$OUT/stage"
    test -f "$OUT/stage/lib/pkgconfig/fxcollide.pc"
}
# run_consumers PKG_CONFIG_PATH TAG: C with gcc, C++ with g++ and clang++.
pkgconfig_consumers() {
    export PKG_CONFIG_PATH=$1
    flags=$(pkg-config --cflags fxcollide); libs=$(pkg-config --libs fxcollide)
    test "$(pkg-config --modversion fxcollide)" = "$VERSION"
    gcc -std=c99 -Wall -Wextra -Werror $flags "$CONSUMER/main.c" $libs -o "$OUT/pc_c_$2"
    g++ -std=c++11 -pedantic -Wall -Wextra -Werror $flags "$CONSUMER/main.cpp" $libs -o "$OUT/pc_cpp_$2"
    clang++ -std=c++11 -pedantic -Wall -Wextra -Werror $flags "$CONSUMER/main.cpp" $libs -o "$OUT/pc_clang_$2"
    "$OUT/pc_c_$2" && "$OUT/pc_cpp_$2" && "$OUT/pc_clang_$2"
}

# ---- CMake --------------------------------------------------------------------
cmake_host_ctest() {
    cmake -S "$ROOT" -B "$OUT/cmake-host" -DCMAKE_BUILD_TYPE=Release -DLIBFIXMATH_SRC="$FIX"
    cmake --build "$OUT/cmake-host" -j 2
    (cd "$OUT/cmake-host" && ctest --output-on-failure)
    cmake --install "$OUT/cmake-host" --prefix "$OUT/cmake-stage"
}
cmake_consumer_subdir() {
    cmake -S "$CONSUMER" -B "$OUT/consumer-subdir" -DFXCOLLIDE_SOURCE_DIR="$ROOT" -DLIBFIXMATH_SRC="$FIX"
    cmake --build "$OUT/consumer-subdir" -j 2
    "$OUT/consumer-subdir/consumer_c" && "$OUT/consumer-subdir/consumer_cpp"
}
# A libfixmath target of the firmware's own (FXC_LIBFIXMATH_TARGET): linked
# instead of fxcollide's, which is then not built.
cmake_own_libfixmath() {
    cmake -S "$CONSUMER" -B "$OUT/consumer-own-fixmath" -DFXCOLLIDE_SOURCE_DIR="$ROOT" -DFXCOLLIDE_OWN_FIXMATH="$FIX"
    cmake --build "$OUT/consumer-own-fixmath" -j 2
    test -f "$OUT/consumer-own-fixmath/libfirmware_fixmath.a"
    if test -e "$OUT/consumer-own-fixmath/fxcollide/libfxcollide_fixmath.a"; then
        echo "fxcollide built its own libfixmath too"; exit 1
    fi
    "$OUT/consumer-own-fixmath/consumer_c" && "$OUT/consumer-own-fixmath/consumer_cpp"
}
cmake_consumer_fetchcontent() {
    cmake -S "$CONSUMER" -B "$OUT/consumer-fetch" -DFXCOLLIDE_FETCH_DIR="$ROOT" -DLIBFIXMATH_SRC="$FIX"
    cmake --build "$OUT/consumer-fetch" -j 2
    "$OUT/consumer-fetch/consumer_c" && "$OUT/consumer-fetch/consumer_cpp"
}
cmake_consumer_installed() {
    cmake -S "$CONSUMER" -B "$OUT/consumer-installed" -DCMAKE_PREFIX_PATH="$OUT/cmake-stage"
    cmake --build "$OUT/consumer-installed" -j 2
    "$OUT/consumer-installed/consumer_c" && "$OUT/consumer-installed/consumer_cpp"
}
# A configuration header of the user's own reaches the library and its
# callers alike through the target (a mismatch would answer FXC_ERR_CONFIG
# and fail the consumer's check).
cmake_config_file() {
    cmake -S "$CONSUMER" -B "$OUT/consumer-config" -DFXCOLLIDE_SOURCE_DIR="$ROOT" -DLIBFIXMATH_SRC="$FIX" \
          -DFXC_CONFIG_FILE="$ROOT/tests/config_other.h"
    cmake --build "$OUT/consumer-config" -j 2
    grep -q "FXC_CONFIG_FILE" "$OUT/consumer-config/CMakeFiles/consumer_c.dir/flags.make"
    "$OUT/consumer-config/consumer_c" && "$OUT/consumer-config/consumer_cpp"
}
# cmake_board BOARD CPU: the test suite cross built through CMake and run by
# ctest in QEMU; then the consumer cross built for the same core.
cmake_board() {
    cmake -S "$ROOT" -B "$OUT/cmake-$1" -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" -DFXC_CPU="$2" -DFXC_BOARD="$1" \
          -DCMAKE_BUILD_TYPE=MinSizeRel -DLIBFIXMATH_SRC="$FIX"
    cmake --build "$OUT/cmake-$1" -j 2
    (cd "$OUT/cmake-$1" && ctest --output-on-failure)
    cmake -S "$CONSUMER" -B "$OUT/consumer-$1" -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" -DFXC_CPU="$2" \
          -DFXCOLLIDE_SOURCE_DIR="$ROOT" -DLIBFIXMATH_SRC="$FIX" -DCMAKE_BUILD_TYPE=MinSizeRel
    cmake --build "$OUT/consumer-$1" -j 2
    arm-none-eabi-readelf -h "$OUT/consumer-$1/consumer_c" | grep -q 'Machine: *ARM'
    arm-none-eabi-readelf -h "$OUT/consumer-$1/consumer_cpp" | grep -q 'Machine: *ARM'
}

# A cross build whose -mcpu is not the board's is refused at configure time
# (its test image would fault in QEMU).
cmake_board_mismatch() {
    if cmake -S "$ROOT" -B "$OUT/cmake-mismatch" -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" -DFXC_CPU=cortex-m3 \
            -DFXC_BOARD=microbit -DLIBFIXMATH_SRC="$FIX"; then
        echo "an M3 build for the micro:bit was configured"; exit 1
    fi
    echo "refused, as it should be"
}

# An option beyond the code's bounds stops the build (fxc_config.h #error).
config_bounds() {
    echo '#include "fxcollide.h"' > "$OUT/bounds.c"
    for d in FXC_RANGE_BITS=13 FXC_EPA_MAX_VERTICES=129 FXC_EPA_MAX_VERTICES=7 FXC_HULL_MAX_VERTICES=129 FXC2_POLYGON_MAX_VERTICES=33 FXC_BOX_SAT=2; do
        if gcc -std=c99 -D$d -I"$ROOT/include" -I"$FIX" -c "$OUT/bounds.c" -o "$OUT/bounds.o" 2>/dev/null; then
            echo "-D$d compiled"; exit 1
        fi
        echo "-D$d refused"
    done
    gcc -std=c99 -DFXC_RANGE_BITS=12 -DFXC_EPA_MAX_VERTICES=128 -DFXC_HULL_MAX_VERTICES=128 -I"$ROOT/include" -I"$FIX" -c "$OUT/bounds.c" -o "$OUT/bounds.o"
    # the least accepted value builds EPA itself (4..7 once passed the
    # header and stopped in src/epa.c)
    gcc -std=c99 -DFXC_EPA_MAX_VERTICES=8 -I"$ROOT/include" -I"$FIX" -c "$ROOT/src/epa.c" -o "$OUT/epa8.o"
}

# ---- Arduino --------------------------------------------------------------------
# The IDE's rules: every .c/.cpp under the library's src/ compiled with src/
# as the only include path and no -D flags; the sketch becomes a .cpp with
# '#include <Arduino.h>' in front. Here the core is a stub
# (tests/packaging/arduino): built for the host, the sketch runs and sweeps
# the ball through the box; built for a Cortex-M0, it has to link.
arduino_zip() {
    # its own build directory, whatever BUILD the caller's make passes down
    make -C "$ROOT" --no-print-directory BUILD="$OUT/zip" arduino-zip
    rm -rf "$OUT/arduino" && mkdir -p "$OUT/arduino"
    python3 -m zipfile -e "$OUT/zip/arduino/fxcollide-$VERSION.zip" "$OUT/arduino"
    lib=$OUT/arduino/fxcollide
    grep -qx "version=$VERSION" "$lib/library.properties"
    for f in name author maintainer sentence paragraph category architectures; do
        grep -q "^$f=" "$lib/library.properties" || { echo "library.properties lacks $f"; exit 1; }
    done
    test -f "$lib/src/fxcollide.h" && test -f "$lib/examples/BoxAndBall/BoxAndBall.ino"
}
# arduino_build CC CXX TAG EXTRA_FLAGS...
arduino_build() {
    cc=$1; cxx=$2; tag=$3; shift 3
    lib=$OUT/arduino/fxcollide; obj=$OUT/arduino-$tag; mkdir -p "$obj"
    for c in "$lib"/src/*.c; do
        $cc "$@" -Os -Wall -Werror -I"$lib/src" -c "$c" -o "$obj/$(basename "$c").o"
    done
    # libfixmath's caches stay out (they are 112 KB of RAM)
    if nm "$obj/fix16_trig.c.o" | grep -qi cache; then echo "fix16_trig.c built with its caches"; exit 1; fi
    { echo '#include <Arduino.h>'; cat "$lib/examples/BoxAndBall/BoxAndBall.ino"; } > "$obj/sketch.cpp"
    $cxx "$@" -Os -Wall -Werror -I"$lib/src" -I"$ROOT/tests/packaging/arduino" -c "$obj/sketch.cpp" -o "$obj/sketch.o"
    $cxx "$@" -Os -Wall -Werror -I"$ROOT/tests/packaging/arduino" -c "$ROOT/tests/packaging/arduino/main.cpp" -o "$obj/core.o"
}
arduino_host() {
    arduino_build gcc g++ host
    g++ "$OUT"/arduino-host/*.o -o "$OUT/arduino-host/sketch"
    "$OUT/arduino-host/sketch" | tee "$OUT/arduino-host/out.txt"
    # x = -1.5 .. 1.5 in steps of 0.25: a ball of radius 0.25 centred at
    # (x, 0.1, 0) against a box of half extent 0.5. Apart: distance
    # |x| - 0.75; centre inside the box: depth 0.25 plus the centre's
    # nearest face distance, min(0.5 - |x|, 0.5 - 0.1).
    grep -q "^x -1.500: FXC_SEPARATED, distance 0.7500$" "$OUT/arduino-host/out.txt"
    grep -q "^x 0.000: FXC_PENETRATING, depth 0.6500$" "$OUT/arduino-host/out.txt"
    grep -q "^x 0.250: FXC_PENETRATING, depth 0.5000$" "$OUT/arduino-host/out.txt"
    grep -q "^x 0.750: FXC_TOUCHING, distance 0.0000$" "$OUT/arduino-host/out.txt"
}
arduino_m0() {
    arduino_build arm-none-eabi-gcc arm-none-eabi-g++ m0 -mcpu=cortex-m0 -mthumb -ffunction-sections -fdata-sections
    arm-none-eabi-g++ -mcpu=cortex-m0 -mthumb --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections \
        "$OUT"/arduino-m0/*.o -o "$OUT/arduino-m0/sketch.elf"
}

# ---- PlatformIO -------------------------------------------------------------
# library.json read as PlatformIO reads it: its srcDir filtered by srcFilter,
# its includeDir and build flags, and the example built against it for the
# example's Cortex-M0, with libfixmath from the Makefile's source.
platformio_build() {
    python3 - "$ROOT/library.json" > "$OUT/pio.env" <<'EOF'
import json, sys
lib = json.load(open(sys.argv[1]))
b = lib["build"]
assert lib["name"] == "fxcollide" and b["srcFilter"] == ["+<*.c>"], "unexpected srcFilter"
assert "-DFIXMATH_NO_CACHE" in b["flags"], "FIXMATH_NO_CACHE missing"
assert any(d["name"] == "libfixmath" for d in lib["dependencies"]), "libfixmath dependency missing"
for ex in lib["examples"]:
    for f in ex["files"]:
        open(ex["base"] + "/" + f).close()
print("SRC_DIR=" + b["srcDir"]); print("INC_DIR=" + b["includeDir"]); print("FLAGS='" + " ".join(b["flags"]) + "'")
EOF
    cd "$ROOT"; . "$OUT/pio.env"
    grep -q "FIXMATH_NO_CACHE" examples/platformio/platformio.ini
    obj=$OUT/pio; mkdir -p "$obj"
    arm="arm-none-eabi-gcc -mcpu=cortex-m0 -mthumb -Os -ffunction-sections -fdata-sections $FLAGS"
    for c in "$SRC_DIR"/*.c "$FIX/fix16.c" "$FIX/fix16_sqrt.c" "$FIX/fix16_trig.c" examples/platformio/src/main.c; do
        $arm -Wall -Werror -I"$INC_DIR" -I"$FIX" -c "$c" -o "$obj/$(basename "$c").o"
    done
    arm-none-eabi-gcc -mcpu=cortex-m0 -mthumb --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections \
        "$obj"/*.o -o "$obj/firmware.elf"
    arm-none-eabi-size "$obj/firmware.elf"
}

# ---- Zephyr -------------------------------------------------------------------
# module.yml names the files; the Kconfig parses (kconfiglib, as Zephyr's own
# build does) with no warning; each option of fxc_config.h a user may set has
# a CONFIG_FXCOLLIDE_ symbol with the same default, passed on by
# zephyr/CMakeLists.txt; and that CMakeLists.txt, run under stand-ins for
# Zephyr's zephyr_* functions (tests/packaging/zephyr), builds the library.
zephyr_files() {
    cd "$ROOT"
    grep -q "cmake: zephyr$" zephyr/module.yml && grep -q "kconfig: zephyr/Kconfig$" zephyr/module.yml
    test -f zephyr/CMakeLists.txt
    $KPY - <<'EOF'
import re, kconfiglib
k = kconfiglib.Kconfig("zephyr/Kconfig", warn_to_stderr=False)
assert not k.warnings, k.warnings
k.syms["FXCOLLIDE"].set_value(2)  # the options are visible only with the module on
conf = open("include/fxc_config.h").read()
cmake = open("zephyr/CMakeLists.txt").read()
# options a user sets: '#ifndef FXC_X' followed by '#define FXC_X value'
opts = re.findall(r"#ifndef (FXC2?_\w+)\n#define \1 (\d+)\n", conf)
assert len(opts) >= 6, opts
for name, default in opts:
    # FXC_X -> FXCOLLIDE_X; the 2D options FXC2_X -> FXCOLLIDE_2D_X
    sym = k.syms.get("FXCOLLIDE_2D_" + name[5:] if name.startswith("FXC2_") else "FXCOLLIDE_" + name[4:])
    assert sym is not None and sym.nodes, "no Kconfig symbol for " + name
    assert sym.str_value == default, "%s: Kconfig default %s, fxc_config.h %s" % (name, sym.str_value, default)
    assert "%s=${CONFIG_%s}" % (name, sym.name) in cmake, name + " not passed on by zephyr/CMakeLists.txt"
    print(name, "->", "CONFIG_" + sym.name, "default", default)
EOF
}
zephyr_cmake() {
    cmake -S "$ROOT/tests/packaging/zephyr" -B "$OUT/zephyr" -DFXC_MODULE_DIR="$ROOT" \
          -DCONFIG_FXCOLLIDE_LIBFIXMATH_DIR="$FIX"
    cmake --build "$OUT/zephyr" -j 2
    "$OUT/zephyr/app"
}

check version_agrees versions_agree
check headers_standalone headers_standalone
check headers_no_internals no_internals_public
check config_bounds config_bounds
check make_install make_install
check symbols_prefixed symbols_prefixed
check pkgconfig_make_install pkgconfig_consumers "$OUT/stage/lib/pkgconfig" make
check cmake_host_ctest cmake_host_ctest
check pkgconfig_cmake_install pkgconfig_consumers "$OUT/cmake-stage/lib/pkgconfig" cmake
check cmake_consumer_subdir cmake_consumer_subdir
check cmake_own_libfixmath cmake_own_libfixmath
check cmake_consumer_fetchcontent cmake_consumer_fetchcontent
check cmake_consumer_installed cmake_consumer_installed
check cmake_config_file cmake_config_file
check cmake_m3_qemu_ctest cmake_board mps2-an385 cortex-m3
check cmake_m0_qemu_ctest cmake_board microbit cortex-m0
check cmake_board_mismatch cmake_board_mismatch
check arduino_zip arduino_zip
check arduino_sketch_host arduino_host
check arduino_sketch_m0 arduino_m0
check platformio_build platformio_build
check zephyr_files zephyr_files
check zephyr_cmake zephyr_cmake
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
