/*
** Umbrella header for Debian's liblua5.4-dev (pkg-config lua5.4).
** Only headers: the system library target cannot compile C files.
*/
#ifndef RIPPLE_CLUA_SHIM_H
#define RIPPLE_CLUA_SHIM_H
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#endif
