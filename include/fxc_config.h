/* fxcollide compile-time configuration.
 *
 * Every capacity here is a hard bound: the library never uses more memory or
 * more iterations than these numbers say. Override any of them with -D on the
 * compiler command line, or in a header of your own named by
 * FXC_CONFIG_FILE (-DFXC_CONFIG_FILE='"my_fxc_config.h"'), which is
 * included first; the Arduino build, which has no build flags, reads
 * fxc_user_config.h when it exists. The library and every translation unit
 * that includes fxcollide.h must see the same values: a query given a
 * workspace from code built with other values returns FXC_ERR_CONFIG
 * (FXC_CONFIG_ID below) instead of overrunning it.
 */
#ifndef FXC_CONFIG_H
#define FXC_CONFIG_H

#include <limits.h>
#include <stdint.h>

#if defined(FXC_CONFIG_FILE)
#include FXC_CONFIG_FILE
#elif defined(__has_include)
#if __has_include("fxc_user_config.h")
#include "fxc_user_config.h"
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Supported range: every point of both shapes of a query must lie within
 * 2^FXC_RANGE_BITS units (default 2^12 = 4096.0) of the pair's centre (the
 * midpoint of the two positions), per coordinate (queries compute
 * everything relative to it), and within
 * +-32767 units of the world origin (FXC_WORLD_LIMIT, so that world
 * results fit Q16.16).
 *
 * Why 12: points within 2^12 units are raw Q16.16 integers below 2^28.
 * Differences of two world points (Minkowski points) stay below 2^29, edge
 * vectors of the Minkowski difference below 2^30, so that every product of
 * two of them is below 2^60 and a 3-term dot or cross product below 2^62:
 * exact in int64 with a spare bit. Larger ranges are not supported. */
#ifndef FXC_RANGE_BITS
#define FXC_RANGE_BITS 12
#endif

/* Largest vertex count of a convex hull shape: 1..128 (feature ids name
 * a vertex in 7 bits). */
#ifndef FXC_HULL_MAX_VERTICES
#define FXC_HULL_MAX_VERTICES 64
#endif

/* Hard cap on GJK iterations (one support call each). Polytope pairs
 * converge in a handful; curved pairs refine until the gap is below 1 LSB,
 * and GJK converges only linearly on them: near a large curved surface the
 * bracket shrinks by about half per iteration. The test
 * gjk_large_ellipsoids (ellipsoid/sphere pairs, radii 0.01-2000 units,
 * gaps 10 LSB-1000 units) prints the mean and the most iterations its
 * pairs needed, against this cap. */
#ifndef FXC_GJK_MAX_ITERATIONS
#define FXC_GJK_MAX_ITERATIONS 64
#endif

/* Touching band, in raw LSB (2^-16 units): shapes whose distance or depth is
 * at most this much are reported as FXC_TOUCHING. */
#ifndef FXC_TOUCH_TOL
#define FXC_TOUCH_TOL 1
#endif

/* EPA polytope capacity, 8..128. Each EPA iteration but the last adds one vertex
 * to the start tetrahedron, so this also caps the iterations at
 * FXC_EPA_MAX_ITERATIONS. The workspace takes 24 bytes a vertex and 28
 * bytes a face (2V - 4 faces): sizeof(fxc_workspace), which the size
 * table of make size (recorded in bench/results.md by make bench) lists
 * for the default. */
#ifndef FXC_EPA_MAX_VERTICES
#define FXC_EPA_MAX_VERTICES 32
#endif
#define FXC_EPA_MAX_ITERATIONS (FXC_EPA_MAX_VERTICES - 3)

/* Most support calls one query can make (each call evaluates both shapes'
 * support functions): GJK's iterations, up to 8 to prove a touching contact
 * (fxc_distance: two per face of the final tetrahedron), up to 6 to grow
 * GJK's simplex into EPA's start tetrahedron, and one per EPA iteration. */
#define FXC_MAX_SUPPORT_CALLS (FXC_GJK_MAX_ITERATIONS + 8 + 6 + FXC_EPA_MAX_ITERATIONS)

/* EPA stops when the new support point is at most this far (raw LSB)
 * beyond the closest face: polytope pairs stop exactly on their boundary. */
#ifndef FXC_EPA_TOL
#define FXC_EPA_TOL 2
#endif

/* 1: fxc_collide (and so fxc_manifold) answers two boxes overlapping by
 * at least 4 LSB from their 15 separating axes, chosen exactly
 * (src/sat.c), unless an edge of one lies exactly along a face of the
 * other (resting, aligned boxes); GJK and EPA answer the rest. 0: GJK and
 * EPA answer every pair, and the axes' code is not called (not linked
 * with --gc-sections; the benchmark's "forced through GJK+EPA" row). */
#ifndef FXC_BOX_SAT
#define FXC_BOX_SAT 1
#endif

/* 2D: 1 (default): fxc2_collide and fxc2_collide_manifold answer two boxes
 * or polygons whose cores overlap through their edges' normals (src/
 * sat2d.c: separating axes, the deepest chosen exactly), in place of GJK
 * and EPA; points, segments and cores apart still take GJK (and EPA).
 * fxc2_intersect asks two boxes' edge normals before GJK. 0: GJK and EPA
 * answer every pair. */
#ifndef FXC2_POLYGON_SAT
#define FXC2_POLYGON_SAT 1
#endif

