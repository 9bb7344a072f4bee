/*
** Bench.c
** Allocation counting and the hand-written C property reference for
** ripple-bench. Linked into the benchmark executable only.
*/

#include <malloc.h>
#include <stdlib.h>
#include <errno.h>

#include <lauxlib.h>

#include "CRippleBench.h"

extern void *__libc_malloc (size_t);
extern void *__libc_calloc (size_t, size_t);
extern void *__libc_realloc (void *, size_t);
extern void *__libc_memalign (size_t, size_t);
extern void __libc_free (void *);

/* Benchmarks run on one thread; a plain counter is good enough. */
static unsigned long long allocations = 0;

void *malloc (size_t n) { allocations++; return __libc_malloc(n); }
void *calloc (size_t n, size_t m) { allocations++; return __libc_calloc(n, m); }
void *realloc (void *p, size_t n) { allocations++; return __libc_realloc(p, n); }
void free (void *p) { __libc_free(p); }
void *memalign (size_t a, size_t n) { allocations++; return __libc_memalign(a, n); }
void *aligned_alloc (size_t a, size_t n) { allocations++; return __libc_memalign(a, n); }
int posix_memalign (void **out, size_t a, size_t n) {
  void *p;
  allocations++;
  p = __libc_memalign(a, n);
  if (p == NULL) return ENOMEM;
  *out = p;
  return 0;
}

unsigned long long ripplebench_allocations (void) {
  return allocations;
}

size_t ripplebench_heapinuse (void) {
  struct mallinfo2 mi = mallinfo2();
  return mi.uordblks + mi.hblkhd;
}


/* __index: upvalue 1 is the slot table. */
static int cproxy_index (lua_State *L) {
  double **p = (double **)lua_touserdata(L, 1);
  lua_pushvalue(L, 2);
  if (p != NULL && lua_rawget(L, lua_upvalueindex(1)) == LUA_TNUMBER) {
    lua_pushnumber(L, (*p)[lua_tointeger(L, -1)]);
    return 1;
  }
  return luaL_error(L, "unknown key");
}

/* __newindex: upvalue 1 is the slot table. */
static int cproxy_newindex (lua_State *L) {
  double **p = (double **)lua_touserdata(L, 1);
  lua_pushvalue(L, 2);
  if (p != NULL && lua_rawget(L, lua_upvalueindex(1)) == LUA_TNUMBER) {
    (*p)[lua_tointeger(L, -1)] = luaL_checknumber(L, 3);
    return 0;
  }
  return luaL_error(L, "unknown key");
}

void ripplebench_pushcproxy (lua_State *L, const char *key, double *storage) {
  double **p = (double **)lua_newuserdatauv(L, sizeof(double *), 0);
  *p = storage;
  lua_createtable(L, 0, 2);                 /* ud mt */
  lua_createtable(L, 0, 1);                 /* ud mt slots */
  lua_pushinteger(L, 0);
  lua_setfield(L, -2, key);
  lua_pushvalue(L, -1);                     /* ud mt slots slots */
  lua_pushcclosure(L, cproxy_index, 1);
  lua_setfield(L, -3, "__index");           /* ud mt slots */
  lua_pushcclosure(L, cproxy_newindex, 1);
  lua_setfield(L, -2, "__newindex");        /* ud mt */
  lua_setmetatable(L, -2);
}


/* __index returning a constant: the floor of any C __index. */
static int constindex (lua_State *L) {
  lua_pushnumber(L, 1.5);
  return 1;
}

void ripplebench_pushconstindex (lua_State *L) {
  lua_newuserdatauv(L, sizeof(double), 0);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, constindex);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
}

int ripplebench_constfunction (lua_State *L) {
  lua_pushnumber(L, 1.0);
  return 1;
}
