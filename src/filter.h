/* Filtered exact signs (internal header).
 *
 * An exact sign costs 64-bit products, which the Cortex-M0 lacks (about 19
 * instructions each through src/mul.c). Most signs are far from zero, so
 * each is first evaluated from truncated operands in 32-bit products, with
 * a proven bound on what the truncation can change; only a value within
 * the bound is evaluated exactly. The decision is always the exact one. */
#ifndef FXC_FILTER_H
#define FXC_FILTER_H

#include "fxc_vec.h"

/* Component j of R^T d, from truncated operands: with R' = R >> 2
 * (|R| <= 2^17: |R'| <= 2^15) and d' = d >> 14 (|d| < 2^28: |d'| <= 2^14),
 * A = sum_i R'_ij d'_i fits int32 (below 3 * 2^29). The exact sum is
 * S = sum_i R_ij d_i, and S - 2^16 A = sum of 4 R' rd + 2^14 rR d' + rR rd
 * per term (remainders 0 <= rR < 4, 0 <= rd < 2^14), below 3 * (2^31 +
 * 2^30 + 2^16) < 5 * 2^31 = 2^16 * FXC_TMUL_FILTER in magnitude. */
#define FXC_TMUL_FILTER 163840
static inline int32_t fxc_tmul_approx(const fxc_mat3 *R, int j, fxc_vec3 d)
{
    return (R->m[0][j] >> 2) * (d.x >> 14) + (R->m[1][j] >> 2) * (d.y >> 14) + (R->m[2][j] >> 2) * (d.z >> 14);
}

/* Is component j of R^T d, rounded to Q16.16 as fxc_mat3_tmul_v3 rounds
 * it, at least 0? That is S >= -2^15. A >= FXC_TMUL_FILTER proves
 * S > -2^15 and A < -FXC_TMUL_FILTER proves S < -2^16; in between, S is
 * formed exactly (three 64-bit products). */
static inline int fxc_tmul_ge0(const fxc_mat3 *R, int j, fxc_vec3 d)
{
    int32_t a = fxc_tmul_approx(R, j, d);
    if (a >= FXC_TMUL_FILTER) return 1;
    if (a < -FXC_TMUL_FILTER) return 0;
    return fxc_smull(R->m[0][j], d.x) + fxc_smull(R->m[1][j], d.y) + fxc_smull(R->m[2][j], d.z) >= -0x8000;
}

#endif /* FXC_FILTER_H */
