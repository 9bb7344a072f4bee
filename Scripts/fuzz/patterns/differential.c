/* Differential check: Ripple's matcher (Patterns.c) against the system Lua 5.4's own. */
#include <stdio.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
_Thread_local int simlua_luaonly = 1;
void simlua_nearestwhere (lua_State *L, int level) { luaL_where(L, level); }
int simlua_argerror (lua_State *L, int arg, const char *extramsg) { return luaL_argerror(L, arg, extramsg); }
int simlua_instructionbudgetspent (void) { return 0; }
int simlua_interruptpending (lua_State *L) { (void)L; return 0; }
void simlua_openpatterns (lua_State *L);
int main (int argc, char **argv) {
  (void)argc;
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  /* keep Lua's own as string.lfind, ... */
  lua_getglobal(L, "string");
  const char *names[] = { "find", "match", "gmatch", "gsub" };
  for (int i = 0; i < 4; i++) { char k[16]; lua_getfield(L, -1, names[i]); snprintf(k, sizeof k, "l%s", names[i]); lua_setfield(L, -2, k); }
  lua_pop(L, 1);
  simlua_openpatterns(L);
  if (luaL_dofile(L, argv[1]) != LUA_OK) { fprintf(stderr, "%s\n", lua_tostring(L, -1)); return 1; }
  return 0;
}
