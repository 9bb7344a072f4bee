/*
** Objects.c
** The userdata of bridged objects: making them (one per object while Lua
** holds it, through a weak-valued cache), their read-cache words, and the
** protection of their metatables. The metamethods are in Trampoline.c.
*/

#include <stdint.h>
#include <stdlib.h>

#include "CLuaShim.h"

/* Address used as the registry key of the weak object cache. */
static const char cachekey = 0;

/*
** Read-cache words. A userdata with a read cache points at a word the
** Swift object zeroes on every change. The word is not inside the
** userdata: a script can make Lua free a userdata without its __gc
** (`debug.setmetatable(o, nil)`, or the finalizer removed from the real
** metatable through the debug library), and the object, still retained by
** the lost userdata, would then write into freed memory. A word is freed
** only by simlua_gc, after the object has let go of it; a userdata freed
** without its finalizer leaks its word together with the object's retain,
** so the object's writes always land in live memory.
**
** Words come from blocks of WORDSPERBLOCK that are never returned to the
** system, through a free list per thread (a Lua state and its objects are
** used by one thread at a time; a word freed by another thread only moves
** to that thread's list). `nocache` is the word of a userdata without a
** cache (or finalized): always zero, never written (ncache is 0).
*/
#define WORDSPERBLOCK 1024

typedef union cacheword {
  uint64_t tags;
  union cacheword *next;
} cacheword;

static _Thread_local cacheword *freewords = NULL;
static uint64_t nocache = 0;

uint64_t *simlua_nocacheword (void) {
  return &nocache;
}

static uint64_t *newcacheword (void) {
  cacheword *w = freewords;
  if (w == NULL) {
    cacheword *block = (cacheword *)malloc(WORDSPERBLOCK * sizeof(cacheword));
    if (block == NULL) abort();  /* as the state's allocator does */
    for (int i = 1; i < WORDSPERBLOCK - 1; i++) block[i].next = &block[i + 1];
    block[WORDSPERBLOCK - 1].next = NULL;
    freewords = &block[1];
    w = &block[0];
  } else {
    freewords = w->next;
  }
  w->tags = 0;
  return &w->tags;
}

void simlua_freecacheword (uint64_t *word) {
  cacheword *w = (cacheword *)word;
  w->next = freewords;
  freewords = w;
}


/*
** Fills a new object block: no cache unless ncache > 0, then a fresh word.
*/
static simlua_Object *initobject (simlua_Object *o, void *object, void *cls,
                                  lua_Integer ncache) {
  o->tag = simlua_objectmarker();
  o->object = object;
  o->cls = cls;
  o->ncache = ncache;
  o->cachetags = ncache > 0 ? newcacheword() : &nocache;
  return o;
}


/*
** Gives up the read cache of block `o` (its object refused the word):
** frees the word. Never raises.
*/
void simlua_dropcache (simlua_Object *o) {
  if (o != NULL && o->ncache > 0) {
    simlua_freecacheword(o->cachetags);
    o->cachetags = &nocache;
    o->ncache = 0;
  }
}


/*
** Pushes the weak-valued object cache of the state, creating it on first
** use. Raises only memory errors (an abort).
*/
static void pushcache (lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &cachekey) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 1);
    lua_pushstring(L, "__mode");
    lua_pushstring(L, "v");
    lua_rawset(L, -3);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &cachekey);
  }
}


/*
** Pushes the object cache through the class metatable at `mt`, which keeps
** a reference to it under the integer key MTCACHE (read without hashing a
** pointer into the registry, as pushcache does); the first push of a class
** stores it there. getmetatable's copy (simlua_protectmetatable) holds
** only string keys, so scripts do not see it. Raises only memory errors.
*/
#define MTCACHE 1

static void pushcacheof (lua_State *L, int mt) {
  if (lua_rawgeti(L, mt, MTCACHE) == LUA_TTABLE) return;
  lua_pop(L, 1);
  pushcache(L);
  lua_pushvalue(L, -1);
  lua_rawseti(L, mt, MTCACHE);
}


/*
** Pushes the userdata for `object`. The class metatable must be on top of
** the stack; it is replaced by the userdata. Identity is kept by a weak-
** valued cache in the registry keyed by the object's address. Returns 1
** when a new userdata was created (the caller must then retain `object`),
** 0 when the cached one was reused. A new userdata has a read cache of
** `ncache` slots (at most SIMLUA_CACHESLOTS), empty, with its own word;
** the caller attaches the word to the object or calls simlua_dropcache.
** Raises only memory errors, which the aborting allocator turns into an
** abort.
*/
int simlua_pushobject (lua_State *L, void *object, void *cls,
                       lua_Integer ncache) {
  int mt = lua_absindex(L, -1);
  simlua_Object *o;
  lua_checkstack(L, 4);
  pushcacheof(L, mt);                                /* mt cache */
  if (lua_rawgetp(L, -1, object) == LUA_TUSERDATA &&
      simlua_toobject(L, -1) != NULL &&
      simlua_toobject(L, -1)->object == object) {  /* mt cache ud */
    lua_replace(L, mt);
    lua_settop(L, mt);
    return 0;
  }
  /* none, or one finalized by a direct call of its __gc (getmetatable(o).__gc(o)): make a new one */
  lua_pop(L, 1);                                     /* mt cache */
  if (ncache < 0) ncache = 0;
  if (ncache > SIMLUA_CACHESLOTS) ncache = SIMLUA_CACHESLOTS;
  o = initobject((simlua_Object *)lua_newuserdatauv(L, SIMLUA_OBJECTSIZE(ncache), 0),
                 object, cls, ncache);
  lua_pushvalue(L, mt);
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, -3, object);                        /* mt cache ud */
  lua_replace(L, mt);
  lua_settop(L, mt);
  return 1;
}


