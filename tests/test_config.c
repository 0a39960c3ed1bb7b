/* An application built with other options than the library.
 *
 * This file is compiled with its own configuration header, named by
 * FXC_CONFIG_FILE as a user would name it, which asks for an 8-vertex EPA
 * workspace where the library was built with FXC_EPA_MAX_VERTICES (32 by
 * default). Its fxc_workspace is therefore smaller than the one the
 * library would write: every query given it must refuse it with
 * FXC_ERR_CONFIG, touch none of its bytes, and still zero its output.
 * (Two translation units that see two layouts of one struct are exactly
 * the mistake under test; the library never reads this workspace.) */
#define FXC_CONFIG_FILE "../tests/config_other.h" /* from include/fxc_config.h */
#include <string.h>
#include "test.h"

/* Every byte of ws still holds the fill pattern. */
static int untouched(const fxc_workspace *ws)
{
    const unsigned char *b = (const unsigned char *)ws;
    size_t i;
    for (i = 0; i < sizeof *ws; i++) {
        if (b[i] != 0xA5) return 0;
    }
    return 1;
}

void test_config_mismatch(void)
{
    fxc_workspace ws; /* 8 vertices: 564 bytes, on the stack (the boards' .bss is full) */
    fxc_shape box;
    fxc_transform ta, tb;
    fxc_contact c;
    fxc_contact_manifold m;
    fxc_cache cache;
    CHECK(FXC_EPA_MAX_VERTICES == 8); /* the configuration file was read */
    CHECK(fxc_shape_box(&box, fxc_v3(FXC_ONE, FXC_ONE, FXC_ONE), 0) == FXC_OK);
    CHECK(fxc_transform_set(&ta, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_transform_set(&tb, NULL, fxc_v3(FXC_ONE, 0, 0)) == FXC_OK); /* penetrating by 1 unit */
    CHECK(fxc_cache_init(&cache) == FXC_OK);
    memset(&ws, 0xA5, sizeof ws);
    memset(&c, 0xA5, sizeof c);
    memset(&m, 0xA5, sizeof m);

    CHECK(fxc_workspace_init(&ws) == FXC_ERR_CONFIG);
    CHECK(fxc_collide(&box, &ta, &box, &tb, &ws, &c) == FXC_ERR_CONFIG);
    CHECK(c.depth == 0 && c.normal.x == 0 && c.point_a.x == 0 && c.support_calls == 0);
    CHECK(fxc_collide_cached(&box, &ta, &box, &tb, &ws, &cache, &c) == FXC_ERR_CONFIG);
    CHECK(fxc_manifold(&box, &ta, &box, &tb, 0, &ws, &m) == FXC_ERR_CONFIG);
    CHECK(m.count == 0 && m.contact.depth == 0);
    CHECK(untouched(&ws));
    /* a NULL workspace is still FXC_ERR_NULL, and queries without one are
     * not affected */
    CHECK(fxc_collide(&box, &ta, &box, &tb, NULL, &c) == FXC_ERR_NULL);
    CHECK(fxc_intersect(&box, &ta, &box, &tb) == FXC_OVERLAPPING);
    CHECK(strcmp(fxc_status_name(FXC_ERR_CONFIG), "FXC_ERR_CONFIG") == 0);
}