/* Cap on the steps of a cast (fxc_shapecast, fxc_raycast): each step is
 * one GJK run. A head-on approach takes two or three; a motion that slides
 * past a curved surface nearly tangent to it takes the most (the tests
 * cast_ray_random and cast_shape_random print the mean and the most their
 * cases took; cast_ray_rules slides a ray past a sphere of radius 2000 units,
 * 17 LSB above it, within the cap). */
#ifndef FXC_CAST_MAX_ITERATIONS
#define FXC_CAST_MAX_ITERATIONS 32
#endif

/* 2D: largest vertex count of a convex polygon shape (fxcollide2d.h). A
 * 2D query keeps both cores in world space on its stack (8 bytes a
 * vertex) and EPA's polygon (16 bytes a point, 2 * this + 4 points), so
 * the stack of fxc2_collide grows by about 48 bytes per vertex. Feature
 * ids number vertices in 5 bits. */
#ifndef FXC2_POLYGON_MAX_VERTICES
#define FXC2_POLYGON_MAX_VERTICES 16
#endif

/* Checks of "cannot happen" paths: each fallback that keeps an answer
 * defined after an impossible case (a degenerate region test, an EPA face
 * nobody passes, a broken horizon) states FXC_ASSERT(0) or its condition.
 * Off by default: the fallback then runs silently. Define FXC_ASSERT_HOOK
 * to call fxc_assert_failed (yours to provide) instead, as the host tests
 * and the fuzzer do, so that reaching one fails the run; or define
 * FXC_ASSERT(cond) yourself. Never changes a result. */
#ifndef FXC_ASSERT
#ifdef FXC_ASSERT_HOOK
void fxc_assert_failed(const char *file, int line);
#define FXC_ASSERT(cond) ((cond) ? (void)0 : fxc_assert_failed(__FILE__, __LINE__))
#else
#define FXC_ASSERT(cond) ((void)0)
#endif
#endif

/* Widening 32 x 32 -> 64-bit multiplies (fxc_smull, fxc_umull in
 * src/exact.h): 1 uses the library's own routines (src/mul.c), 0 the
 * compiler's multiply. The results are the same bits either way. The
 * default is 1 on ARMv6-M (Cortex-M0/M0+), which has no long multiply: gcc
 * would call its 64 x 64 routine there (about 45 instructions a product,
 * against 19 for src/mul.c's). */
#ifndef FXC_SOFT_MULTIPLY
#if defined(__ARM_ARCH_6M__)
#define FXC_SOFT_MULTIPLY 1
#else
#define FXC_SOFT_MULTIPLY 0
#endif
#endif

/* Options beyond what the code is built for stop the build here instead of
 * giving wrong answers: a range past 2^12 units overflows the exact int64
 * products; EPA's faces index their vertices and neighbours in uint8_t
 * (2V - 4 faces); a manifold's feature id names a hull vertex in 7 bits;
 * counts and statuses are int, which must hold 32 bits. */
#if FXC_RANGE_BITS < 1 || FXC_RANGE_BITS > 12
#error "fxcollide: FXC_RANGE_BITS must be 1..12"
#endif
#if FXC_EPA_MAX_VERTICES < 8 || FXC_EPA_MAX_VERTICES > 128
#error "fxcollide: FXC_EPA_MAX_VERTICES must be 8..128"
#endif
#if FXC_HULL_MAX_VERTICES < 1 || FXC_HULL_MAX_VERTICES > 128
#error "fxcollide: FXC_HULL_MAX_VERTICES must be 1..128 (a feature id names a vertex in 7 bits)"
#endif
#if FXC2_POLYGON_MAX_VERTICES < 4 || FXC2_POLYGON_MAX_VERTICES > 32
#error "fxcollide: FXC2_POLYGON_MAX_VERTICES must be 4..32"
#endif
#if FXC_BOX_SAT != 0 && FXC_BOX_SAT != 1
#error "fxcollide: FXC_BOX_SAT must be 0 or 1"
#endif
#if FXC2_POLYGON_SAT != 0 && FXC2_POLYGON_SAT != 1
#error "fxcollide: FXC2_POLYGON_SAT must be 0 or 1"
#endif
#if defined(INT_MAX) && INT_MAX < 2147483647
#error "fxcollide: needs a 32-bit int (a 32-bit core)"
#endif

/* One word naming the options above that change results or the layout of
 * caller-owned memory: every workspace-taking query is passed the caller's
 * value (by the inline wrappers of fxcollide.h) and refuses a workspace
 * from code built with another one (FXC_ERR_CONFIG). Each option is
 * multiplied by its own odd constant, a bijection modulo 2^32, so changing
 * any one option always changes the word. */
#define FXC_CONFIG_ID ((uint32_t)FXC_RANGE_BITS * 0x9E3779B1u + (uint32_t)FXC_EPA_MAX_VERTICES * 0x85EBCA77u + \
                       (uint32_t)FXC_HULL_MAX_VERTICES * 0xC2B2AE3Du + (uint32_t)FXC_GJK_MAX_ITERATIONS * 0x27D4EB2Fu + \
                       (uint32_t)FXC_TOUCH_TOL * 0x165667B1u + (uint32_t)FXC_EPA_TOL * 0x2545F491u + \
                       (uint32_t)FXC_CAST_MAX_ITERATIONS * 0x9E3779B9u)

#ifdef __cplusplus
}
#endif

#endif /* FXC_CONFIG_H */