/*
** A fresh read-cache word (zero), for simlua_pushnewobject: the caller
** offers it to its object first and frees it (simlua_freecacheword) when
** the object refuses it. Raises nothing (a failed allocation aborts).
*/
uint64_t *simlua_newcacheword (void) {
  return newcacheword();
}


/*
** simlua_pushobject for an object Lua has never been given (one just
** created), in one call: the class metatable on top of the stack is
** replaced by a new userdata for `object`, made without looking the cache
** up and entered there, whose read cache of `ncache` slots (1 to
** SIMLUA_CACHESLOTS) uses `word` (from simlua_newcacheword, already
** attached to the object by the caller, which also retains the object for
** the userdata's __gc). Raises only memory errors (an abort).
*/
void simlua_pushnewobject (lua_State *L, void *object, void *cls,
                           lua_Integer ncache, uint64_t *word) {
  simlua_Object *o;
  int mt = lua_absindex(L, -1);
  lua_checkstack(L, 5);  /* ud, mt, and the cache with its copy (pushcacheof) and the ud again */
  if (ncache < 1) ncache = 1;
  if (ncache > SIMLUA_CACHESLOTS) ncache = SIMLUA_CACHESLOTS;
  o = (simlua_Object *)lua_newuserdatauv(L, SIMLUA_OBJECTSIZE(ncache), 0);
  o->tag = simlua_objectmarker();
  o->object = object;
  o->cls = cls;
  o->ncache = ncache;
  o->cachetags = word;                               /* mt ud */
  lua_pushvalue(L, mt);                              /* mt ud mt */
  lua_setmetatable(L, -2);                           /* mt ud */
  pushcacheof(L, mt);                                /* mt ud cache */
  lua_pushvalue(L, -2);                              /* mt ud cache ud */
  lua_rawsetp(L, -2, object);                        /* mt ud cache */
  lua_settop(L, -2);                                 /* mt ud */
  lua_replace(L, mt);                                /* ud */
}


/*
** Pushes the userdata Lua already holds for `object`, found in the
** identity cache through the metatable of class `cls` (looked up in the
** registry, where pushMetatable made it), in one call: returns 1 with the
** userdata pushed, or 0 with nothing pushed when the class has no
** metatable yet or the object has no live userdata (simlua_pushobject then
** makes one). Raises only memory errors (an abort).
*/
int simlua_pushcachedobject (lua_State *L, void *object, void *cls) {
  simlua_Object *o;
  lua_checkstack(L, 3);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, cls) != LUA_TTABLE) {  /* mt */
    lua_pop(L, 1);
    return 0;
  }
  pushcacheof(L, lua_absindex(L, -1));               /* mt cache */
  if (lua_rawgetp(L, -1, object) == LUA_TUSERDATA &&
      (o = simlua_toobject(L, -1)) != NULL && o->object == object) {
    lua_replace(L, -3);                              /* ud cache */
    lua_settop(L, -2);                               /* ud */
    return 1;
  }
  lua_settop(L, -4);
  return 0;
}


/*
** Pushes a new userdata for `object`, an object made for this one push (a
** value box, such as an index path), without entering it in the identity
** cache: nothing will ever look it up there. The class metatable is looked
** up by `cls` in the registry, where the caller made it (pushMetatable);
** returns 0, pushing nothing, when it is not there. No read cache. The
** caller retains `object` for the userdata's __gc. Raises only memory
** errors (an abort).
*/
int simlua_pushunsharedobject (lua_State *L, void *object, void *cls) {
  lua_checkstack(L, 2);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, cls) != LUA_TTABLE) {  /* mt */
    lua_pop(L, 1);
    return 0;
  }
  initobject((simlua_Object *)lua_newuserdatauv(L, SIMLUA_OBJECTSIZE(0), 0),
             object, cls, 0);                        /* mt ud */
  lua_rotate(L, -2, 1);                              /* ud mt */
  lua_setmetatable(L, -2);                           /* ud */
  return 1;
}


/*
** Protects the class metatable at `idx`: `getmetatable` on its objects
** returns a copy of its string-keyed fields (set as its __metatable), so
** that Lua without the debug library (the sandbox) cannot change the table
** the collector and the VM read (removing its __gc there used to leave an
** object writing into its freed userdata, before the read-cache words
** moved out of the userdata; the protection stays, so that plain Lua
** cannot change how every object of the class behaves). Call it
** once the metatable is complete. Raises only memory errors (an abort).
*/
void simlua_protectmetatable (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_checkstack(L, 4);
  lua_createtable(L, 0, 8);                          /* copy */
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {                    /* copy k v */
    if (lua_type(L, -2) == LUA_TSTRING) {
      lua_pushvalue(L, -2);                          /* copy k v k */
      lua_insert(L, -2);                             /* copy k k v */
      lua_rawset(L, -4);                             /* copy k */
    } else {
      lua_pop(L, 1);                                 /* copy k */
    }
  }
  lua_pushliteral(L, "__metatable");                 /* copy "__metatable" */
  lua_insert(L, -2);                                 /* "__metatable" copy */
  lua_rawset(L, idx);
}
