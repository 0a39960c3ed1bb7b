#include "fxcollide.h"

const char *fxc_version(void)
{
    return FXC_VERSION_STRING;
}
