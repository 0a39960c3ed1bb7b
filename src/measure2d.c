/* Rounded measures of exact 2D features, shared by the queries, EPA, the
 * manifold and the ray cast: an exact direction's unit vector, a height
 * over its length, an offset along it, and a point a rational fraction of
 * the way along a segment. Multiplications by a reciprocal square root
 * (fxc_rsqrt: table seed and Newton steps, relative 2^-28) and one
 * division for a fraction; no other division. */
#include "geom2d.h"
#include "fxc_bits.h"
#include "wide.h"

void fxc2_dir_set(fxc2_dir *n, fxc2_vec d)
{
    /* d scaled (exactly) so its larger magnitude has 30 bits: |f| < 2^30.5,
     * f . f < 2^61. */
    n->sh = 30 - fxc_bitlen32(fxc_abs_u32(d.x) | fxc_abs_u32(d.y));
    n->f = fxc2_v(d.x * (1 << n->sh), d.y * (1 << n->sh));
    fxc_rsqrt((uint64_t)fxc2_dot(n->f, n->f), &n->t, &n->e);
}

fxc2_vec fxc2_dir_unit(const fxc2_dir *n)
{
    /* f * 2^16 < 2^46: each component within 0.5 + 2^-11 LSB */
    return fxc2_v((fix16_t)fxc_mul_rsqrt((int64_t)n->f.x * 65536, n->t, n->e),
                  (fix16_t)fxc_mul_rsqrt((int64_t)n->f.y * 65536, n->t, n->e));
}

fix16_t fxc2_dir_height(const fxc2_dir *n, int64_t h)
{
    /* h / |d| = h * 2^sh / |f| */
    return (fix16_t)fxc_mul_rsqrt(h, n->t, n->e - n->sh);
}

fxc2_vec fxc2_dir_offset(const fxc2_dir *n, fxc2_vec v, int32_t r)
{
    /* r * f_i < 2^60: within 0.5 LSB + |r| * 2^-27 of the exact offset */
    if (r == 0) return v;
    return fxc2_v(v.x + (int32_t)fxc_mul_rsqrt(fxc_smull(r, n->f.x), n->t, n->e),
                  v.y + (int32_t)fxc_mul_rsqrt(fxc_smull(r, n->f.y), n->t, n->e));
}

/* floor(n 2^31 / d) for n < d < 2^31, one bit at a time: on a core with
 * no long multiply (FXC_SOFT_MULTIPLY: ARMv6-M, no divide either) libgcc's
 * 64-bit division costs about 460 instructions, this about 190. The
 * remainder stays below d, so doubled it fits 32 bits. */
static uint32_t fraction31(uint32_t n, uint32_t d)
{
    uint32_t q = 0;
    int i;
    for (i = 0; i < 31; i++) {
        n <<= 1;
        q <<= 1;
        if (n >= d) {
            n -= d;
            q |= 1u;
        }
    }
    return q;
}

uint32_t fxc2_ratio31(uint64_t num, uint64_t den)
{
    int sh = fxc_bitlen64(den) - 31;
    if (den == 0) return 0;
    if (sh > 0) {
        num >>= sh;
        den >>= sh;
    }
    if (!FXC_SOFT_MULTIPLY) return fxc_udiv64_32(num << 31, (uint32_t)den); /* num / 2 < den */
    return num >= den ? UINT32_C(1) << 31 : fraction31((uint32_t)num, (uint32_t)den);
}

fxc2_vec fxc2_lerp31(fxc2_vec a, fxc2_vec b, uint32_t t)
{
    int32_t dx = b.x - a.x, dy = b.y - a.y;
    uint32_t mx = (uint32_t)((fxc_umull(t, fxc_abs_u32(dx)) + (UINT64_C(1) << 30)) >> 31);
    uint32_t my = (uint32_t)((fxc_umull(t, fxc_abs_u32(dy)) + (UINT64_C(1) << 30)) >> 31);
    return fxc2_v(a.x + (dx < 0 ? -(int32_t)mx : (int32_t)mx), a.y + (dy < 0 ? -(int32_t)my : (int32_t)my));
}

fxc2_vec fxc2_lerp_ratio(fxc2_vec a, fxc2_vec b, uint64_t num, uint64_t den)
{
    return fxc2_lerp31(a, b, fxc2_ratio31(num, den));
}
