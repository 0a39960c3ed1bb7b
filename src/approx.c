/* Products of wide integers in 32-bit limbs, and their comparison (see
 * approx.h). */
#include "approx.h"
#include "filter.h"

void fxc_limbs_mul(const uint32_t *a, int na, const uint32_t *b, int nb, uint32_t *out)
{
    int i, j;
    for (i = 0; i < na + nb; i++) out[i] = 0;
    for (i = 0; i < na; i++) {
        uint64_t carry = 0;
        for (j = 0; j < nb; j++) {
            uint64_t t = fxc_umull(a[i], b[j]) + out[i + j] + carry; /* < 2^64 */
            out[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
        out[i + nb] = (uint32_t)carry;
    }
}

int fxc_limbs_cmp(const uint32_t *a, const uint32_t *b, int n)
{
    int k;
    for (k = n - 1; k >= 0; k--)
        if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
    return 0;
}

static int i128_is_zero(const fxc_i128 *v)
{
    return (v->lo | v->hi) == 0;
}

int fxc_product_cmp(const fxc_i128 *x1, const fxc_i128 *y1, const fxc_i128 *x2, const fxc_i128 *y2)
{
    int z1 = i128_is_zero(x1) || i128_is_zero(y1), z2 = i128_is_zero(x2) || i128_is_zero(y2);
    if (z1 || z2) return z2 - z1;
    {
        fxc_approx p = fxc_approx_mul(fxc_approx_i128(x1), fxc_approx_i128(y1));
        fxc_approx q = fxc_approx_mul(fxc_approx_i128(x2), fxc_approx_i128(y2));
        if (fxc_approx_surely_less(p, q)) return -1;
        if (fxc_approx_surely_less(q, p)) return 1;
    }
    return fxc_product_cmp_exact(x1, y1, x2, y2);
}

int fxc_product_cmp_exact(const fxc_i128 *x1, const fxc_i128 *y1, const fxc_i128 *x2, const fxc_i128 *y2)
{
    uint32_t a[3], b[3], l[6], r[6];
    fxc_limbs_of(x1, a);
    fxc_limbs_of(y1, b);
    fxc_limbs_mul(a, 3, b, 3, l);
    fxc_limbs_of(x2, a);
    fxc_limbs_of(y2, b);
    fxc_limbs_mul(a, 3, b, 3, r);
    return fxc_limbs_cmp(l, r, 6);
}
