/* Supporting features (internal header): the part of a core that touches
 * a plane across a direction, as the manifold clips it.
 *
 * A core's supporting feature along a fitted direction n is the convex
 * polygon of its candidate points whose height along n lies within a band
 * of the highest: one point (a vertex, a sphere's centre), two (an edge, a
 * capsule's axis lying flat, a cylinder's side) or more (a face, a
 * cylinder's cap as an octagon of rim points). The band lets a face that
 * is tilted by a little still count as a face, so a resting box keeps its
 * four points and their ids; every point's separation is then measured
 * exactly along the normal, so a point the band took in but that lies
 * above the contact is dropped by its separation, not kept by the band.
 * A band that takes in a core's far side keeps the near side: a corner
 * hidden under a nearer one seen along n is left out, and an outline
 * whose corners miss the highest point (the far side sticking out from
 * under the near one, or two faces meeting at a ridge) gives way to the
 * band without the extra width. */
#ifndef FXC_FEATURE_H
#define FXC_FEATURE_H

#include "pair.h"

/* Most points of a supporting feature: a box face has 4, a cylinder cap
 * 8; a hull face with more vertices keeps this many of them, spread
 * evenly around it (a convex polygon inscribed in the face). */
#define FXC_FEATURE_MAX 12

typedef struct {
    fxc_vec3 p[FXC_FEATURE_MAX]; /* core points, pair frame, counter-clockwise seen from +n */
    uint8_t id[FXC_FEATURE_MAX]; /* each point's number among its core's candidates
                                  * (box corner, hull vertex, rim sample): stable
                                  * from query to query */
    int n;                       /* 1..FXC_FEATURE_MAX */
} fxc_feature;

/* The supporting feature of body b along the fitted direction n (28 bits,
 * nonzero), or along -n when `against` is set (B's side of a contact);
 * either way its points run counter-clockwise seen from +n. `extra` (raw,
 * below 2^29) widens the band: a face tilted by up to that much across
 * its extent is still a face (the manifold's speculative distance). Candidates
 * (< 2^28 raw each) are the core's vertices; a cylinder's and a cone's
 * caps are octagons of rim points; a point or callback core gives one
 * point (the manifold then takes fxc_collide's witness points). */
void fxc_support_feature(fxc_body *b, fxc_vec3 n, int against, uint32_t extra, fxc_feature *f);

/* A feature's own normal, fitted to 28 bits into *f: a polygon's, the sum
 * of its fan's cross products (its side is its points' order: +n's for a
 * feature counter-clockwise seen from +n, as fxc_support_feature gives
 * them; n is not read); an edge's, its perpendicular nearest n (on n's
 * side). Returns 0 when the fit finds nothing (no area; an edge along n;
 * a single point). */
int fxc_feature_normal(const fxc_feature *ft, fxc_vec3 n, fxc_vec3 *f);

#endif /* FXC_FEATURE_H */
