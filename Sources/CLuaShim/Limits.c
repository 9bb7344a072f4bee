/*
** Limits.c
** The memory limit of a state: an allocator wrapped around the state's
** own that counts the bytes in use and refuses an allocation that would
** go past the limit. Lua then runs an emergency collection and retries;
** if the memory is still in use, it raises its memory error
** ("not enough memory") in the code that allocated.
*/

#include <stdlib.h>

#include "CLuaShim.h"
#include "Limits.h"

_Thread_local int simlua_luaonly = 0;

typedef struct Limiter {
  lua_Alloc base;      /* the allocator the state was created with */
  void *baseud;
  size_t used;         /* bytes in use */
  size_t limit;        /* 0: none */
  int exceeded;        /* an allocation was refused since the last reset */
} Limiter;


static void *limitalloc (void *ud, void *ptr, size_t osize, size_t nsize) {
  Limiter *m = (Limiter *)ud;
  size_t old = (ptr != NULL) ? osize : 0;
  void *p;
  if (nsize > old && m->limit > 0 && simlua_luaonly &&
      m->used - old + nsize > m->limit) {
    m->exceeded = 1;
    return NULL;
  }
  p = m->base(m->baseud, ptr, osize, nsize);
  if (p != NULL || nsize == 0)
    m->used = m->used - old + nsize;
  return p;
}


static Limiter *limiterof (lua_State *L) {
  void *ud;
  lua_Alloc f = lua_getallocf(L, &ud);
  return (f == limitalloc) ? (Limiter *)ud : NULL;
}


/*
** Sets the limit in bytes (0: none), installing the counting allocator
** on first use. Returns 0 if the limiter cannot be allocated.
*/
int simlua_setmemorylimit (lua_State *L, size_t limit) {
  Limiter *m = limiterof(L);
  if (m == NULL) {
    m = (Limiter *)malloc(sizeof(Limiter));
    if (m == NULL) return 0;
    m->base = lua_getallocf(L, &m->baseud);
    m->used = simlua_memoryinuse(L);
    m->exceeded = 0;
    lua_setallocf(L, limitalloc, m);
  }
  m->limit = limit;
  return 1;
}


/*
** Whether an allocation was refused since the last call; resets the flag.
*/
int simlua_memorylimitexceeded (lua_State *L, int reset) {
  Limiter *m = limiterof(L);
  int r = (m != NULL) ? m->exceeded : 0;
  if (m != NULL && reset) m->exceeded = 0;
  return r;
}


/*
** The limiter of a state, to free with simlua_freelimiter after
** lua_close (NULL when there is none).
*/
void *simlua_limiter (lua_State *L) {
  return limiterof(L);
}

void simlua_freelimiter (void *limiter) {
  free(limiter);
}
