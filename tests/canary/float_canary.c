/* Deliberately uses float, double and malloc: tools/check_nofloat.sh must
 * flag this object, which proves the check can fail. Never linked. */
#include <stdlib.h>
float fxc_canary_float(float a, int b);
double fxc_canary_double(double a, int b);
void *fxc_canary_heap(unsigned n);
float fxc_canary_float(float a, int b) { return a * (float)b + 0.5f; }
double fxc_canary_double(double a, int b) { return a / (double)b; }
void *fxc_canary_heap(unsigned n) { return malloc(n); }
