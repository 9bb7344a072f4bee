/*
** Protected.c
** Operations that may raise (or run metamethods, which may raise) done
** under lua_pcall. Each simlua_* entry point is safe to call from Swift:
** it returns a lua_pcall status and leaves either its result or the
** error object on the stack.
*/

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include <lualib.h>

#include "CLuaShim.h"
#include "Limits.h"


/*
** Makes sure there is room for `n` more slots. The API does not check,
** and these helpers are called from Swift, so raising is not an option:
** without room the process aborts.
*/
static void needstack (lua_State *L, int n) {
  if (!lua_checkstack(L, n)) {
    fputs("ripple: Lua stack overflow in a bridge helper\n", stderr);
    fflush(stderr);
    abort();
  }
}


/*
** Opens the standard libraries (body of simlua_openlibs).
*/
static int openlibs (lua_State *L) {
  luaL_openlibs(L);
  /* coroutine.yield with file:line in its errors (see simlua_yield) */
  if (lua_getglobal(L, "coroutine") == LUA_TTABLE) {
    lua_pushcfunction(L, simlua_yield);
    lua_setfield(L, -2, "yield");
  }
  lua_pop(L, 1);
  simlua_trackcoroutines(L);  /* the instruction limit's sampled meter (Hooks.c) */
  simlua_openpatterns(L);     /* string.find, match, gmatch, gsub on a metered matcher (Patterns.c) */
  return 0;
}


/*
** Opens the standard libraries under lua_pcall, as lua.c's pmain does.
** Pushes the error object on failure.
*/
int simlua_openlibs (lua_State *L) {
  needstack(L, 2);
  lua_pushcfunction(L, openlibs);
  return lua_pcall(L, 0, 0, 0);
}


/*
** t[k] with metamethods. Stack: t, k.
*/
static int gettable (lua_State *L) {
  lua_gettable(L, 1);
  return 1;
}


/*
** Replaces the key on top with t[key] (t at `idx`), honouring __index.
*/
int simlua_gettable (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  needstack(L, 3);
  lua_pushcfunction(L, gettable);
  lua_pushvalue(L, idx);
  lua_rotate(L, -3, 2);       /* f t k */
  return lua_pcall(L, 2, 1, 0);
}


/*
** t[k] = v with metamethods. Stack: t, k, v.
*/
static int settable (lua_State *L) {
  lua_settable(L, 1);
  return 0;
}


/*
** Pops a key and a value (value on top) and does t[key] = value with t at
** `idx`, honouring __newindex.
*/
int simlua_settable (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  needstack(L, 3);
  lua_pushcfunction(L, settable);
  lua_pushvalue(L, idx);
  lua_rotate(L, -4, 2);       /* f t k v */
  return lua_pcall(L, 3, 0, 0);
}


/*
** luaL_tolstring of argument 1.
*/
static int tostring (lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  return 1;
}


/*
** Pushes what `print` shows for the value at `idx` (luaL_tolstring:
** __tostring, __name, or the default format).
*/
int simlua_tostring (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  needstack(L, 3);
  lua_pushcfunction(L, tostring);
  lua_pushvalue(L, idx);
  return lua_pcall(L, 1, 1, 0);
}


/*
** #v with metamethods.
*/
static int len (lua_State *L) {
  lua_len(L, 1);
  return 1;
}


/*
** Pushes the length of the value at `idx` (the # operator, with __len).
*/
int simlua_len (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  needstack(L, 3);
  lua_pushcfunction(L, len);
  lua_pushvalue(L, idx);
  return lua_pcall(L, 1, 1, 0);
}


/*
** Snapshot of the (raw) pairs of table 1 as a sequence {k1, v1, k2, ...}.
*/
static int pairs (lua_State *L) {
  lua_Integer i = 0, n = 0;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {   /* count first: the snapshot is sized once */
    lua_pop(L, 1);
    n++;
  }
  lua_createtable(L, n < INT_MAX / 2 ? (int)(2 * n) : 0, 0);
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {   /* snapshot key value */
    lua_pushvalue(L, -2);
    lua_rawseti(L, 2, ++i);
    lua_rawseti(L, 2, ++i);
  }
  lua_settop(L, 2);
  return 1;
}


/*
** Pushes a sequence {k1, v1, k2, v2, ...} with the raw pairs of the table
** at `idx`, so Swift can walk them with raw reads only.
*/
int simlua_pairs (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  needstack(L, 3);
  lua_pushcfunction(L, pairs);
  lua_pushvalue(L, idx);
  return lua_pcall(L, 1, 1, 0);
}


/*
** Converts the error object at index 1 into a message, as lua.c's
** msghandler does (without the traceback).
*/
static const char *describe (lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {  /* is error object not a string? */
    if (luaL_callmeta(L, 1, "__tostring") &&   /* does it have a metamethod */
        lua_type(L, -1) == LUA_TSTRING)        /* that produces a string? */
      return lua_tostring(L, -1);              /* that is the message */
    else
      msg = lua_pushfstring(L, "(error object is a %s value)",
                            luaL_typename(L, 1));
  }
  return msg;
}


/*
** Message handler used for outermost calls: lua.c's msghandler.
*/
int simlua_msghandler (lua_State *L) {
  const char *msg = describe(L);
  luaL_traceback(L, L, msg, 1);  /* append a standard traceback */
  return 1;
}


/*
** Message handler that adds a traceback to string errors only: an error
** object of any other type (a table a script raised on purpose) passes
** through unchanged, so it can be re-raised as it was.
*/
static int stringmsghandler (lua_State *L) {
  if (lua_type(L, 1) != LUA_TSTRING)
    return 1;
  return simlua_msghandler(L);
}


/*
** Body of simlua_describe.
*/
static int describebody (lua_State *L) {
  lua_pushstring(L, describe(L));
  return 1;
}


/*
** Pushes a message string for the error object at `idx` (the object is
** left in place). Never fails: if __tostring raises, the message is the
** "(error object is a %s value)" fallback.
*/
void simlua_describe (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  needstack(L, 3);
  lua_pushcfunction(L, describebody);
  lua_pushvalue(L, idx);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK || lua_type(L, -1) != LUA_TSTRING) {
    lua_pop(L, 1);
    lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, idx));
  }
}


/*
** lua_pcall with the function and its `nargs` arguments on top. With
** `traceback`, the message handler is simlua_msghandler (the error
** becomes a string with "stack traceback:" appended); with traceback 2,
** only string errors get one and other error objects are kept as they are.
*/
int simlua_pcall (lua_State *L, int nargs, int nresults, int traceback) {
  int status, base, saved = simlua_luaonly;
  needstack(L, 2);
  simlua_luaonly = 1;  /* a memory error now stops in this lua_pcall */
  if (!traceback) {
    status = lua_pcall(L, nargs, nresults, 0);
    simlua_luaonly = saved;
    return status;
  }
  base = lua_gettop(L) - nargs;  /* function index */
  lua_pushcfunction(L, traceback == 2 ? stringmsghandler : simlua_msghandler);
  lua_insert(L, base);
  status = lua_pcall(L, nargs, nresults, base);
  simlua_luaonly = saved;
  lua_remove(L, base);
  return status;
}
