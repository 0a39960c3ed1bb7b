#!/bin/sh
# Worst-case stack of every public function on Cortex-M0 and M3 (-O2, as
# the boards build the library), from gcc's call-graph and stack-usage
# output; fails when a frame or a public call chain exceeds its limit, so a
# stack regression fails CI. Limits (bytes) are stated here:
FRAME_LIMIT=768
# 2304 until #16: the pair's box-corner cache (96 bytes a body) and the
# cached queries' extra call level took fxc_collide on the M0 past it (the
# report below prints the current figures). 2560 until #19: fxc_shapecast
# answers an overlap at the start through fxc_collide, its frame (the
# contact it receives, 128 bytes on the M0) above fxc_collide's path.
# Indirect calls are charged their deepest declared target (INDIRECT in
# tools/stack_report.py) since fxc_raycast's start inside a shape was found
# 48 bytes over it behind GJK's kind->gjk pointer, then charged 32 bytes:
# fxc_distance is now called once the cast's own frames are gone.
STACK_LIMIT=2624
#   tools/stack_check.sh FIXMATH_DIR OUT_DIR
FIX=$1; OUT=$2
status=0; ok=0; bad=0
for cpu in cortex-m0 cortex-m3; do
    dir=$OUT/$cpu
    mkdir -p "$dir"
    for f in src/*.c $FIX/fix16.c $FIX/fix16_sqrt.c $FIX/fix16_trig.c; do
        arm-none-eabi-gcc -mcpu=$cpu -mthumb -std=c99 -O2 -Iinclude -I"$FIX" -DFIXMATH_NO_CACHE \
            -fstack-usage -fcallgraph-info=su -c "$f" -o "$dir/$(basename "$f" .c).o" \
            -dumpbase-ext .c -dumpdir "$dir/" || exit 1
    done
    echo "### ${cpu#cortex-}"
    python3 tools/stack_report.py --name "${cpu#cortex-}" --frame-limit $FRAME_LIMIT --stack-limit $STACK_LIMIT \
        "$dir"/*.ci > "$dir/report.md" && ok=$((ok + 1)) || { status=1; bad=$((bad + 1)); }
    grep -E "^\| (fxc_collide|fxc_distance|fxc_intersect|fxc_shapecast_cfg|fxc_shapecast_motion_cfg|fxc_raycast|fxc_shape_hull|fxc_mat3_from_axis_angle|fxc2_collide|fxc2_collide_manifold|fxc2_raycast) |^\|---|^\| .* function" \
        "$dir/report.md"
    grep -v "^|" "$dir/report.md" | grep -v "passed, "
done
echo "$ok passed, $bad failed"
exit $status
