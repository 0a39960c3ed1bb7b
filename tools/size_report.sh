#!/bin/sh
# Flash and RAM of the library on Cortex-M0 and M3, split into fxcollide's
# own code (and of it, the manifold's: src/manifold.c and src/feature.c),
# what it pulls in from libfixmath, and libgcc helpers plus the memcpy of
# struct copies (libc), measured on links of tools/size_main.c
# with --gc-sections, one per configuration (FXC_SIZE_CONFIG: what a kind
# of firmware calls, so what it gets). The '2D only' rows call every 2D
# query on every 2D shape, the '2D ... only' rows one 2D query on circles,
# boxes and polygons, and none of them anything of 3D: their name says whether the
# link holds any code of the 3D pipeline (from the map: a section of
# src/{cast,epa,feature,gjk,manifold,query,shape,support}.c; from nm: a
# 3D query, GJK, EPA or support symbol) and how much of the fxcollide
# flash is the 2D files' (src/*2d.c) and how much the helpers they share
# with 3D (vec.c, wide.c, mul.c); "of which manifold" is the 2D
# manifold's file. A 2D query needs no workspace.
#   tools/size_report.sh FIXMATH_DIR OUT_DIR [SMALL_DEFS]
# SMALL_DEFS: the options of the small configuration (Makefile:
# FXC_SMALL_DEFS), for its row.
FIX=$1; OUT=$2; SMALL=${3:--DFXC_EPA_MAX_VERTICES=8}
echo "| configuration | core | opt | fxcollide flash | of which manifold | libfixmath flash | libgcc + memcpy flash | total flash | library RAM (.data+.bss) | workspace (caller-owned) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
# measure CONFIG NAME CPU OPT [DEFS]: one row (DEFS: library options, e.g.
# -DFXC_BOX_SAT=0)
measure() {
    config=$1; name=$2; cpu=$3; opt=$4; defs=$5
    dir=$OUT/c$config-$cpu$opt$(echo "$defs" | tr -c 'A-Za-z0-9\n' '_')
    mkdir -p "$dir"
    for f in src/*.c $FIX/fix16.c $FIX/fix16_sqrt.c $FIX/fix16_trig.c tools/size_main.c; do
        arm-none-eabi-gcc -mcpu=$cpu -mthumb -std=c99 $opt -ffunction-sections -fdata-sections -DFXC_SIZE_CONFIG=$config $defs \
            -Iinclude -I"$FIX" -DFIXMATH_NO_CACHE -c "$f" -o "$dir/$(basename "$f" .c).o" || exit 1
    done
    arm-none-eabi-gcc -mcpu=$cpu -mthumb -nostartfiles -nostdlib -Wl,--gc-sections -Wl,-e,Reset_Handler \
        --specs=nano.specs -Wl,-Map,"$dir/size.map" "$dir"/*.o -lc -lgcc -o "$dir/size.elf" || exit 1
    # Sum the input sections of the map per origin.
    awk -v dir="$dir" '
        function hex(s,   i, c, v) {
            v = 0; s = tolower(s); sub(/^0x/, "", s)
            for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c }
            return v
        }
        /^Linker script and memory map/ { live = 1 }
        live && /^ \.(text|rodata|data|bss)/ {
            name = $1; if (NF == 1) { getline; addr = $1; size = $2; file = $3 } else { size = $3; file = $4 }
            sz = hex(size)
            if (file ~ /size_main\.o/) next
            if (file ~ /fix16/) fix[name ~ /^\.(bss|data)/ ? "ram" : "rom"] += sz
            else if (file ~ /libgcc|libc/) gcc[name ~ /^\.(bss|data)/ ? "ram" : "rom"] += sz
            else if (file ~ dir) {
                lib[name ~ /^\.(bss|data)/ ? "ram" : "rom"] += sz
                if (file ~ /\/(manifold|feature)[^\/]*\.o/ && name !~ /^\.(bss|data)/) man += sz
                if (file ~ /2d\.o/) two += sz
                if (sz > 0 && file ~ /\/(cast|epa|feature|gjk|manifold|query|shape|support)\.o/) {
                    f3 = file; sub(/.*\//, "", f3); three[f3] += sz
                }
            }
        }
        END {
            for (f3 in three) list = list (list == "" ? "" : ",") f3 ":" three[f3]
            printf "%d %d %d %d %d %d %s\n", lib["rom"], man, fix["rom"], gcc["rom"], lib["ram"] + fix["ram"] + gcc["ram"],
                two, list == "" ? "-" : list
        }' \
        "$dir/size.map" > "$dir/size.txt"
    read own man fix lgcc ram two three < "$dir/size.txt"
    printf '#include "fxcollide.h"\nchar fxc_workspace_bytes[sizeof(fxc_workspace)];\n' | \
        arm-none-eabi-gcc -mcpu=$cpu -mthumb $defs -Iinclude -I"$FIX" -x c -c -o "$dir/ws.o" - || exit 1
    ws=$(arm-none-eabi-nm -S "$dir/ws.o" | awk '/fxc_workspace_bytes/ {print $2}')
    ws=$(printf '%d' "0x$ws")
    if [ "$config" -ge 8 ]; then
        ws=none
        syms=$(arm-none-eabi-nm "$dir/size.elf" | \
            awk '$3 ~ /^fxc_(gjk|epa|support|pair_|kind_|body_|collide|distance|intersect|clearance|manifold|raycast|shapecast|shape_)/ {print $3}' | \
            tr '\n' ' ')
        if [ "$three" = "-" ] && [ -z "$syms" ]; then
            name="$name (no 3D code linked; $two in src/*2d.c, $((own - two)) shared helpers)"
        else
            name="$name (LINKS 3D CODE: ${three#-} ${syms})"
        fi
    fi
    echo "| $name | ${cpu#cortex-} | $opt | $own | $man | $fix | $lgcc | $((own + fix + lgcc)) | $ram | $ws |"
}
for cpu in cortex-m0 cortex-m3; do
    for opt in -Os -O2; do
        measure 1 "everything 3D" $cpu $opt
    done
done
for cpu in cortex-m0 cortex-m3; do
    measure 2 "distance: spheres, capsules, boxes" $cpu -Os
    measure 3 "clearance: spheres, capsules, boxes" $cpu -Os
    measure 4 "collide: boxes" $cpu -Os
    measure 4 "collide: boxes, FXC_BOX_SAT 0 (no separating axes: GJK and EPA)" $cpu -Os -DFXC_BOX_SAT=0
    measure 7 "collide and manifold: boxes" $cpu -Os
    measure 4 "collide: boxes, small configuration ($SMALL)" $cpu -Os "$SMALL"
    measure 5 "distance: spheres, capsules" $cpu -Os
    measure 6 "clearance: spheres, capsules" $cpu -Os
done
for cpu in cortex-m0 cortex-m3; do
    for opt in -Os -O2; do
        measure 8 "2D only: every 2D query and shape" $cpu $opt
    done
    measure 8 "2D only, FXC2_POLYGON_SAT 0 (no edge normals: GJK and EPA)" $cpu -Os -DFXC2_POLYGON_SAT=0
    measure 9 "2D intersect only: circles, boxes, polygons" $cpu -Os
    measure 10 "2D collide only: circles, boxes, polygons" $cpu -Os
done
