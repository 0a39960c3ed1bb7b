// fxcollide on an Arduino board: a ball rolls across a box, and every half
// second the sketch prints whether the two touch, how far apart they are, or
// how deep the ball sinks in. Options (capacities) live in the library's
// src/fxc_user_config.h.
#include <fxcollide.h>

static fxc_workspace ws;  // EPA working memory: static, so off the stack
static fxc_shape box, ball;
static fxc_transform at_box;
static fix16_t x = F16(-1.5);

void setup()
{
    Serial.begin(115200);
    fxc_shape_box(&box, fxc_v3(F16(0.5), F16(0.5), F16(0.5)), 0);
    fxc_shape_sphere(&ball, F16(0.25));
    fxc_transform_set(&at_box, NULL, fxc_v3(0, 0, 0));
}

void loop()
{
    fxc_transform at_ball;
    fxc_contact c;
    fxc_transform_set(&at_ball, NULL, fxc_v3(x, F16(0.1), 0));
    int status = fxc_collide(&box, &at_box, &ball, &at_ball, &ws, &c);
    Serial.print("x ");
    Serial.print(fix16_to_float(x), 3);
    Serial.print(": ");
    Serial.print(fxc_status_name(status));
    Serial.print(status == FXC_PENETRATING ? ", depth " : ", distance ");
    Serial.println(fix16_to_float(status == FXC_PENETRATING ? c.depth : c.distance), 4);
    x = x >= F16(1.5) ? F16(-1.5) : x + F16(0.25);
    delay(500);
}
