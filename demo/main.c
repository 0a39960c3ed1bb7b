/* Placeholder demo: prints the library version and a few vector results
 * until the collision queries exist. */
#include "port.h"
#include "fxcollide.h"

static void print_fix(const char *label, fix16_t v)
{
    port_printf("  %-28s %d raw = %.5f\n", label, (int)v, (double)v / 65536.0);
}

int main(void)
{
    fxc_vec3 a = fxc_v3(3 * FXC_ONE, 4 * FXC_ONE, 0), b = fxc_v3(0, 0, 2 * FXC_ONE), n;
    fxc_mat3 rot;
    uint32_t t0, t1;
    port_init();
    port_printf("fxcollide %s demo on %s\n", fxc_version(), port_name());
    print_fix("|(3,4,0)|", fxc_v3_length(a));
    print_fix("(3,4,0) . (0,0,2)", fxc_v3_dot(a, b));
    print_fix("((3,4,0) x (0,0,2)).x", fxc_v3_cross(a, b).x);
    t0 = port_counter();
    fxc_v3_normalize(a, &n);
    t1 = port_counter();
    print_fix("normalize((3,4,0)).x", n.x);
    port_printf("  normalize took %u %s\n", (unsigned)(t1 - t0), port_counter_unit());
    fxc_mat3_from_axis_angle(b, fix16_pi / 2, &rot);
    print_fix("rot_z(90 deg) * (3,4,0): x", fxc_mat3_mul_v3(&rot, a).x);
    return 0;
}
