/* Widening 32 x 32 -> 64-bit multiplies for cores without a long multiply
 * (see fxc_smull in include/fxc_vec.h). Each operand is split into 16-bit
 * halves, so the four partial products fit the 32-bit MULS of the
 * Cortex-M0; the middle ones are added half by half so that no carry out
 * of 32 bits is lost. */
#include "fxc_vec.h"

int64_t fxc_smull_soft(int32_t a, int32_t b)
{
    /* a = ah * 2^16 + al with al in [0, 2^16): ah * bh within 2^30 in
     * magnitude, al * bl < 2^32, the middle products within 2^31. */
    uint32_t al = (uint32_t)a & 0xFFFFu, bl = (uint32_t)b & 0xFFFFu;
    int32_t ah = a >> 16, bh = b >> 16;
    uint32_t lo = al * bl;
    int32_t m1 = (int32_t)al * bh, m2 = ah * (int32_t)bl;
    uint32_t mid_lo = ((uint32_t)m1 & 0xFFFFu) + ((uint32_t)m2 & 0xFFFFu); /* < 2^17 */
    uint32_t rlo = lo + (mid_lo << 16);
    uint32_t rhi = (uint32_t)(ah * bh) + (uint32_t)((m1 >> 16) + (m2 >> 16)) + (mid_lo >> 16) + (rlo < lo);
    return (int64_t)(((uint64_t)rhi << 32) | rlo);
}

uint64_t fxc_umull_soft(uint32_t a, uint32_t b)
{
    uint32_t al = a & 0xFFFFu, ah = a >> 16, bl = b & 0xFFFFu, bh = b >> 16;
    uint32_t lo = al * bl, m1 = al * bh, m2 = ah * bl;
    uint32_t mid_lo = (m1 & 0xFFFFu) + (m2 & 0xFFFFu); /* < 2^17 */
    uint32_t rlo = lo + (mid_lo << 16);
    uint32_t rhi = ah * bh + (m1 >> 16) + (m2 >> 16) + (mid_lo >> 16) + (rlo < lo);
    return ((uint64_t)rhi << 32) | rlo;
}
