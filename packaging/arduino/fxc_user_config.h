/* fxcollide's options for an Arduino sketch (the Arduino IDE has no build
 * flags). include/fxc_config.h reads this file first, in the library and in
 * the sketch alike, so both see the same values. Uncomment and change what
 * you need; fxc_config.h says what each option does. */
#ifndef FXC_USER_CONFIG_H
#define FXC_USER_CONFIG_H

/* #define FXC_EPA_MAX_VERTICES 32 */
/* #define FXC_HULL_MAX_VERTICES 64 */
/* #define FXC_GJK_MAX_ITERATIONS 64 */

#endif
