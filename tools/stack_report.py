#!/usr/bin/env python3
"""Worst-case stack per public function from gcc's -fcallgraph-info=su.

The library has no recursion and no dynamic stack (VLA/alloca), so the worst
case is the deepest path of static frames through the call graph. Calls to
functions without a node (libgcc helpers such as __aeabi_lmul) are charged
LIBCALL_BYTES each. An indirect call (through a shape kind's table, GJK's
result) is charged its deepest declared target (INDIRECT below); a function
making an undeclared one fails the check, so a new indirect call must be
declared here. A user's support callback runs on the caller's stack with
whatever it needs itself (its call is charged LIBCALL_BYTES). Fails (exit 1) on recursion, on a dynamic frame, on a
frame larger than --frame-limit, or on a public function whose worst case
exceeds --stack-limit.

usage: stack_report.py [--frame-limit N] [--stack-limit N] [--name NAME] file.ci...
"""
import re
import sys

LIBCALL_BYTES = 32  # libgcc arithmetic helpers push at most a few registers
SUPPORTS = ["fxc_support_point", "fxc_support_segment", "fxc_support_triangle", "fxc_support_box",
            "fxc_support_cylinder", "fxc_support_cone", "fxc_support_hull", "fxc_support_custom",
            "src/hull.c:support_climb"]
PREPARES = ["fxc_prepare_box", "fxc_prepare_segment", "fxc_prepare_custom"]
MOVES = ["fxc_move_box", "fxc_move_segment"]
RULES = ["src/shape.c:point_rules", "src/shape.c:segment_rules", "src/shape.c:triangle_rules",
         "src/shape.c:box_rules", "src/shape.c:round_rules", "fxc_hull_rules", "src/shape.c:custom_rules",
         "src/hull.c:graph_rules"]
VERTICES = ["fxc_vertex_point", "fxc_vertex_segment", "fxc_vertex_triangle", "fxc_vertex_box",
            "fxc_vertex_hull"]
# The functions that call through a pointer, and what the pointer may hold
# (src/kind.h's tables: src/shape.c, src/hull.c; GJK's result: src/gjk.c).
INDIRECT = {
    "src/query.c:run_gjk": ["fxc_gjk", "fxc_gjk_closed"],
    "fxc_pair_support": SUPPORTS,
    # the turning cast's support of B along the turn's direction (wherever
    # gcc leaves the call: turn_now, or inlined into its callers)
    "src/motion.c:turn_now": SUPPORTS,
    "src/motion.c:step_speed": SUPPORTS,
    "src/motion.c:advance": SUPPORTS,
    "fxc_pair_init": PREPARES,
    "fxc_pair_move": PREPARES + MOVES,
    "fxc_shape_check": RULES,
    "fxc_warm_overlap": VERTICES,
    "src/gjk.c:gjk_run": ["fxc_pair_check_known"],
    "fxc_epa": ["fxc_pair_check_known"],
    "fxc_result_points": ["src/gjk.c:simplex_weights", "src/gjk.c:known_weights"],
    "src/support.c:callback_support": [],  # the user's callback
}

# Naked assembly functions, which gcc reports as 0-byte frames, with the
# bytes they push (src/mul.c on ARMv6-M: push {r4, lr}; the fused pair
# push {r4-r7, lr}).
NAKED_BYTES = {"fxc_smull_soft": 8, "fxc_umull_soft": 8, "fxc_dot2_soft": 20, "fxc_dot3_soft": 20}


def parse(files):
    nodes, edges = {}, {}
    for path in files:
        text = open(path).read()
        for m in re.finditer(r'node: \{ title: "([^"]+)" label: "[^"]*\\n[^"]*\\n(\d+) bytes \((\w+)\)', text):
            size = int(m.group(2))
            nodes[m.group(1)] = (max(size, NAKED_BYTES.get(m.group(1), 0)), m.group(3))
        for m in re.finditer(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"', text):
            edges.setdefault(m.group(1), set()).add(m.group(2))
    return nodes, edges


def worst(name, nodes, edges, memo, path):
    if name in memo:
        return memo[name]
    if name in path:
        raise SystemExit("stack: recursion through " + " -> ".join(path + [name]))
    own = nodes[name][0] if name in nodes else LIBCALL_BYTES
    deepest, via = 0, []
    for callee in sorted(edges.get(name, ())):
        if callee == "__indirect_call":
            if name not in INDIRECT:
                raise SystemExit("stack: %s calls through a pointer; declare its targets in INDIRECT" % name)
            d, chain = LIBCALL_BYTES, [callee]
            for target in INDIRECT[name]:
                if target in nodes:
                    td, tchain = worst(target, nodes, edges, memo, path + [name])
                    if td > d:
                        d, chain = td, ["(indirect) " + tchain[0]] + tchain[1:]
        else:
            d, chain = worst(callee, nodes, edges, memo, path + [name])
        if d > deepest:
            deepest, via = d, chain
    memo[name] = (own + deepest, [name] + via)
    return memo[name]


def main(argv):
    frame_limit, stack_limit, label, files = 512, 1024, "", []
    i = 0
    while i < len(argv):
        if argv[i] == "--frame-limit":
            frame_limit = int(argv[i + 1]); i += 2
        elif argv[i] == "--stack-limit":
            stack_limit = int(argv[i + 1]); i += 2
        elif argv[i] == "--name":
            label = argv[i + 1]; i += 2
        else:
            files.append(argv[i]); i += 1
    nodes, edges = parse(files)
    memo, failed, passed = {}, 0, 0
    print("| %s function | own frame | worst case (bytes) | deepest path |" % label)
    print("|---|---|---|---|")
    public = sorted(n for n in nodes if n.startswith(("fxc_", "fxc2_")))
    for name in public:
        total, chain = worst(name, nodes, edges, memo, [])
        print("| %s | %d | %d | %s |" % (name, nodes[name][0], total, " > ".join(chain)))
    for name, (size, kind) in sorted(nodes.items()):
        if kind != "static" and kind != "bounded":
            print("stack: %s has a %s frame" % (name, kind)); failed += 1
        if size > frame_limit:
            print("stack: %s frame %d bytes > limit %d" % (name, size, frame_limit)); failed += 1
    for name in public:
        if memo[name][0] > stack_limit:
            print("stack: %s worst case %d bytes > limit %d" % (name, memo[name][0], stack_limit)); failed += 1
    passed = len(public) + len(nodes) - failed
    print("stack: %d functions, largest frame %d bytes (limit %d), deepest public call %d bytes (limit %d)" % (
        len(nodes), max(s for s, _ in nodes.values()), frame_limit,
        max(memo[n][0] for n in public), stack_limit))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
