/* A user's configuration header (read through FXC_CONFIG_FILE by
 * tests/test_config.c): a smaller EPA polytope than the library's. */
#define FXC_EPA_MAX_VERTICES 8
