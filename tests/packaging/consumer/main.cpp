// The C consumer's check (main.c) from C++: every public header must compile
// cleanly as C++ under -Wall -Wextra -Werror and link without name mangling.
#include <cstdio>
#include <cstdlib>
#include "fxcollide.h"

namespace {

bool penetrates_by(const fxc_shape &a, const fxc_transform &ta, const fxc_shape &b, const fxc_transform &tb,
                   fix16_t expected)
{
    static fxc_workspace ws;
    fxc_contact c;
    const int st = fxc_collide(&a, &ta, &b, &tb, &ws, &c);
    const bool ok = st == FXC_PENETRATING && std::abs(c.depth - expected) <= 2 && std::abs(c.normal.x - FXC_ONE) <= 2;
    std::printf("consumer (C++): %s, depth %ld raw: %s\n", fxc_status_name(st), static_cast<long>(c.depth),
                ok ? "ok" : "WRONG");
    return ok;
}

} // namespace

int main()
{
    fxc_shape box, ball;
    fxc_transform at_box, at_ball;
    fxc_shape_box(&box, fxc_v3(F16(0.5), F16(0.5), F16(0.5)), 0);
    fxc_shape_sphere(&ball, F16(0.25));
    fxc_transform_set(&at_box, nullptr, fxc_v3(0, 0, 0));
    fxc_transform_set(&at_ball, nullptr, fxc_v3(F16(0.6), F16(0.1), 0));
    return penetrates_by(box, at_box, ball, at_ball, F16(0.15)) ? 0 : 1;
}
