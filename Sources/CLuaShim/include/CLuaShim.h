#ifndef RIPPLE_CLUASHIM_H
#define RIPPLE_CLUASHIM_H
#include <lua.h>
#endif
