/* fxcollide from a PlatformIO project: the penetration of a ball into a box,
 * computed once at start-up; `status` and `depth` are left for a debugger
 * (or the firmware's own console) to read. */
#include "fxcollide.h"

static fxc_workspace ws; /* EPA working memory: static, so off the stack */
volatile int status;
volatile fix16_t depth;

int main(void)
{
    fxc_shape box, ball;
    fxc_transform at_box, at_ball;
    fxc_contact contact;
    fxc_shape_box(&box, fxc_v3(F16(0.5), F16(0.5), F16(0.5)), 0);
    fxc_shape_sphere(&ball, F16(0.25));
    fxc_transform_set(&at_box, NULL, fxc_v3(0, 0, 0));
    fxc_transform_set(&at_ball, NULL, fxc_v3(F16(0.6), F16(0.1), 0));
    status = fxc_collide(&box, &at_box, &ball, &at_ball, &ws, &contact);
    depth = contact.depth;
    for (;;) {
    }
}
