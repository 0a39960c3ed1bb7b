/* A box of half extent 0.5 at the origin and a ball of radius 0.25 centred
 * at x = 0.6: the ball reaches 0.15 into the box's +x face, so the depth is
 * 0.15 along +x (the analytic answer, within 2 LSB of fxc_collide's). */
#include <stdio.h>
#include <stdlib.h>
#include "fxcollide.h"

int main(void)
{
    static fxc_workspace ws;
    fxc_shape box, ball;
    fxc_transform at_box, at_ball;
    fxc_contact c;
    int st, ok;
    fxc_shape_box(&box, fxc_v3(F16(0.5), F16(0.5), F16(0.5)), 0);
    fxc_shape_sphere(&ball, F16(0.25));
    fxc_transform_set(&at_box, NULL, fxc_v3(0, 0, 0));
    fxc_transform_set(&at_ball, NULL, fxc_v3(F16(0.6), F16(0.1), 0));
    st = fxc_collide(&box, &at_box, &ball, &at_ball, &ws, &c);
    ok = st == FXC_PENETRATING && abs(c.depth - F16(0.15)) <= 2 && abs(c.normal.x - FXC_ONE) <= 2;
    printf("consumer (C): %s, depth %ld raw: %s\n", fxc_status_name(st), (long)c.depth, ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
}
