/*
** Limits.h (private to CLuaShim)
** Whether the innermost running code is Lua or C under a lua_pcall
** (1), or Swift (0). The memory limiter refuses an allocation only in
** the first case, so that the memory error never longjmps across a
** Swift frame; allocations made while Swift runs are granted and the
** next allocation made by Lua fails.
*/

#ifndef simlua_limits_h
#define simlua_limits_h

extern _Thread_local int simlua_luaonly;

/* Runs `call` (an expression) with simlua_luaonly cleared. */
#define SIMLUA_SWIFT(var, call) do { int saved_ = simlua_luaonly; \
  simlua_luaonly = 0; var = (call); simlua_luaonly = saved_; } while (0)

#endif
