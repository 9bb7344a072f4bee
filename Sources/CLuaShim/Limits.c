/*
** Limits.c
** The memory limit of a state: an allocator wrapped around the state's
** own that counts the bytes in use and refuses an allocation that would
** go past the limit. Lua then runs an emergency collection and retries;
** if the memory is still in use, it raises its memory error
** ("not enough memory") in the code that allocated.
*/

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "CLuaShim.h"
#include "Limits.h"

_Thread_local int simlua_luaonly = 0;

typedef struct Limiter {
  lua_Alloc base;      /* the allocator the state was created with */
  void *baseud;
  size_t used;         /* bytes in use */
  size_t limit;        /* 0: none */
  int exceeded;        /* an allocation was refused since the last reset */
  int counthost;       /* also count the host's heap growth (simlua_countheap) */
  size_t baseline;     /* heap bytes not Lua's when counting began */
  size_t host;         /* heap bytes not Lua's beyond the baseline, at the last look */
  size_t sincebytes;   /* bytes Lua allocated since the last look */
  unsigned sincecount; /* allocations since the last look */
} Limiter;


/*
** The bytes in use in the process's heap (malloc's chunks and mapped
** blocks); 0 where the C library cannot tell.
*/
static size_t heapinuse (void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 mi = mallinfo2();
  return mi.uordblks + mi.hblkhd;
#else
  return 0;
#endif
}


/*
** Looks at the heap: what it holds beyond Lua's bytes and the baseline is
** the host's memory for the script (values copied into objects, rows,
** snapshots). Made every 1 MB or 32,768 allocations of Lua's, so a script
** whose memory grows on the host side is seen within that much of Lua's
** own work (a binding copies what Lua made or allocates a little per call).
*/
static void lookathost (Limiter *m) {
  size_t heap = heapinuse();
  m->sincebytes = 0;
  m->sincecount = 0;
  m->host = (heap > m->baseline + m->used) ? heap - m->baseline - m->used : 0;
}


static void *limitalloc (void *ud, void *ptr, size_t osize, size_t nsize) {
  Limiter *m = (Limiter *)ud;
  size_t old = (ptr != NULL) ? osize : 0;
  void *p;
  if (nsize > old && m->limit > 0 && simlua_luaonly) {
    if (m->counthost) {
      m->sincebytes += nsize - old;
      if (m->sincebytes >= (1u << 20) || ++m->sincecount >= 32768) lookathost(m);
    }
    if (m->used - old + nsize + m->host > m->limit) {
      if (m->counthost && m->host > 0) lookathost(m);  /* the host may have freed some since */
      if (m->used - old + nsize + m->host > m->limit) {
        m->exceeded = 1;
        return NULL;
      }
    }
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
    m->counthost = 0;
    m->baseline = 0;
    m->host = 0;
    m->sincebytes = 0;
    m->sincecount = 0;
    lua_setallocf(L, limitalloc, m);
  }
  m->limit = limit;
  return 1;
}


/*
** Counts (on != 0) or stops counting the host's heap growth against the
** limit: the heap's bytes beyond Lua's and beyond what the process held
** now. Meaningful when one state runs in the process at a time (the heap is
** the process's). Returns 0 without a limiter or where the heap cannot be
** measured.
*/
int simlua_countheap (lua_State *L, int on) {
  Limiter *m = limiterof(L);
  size_t heap;
  if (m == NULL) return 0;
  heap = heapinuse();
  if (heap == 0) { m->counthost = 0; return 0; }
  m->counthost = on;
  m->baseline = (heap > m->used) ? heap - m->used : 0;
  m->host = 0;
  m->sincebytes = 0;
  m->sincecount = 0;
  return 1;
}


/*
** The host's heap bytes counted against the limit at the last look.
*/
size_t simlua_hostmemory (lua_State *L) {
  Limiter *m = limiterof(L);
  return (m != NULL) ? m->host : 0;
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
