/* The application sees the Kconfig values the stand-in set, not the
 * defaults of fxc_config.h. */
#include "fxcollide.h"

#if FXC_EPA_MAX_VERTICES != 16 || FXC_HULL_MAX_VERTICES != 48 || FXC_RANGE_BITS != 11 || FXC2_POLYGON_MAX_VERTICES != 12 || \
    FXC_BOX_SAT != 0 || FXC2_POLYGON_SAT != 0
#error "the Kconfig options did not reach the application"
#endif

extern const int fxc_standin_options; /* one external definition: C99 wants a non-empty file */
const int fxc_standin_options = FXC_EPA_MAX_VERTICES;
