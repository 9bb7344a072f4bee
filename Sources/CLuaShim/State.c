/*
** State.c
** Creation of hardened states: an allocator that aborts instead of
** failing and a panic handler that prints and aborts, so that no
** memory-class API call ever longjmps across a Swift frame.
*/

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CLuaShim.h"


/*
** Allocator: like lauxlib's l_alloc, but aborts when realloc fails.
*/
static void *simlua_alloc (void *ud, void *ptr, size_t osize, size_t nsize) {
  void *p;
  (void)ud; (void)osize;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  p = realloc(ptr, nsize);
  if (p == NULL) {
    fputs("ripple: Lua allocator out of memory\n", stderr);
    fflush(stderr);
    abort();
  }
  return p;
}


/*
** Panic handler: an error outside any protected call is a bug in the
** bridge. Print the message and abort instead of returning to Lua.
*/
static int simlua_panic (lua_State *L) {
  const char *msg = (lua_type(L, -1) == LUA_TSTRING) ? lua_tostring(L, -1)
                                                     : "error object is not a string";
  fprintf(stderr, "ripple: PANIC: unprotected error in call to Lua API (%s)\n", msg);
  fflush(stderr);
  abort();
  return 0;
}


/* {================== Warnings (as in lauxlib.c) ================== */

static void warnfoff (void *ud, const char *message, int tocont);
static void warnfon (void *ud, const char *message, int tocont);
static void warnfcont (void *ud, const char *message, int tocont);


/*
** Checks whether a message is a control message ("@on", "@off").
*/
static int checkcontrol (lua_State *L, const char *message, int tocont) {
  if (tocont || *(message++) != '@')
    return 0;
  else {
    if (strcmp(message, "off") == 0)
      lua_setwarnf(L, warnfoff, L);
    else if (strcmp(message, "on") == 0)
      lua_setwarnf(L, warnfon, L);
    return 1;
  }
}


/*
** Warnings are off: only control messages are honoured.
*/
static void warnfoff (void *ud, const char *message, int tocont) {
  checkcontrol((lua_State *)ud, message, tocont);
}


/*
** Continues a warning message started by warnfon.
*/
static void warnfcont (void *ud, const char *message, int tocont) {
  lua_State *L = (lua_State *)ud;
  fputs(message, stderr);
  fflush(stderr);
  if (tocont)
    lua_setwarnf(L, warnfcont, L);
  else {
    fputs("\n", stderr);
    fflush(stderr);
    lua_setwarnf(L, warnfon, L);
  }
}


/*
** Warnings are on: print "Lua warning: " and the message.
*/
static void warnfon (void *ud, const char *message, int tocont) {
  if (checkcontrol((lua_State *)ud, message, tocont))
    return;
  fputs("Lua warning: ", stderr);
  fflush(stderr);
  warnfcont(ud, message, tocont);
}

/* }================================================================ */


/*
** Creates a state with the aborting allocator, the panic handler and
** warnings off (as luaL_newstate does). Returns NULL only if the state
** itself cannot be allocated.
*/
lua_State *simlua_newstate (void) {
  lua_State *L = lua_newstate(simlua_alloc, NULL);
  if (L != NULL) {
    lua_atpanic(L, simlua_panic);
    lua_setwarnf(L, warnfoff, L);
  }
  return L;
}


/*
** Bytes currently allocated by the state.
*/
size_t simlua_memoryinuse (lua_State *L) {
  return (size_t)lua_gc(L, LUA_GCCOUNT) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB);
}


/*
** Runs a full garbage-collection cycle. Errors in finalizers become
** warnings in Lua 5.4, so this never raises.
*/
void simlua_collectgarbage (lua_State *L) {
  lua_gc(L, LUA_GCCOLLECT);
}
