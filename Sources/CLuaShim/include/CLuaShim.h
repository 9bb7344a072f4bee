/*
** CLuaShim: the only code in Ripple that may raise Lua errors.
**
** Swift never calls a Lua API function that can longjmp. Swift functions
** called from Lua return a status to simlua_trampoline (or to the class
** metamethods below), and the error is raised here, in C, after every
** Swift frame has returned. Operations that may run metamethods are done
** by the simlua_* helpers under lua_pcall.
*/
#ifndef RIPPLE_CLUASHIM_H
#define RIPPLE_CLUASHIM_H

#include <stddef.h>
#include <stdint.h>
#include <lua.h>
#include <lauxlib.h>

/* Returned by the Swift dispatchers instead of a result count. */
#define SIMLUA_RAISE        (-1)  /* error object on top: raise it unchanged       */
#define SIMLUA_RAISE_WHERE  (-2)  /* message on top: prefix "chunk:line:" and raise */
#define SIMLUA_ARGERROR     (-3)  /* [arg:integer, extramsg:string] on top          */

/* Operations passed to the class access callback. */
#define SIMLUA_OP_GET       0     /* push property `slot` of the object          */
#define SIMLUA_OP_SET       1     /* store the value at index 3 into `slot`      */
#define SIMLUA_OP_INDEX     2     /* fallback read of key at index 2             */
#define SIMLUA_OP_NEWINDEX  3     /* fallback write of key 2 with value 3        */

/*
** Memory block of every bridged object userdata. `tag` is the address of a
** private marker: a userdata made by other C code (an io file, a class data
** block) never has it, so a metatable moved with debug.setmetatable cannot
** make the bridge read foreign memory as a Swift object.
*/
/*
** The read cache (simlua_index): property slots 0 ..< ncache may keep the
** scalar last read through the fast getter. `*cachetags` holds 4 bits per
** slot (the SIMLUA_SCALAR_* tag of the cached value, 0: nothing cached);
** the word lives outside the userdata (Objects.c says why); the Swift
** object zeroes that word whenever anything a read could see
** changes (its values or its state), which empties the whole cache. An
** object has a cache only while its class attached the word to it
** (ncache == 0 otherwise).
*/
#define SIMLUA_CACHESLOTS 16

typedef union simlua_CacheValue {
  lua_Integer i;
  lua_Number n;
} simlua_CacheValue;

typedef struct simlua_Object {
  const void *tag;                /* simlua_objectmarker()                      */
  void *object;                   /* retained Swift object; NULL once finalized */
  void *cls;                      /* unretained class box (owned by the state)  */
  uint64_t *cachetags;            /* read cache tags, zeroed by the object (a   */
                                  /* word outside the block, see Objects.c)     */
  lua_Integer ncache;             /* cached slots: 0 ..< ncache (0: no cache)   */
  simlua_CacheValue cache[1];     /* ncache entries (the block is sized so)     */
} simlua_Object;

/* Size of the userdata block of an object with `ncache` cached slots. */
#define SIMLUA_OBJECTSIZE(ncache) \
  (offsetof(simlua_Object, cache) + (size_t)((ncache) > 0 ? (ncache) : 1) * sizeof(simlua_CacheValue))

/* Memory block of the upvalue of every Swift function (see simlua_pushfunction). */
typedef struct simlua_Function {
  const void *tag;                /* private marker, checked at every call      */
  void *box;                      /* unretained function box (owned by the state) */
} simlua_Function;

/* Scalar values of the fast property paths (no Lua state involved). */
#define SIMLUA_SCALAR_SLOW     0  /* not handled: use the access callback      */
#define SIMLUA_SCALAR_NIL      1
#define SIMLUA_SCALAR_BOOLEAN  2  /* in i: 0 or 1                               */
#define SIMLUA_SCALAR_INTEGER  3  /* in i                                       */
#define SIMLUA_SCALAR_NUMBER   4  /* in n                                       */

typedef struct simlua_Scalar {
  int tag;
  lua_Integer i;
  lua_Number n;
} simlua_Scalar;

/*
** Last upvalue of the class metamethods: the class box and a small cache
** from property keys to slots. Only interned (short) strings are cached,
** and only keys of the slot table, which keeps them alive: an address
** hit is always the same string.
*/
#define SIMLUA_KEYCACHE 8
#define SIMLUA_CLASSNAME 64
#define SIMLUA_DIRECTSLOTS 64
/* Direct scalar entries of a class's objects (see simlua_setdirect): read
** index `index` of `object` into *i / *n and return a SIMLUA_SCALAR_* tag
** (SIMLUA_SCALAR_SLOW: take the class's general path); store a scalar
** (tag and value) and return 1, or return 0 without any side effect to
** take the general path. Neither may raise. */
typedef int (*simlua_DirectGet) (void *object, long long index, long long *i, double *n);
typedef int (*simlua_DirectSet) (void *object, long long index, int tag, long long i, double n);
typedef struct simlua_ClassData {
  const void *tag;                /* private marker, checked at every call     */
  void *cls;                      /* unretained class box (owned by the state) */
  lua_Integer nslots;             /* valid slots are 0 ..< nslots               */
  char name[SIMLUA_CLASSNAME];    /* the class name, for type errors            */
  const void *keys[SIMLUA_KEYCACHE];
  lua_Integer slots[SIMLUA_KEYCACHE];
  const void *slottable;          /* the slot table the cache was filled from   */
  /* Direct scalar entries (simlua_setdirect), NULL when the class has none:
  ** property slot s < SIMLUA_DIRECTSLOTS with attr[s] >= 0 is read and
  ** written by calling them with attr[s] (no class callback, no closure). */
  simlua_DirectGet dget;
  simlua_DirectSet dset;
  int16_t attr[SIMLUA_DIRECTSLOTS];
} simlua_ClassData;

/* Swift callbacks: none of them may raise. */
typedef int (*simlua_Dispatch) (lua_State *L, void *box);
typedef int (*simlua_Access) (lua_State *L, void *cls, void *object, int op,
                              lua_Integer slot);
/* `cacheword`: the object's attached read-cache word, or NULL. */
typedef void (*simlua_Release) (void *object, void *cls, uint64_t *cacheword);
/* Fast paths: return a SIMLUA_SCALAR_* tag / 1 when stored, 0 to fall back
** to the access callback (without any side effect). */
typedef int (*simlua_FastGet) (void *cls, void *object, lua_Integer slot,
                               simlua_Scalar *out);
typedef int (*simlua_FastSet) (void *cls, void *object, lua_Integer slot,
                               const simlua_Scalar *value);

/* Trampoline.c */
void simlua_setcallbacks (simlua_Dispatch dispatch, simlua_Access access,
                          simlua_Release release);
void simlua_setfastcallbacks (simlua_FastGet get, simlua_FastSet set);
int  simlua_trampoline (lua_State *L);
int  simlua_checkstack (lua_State *L);
int  simlua_index (lua_State *L);
int  simlua_newindex (lua_State *L);
int  simlua_gc (lua_State *L);
void simlua_pushclassdata (lua_State *L, void *cls, lua_Integer nslots,
                           const char *name);
void simlua_setdirect (lua_State *L, int idx, simlua_DirectGet get, simlua_DirectSet set,
                       const long long *indexes, lua_Integer count);
void *simlua_objectmarker (void);
void simlua_pushfunction (lua_State *L, void *box);
simlua_Object *simlua_toobject (lua_State *L, int idx);
int  simlua_yield (lua_State *L);
/* luaL_where / luaL_argerror, placed at the nearest Lua code (C callers have no line). */
void simlua_nearestwhere (lua_State *L, int level);
int  simlua_argerror (lua_State *L, int arg, const char *extramsg);

/* Objects.c: bridged objects' userdata and read-cache words. */
int  simlua_pushobject (lua_State *L, void *object, void *cls, lua_Integer ncache);
uint64_t *simlua_newcacheword (void);
void simlua_pushnewobject (lua_State *L, void *object, void *cls, lua_Integer ncache, uint64_t *word);
int  simlua_pushunsharedobject (lua_State *L, void *object, void *cls);
int  simlua_pushcachedobject (lua_State *L, void *object, void *cls);
void simlua_dropcache (simlua_Object *o);
void simlua_freecacheword (uint64_t *word);
uint64_t *simlua_nocacheword (void);
void simlua_protectmetatable (lua_State *L, int idx);

/* Callbacks.c: the fast path of a Lua callback Swift calls on every change. */
void simlua_newweakslot (lua_State *L, int idx);
int  simlua_pushcallback (lua_State *L, int tableref, int keyref, int slotref, const void *object);
int  simlua_pushunsharedwith (lua_State *L, void *object, void *cls, int mtref);

/* Record.c: the record fast path (see Record.c). */
#define SIMLUA_RECORDMAX 32
typedef struct simlua_Value {
  int type;                       /* LUA_TBOOLEAN, LUA_TNUMBER or LUA_TSTRING   */
  int isinteger;                  /* for numbers: 1 when the value is in i      */
  lua_Integer i;                  /* boolean (0/1) or integer                   */
  lua_Number n;                   /* float                                      */
  const char *s;                  /* string bytes (kept alive by the table)     */
  size_t len;
} simlua_Value;
typedef struct simlua_Field {
  const void *key;                /* the interned key string (its identity)     */
  simlua_Value v;
} simlua_Field;
typedef struct simlua_Record {
  lua_State *L;                   /* the thread that called the function        */
  const void *table;              /* the table read (NULL: none)                */
  int count;                      /* pairs read; -1: not a plain record         */
  simlua_Field fields[SIMLUA_RECORDMAX];
} simlua_Record;
void simlua_pushrecordfunction (lua_State *L, void *box, int arg);
static inline const simlua_Field *simlua_recordfields (const simlua_Record *r) {
  return r->fields;
}
const simlua_Record *simlua_currentrecord (void);

/* RecordList.c: many records of known keys in one call (see RecordList.c). */
#define SIMLUA_LISTOBJECTS 256
#define SIMLUA_LISTFIELDS  2048
typedef struct simlua_ListField {
  int key;                        /* the key's number in the known keys          */
  simlua_Value v;                 /* (strings kept alive by the list)            */
} simlua_ListField;
typedef struct simlua_RecordList {
  const void *const *keys;        /* in: the identity of each known key          */
  int nkeys;                      /* in                                          */
  int count;                      /* out: objects read                           */
  int nfields;                    /* out: fields read                            */
  int hints[SIMLUA_RECORDMAX];    /* the key number last met at each position    */
  int ends[SIMLUA_LISTOBJECTS];   /* out: fields of objects 0 ... j              */
  simlua_ListField fields[SIMLUA_LISTFIELDS];
} simlua_RecordList;
int simlua_readrecordlist (lua_State *L, int list, lua_Integer first, lua_Integer last, simlua_RecordList *r);

/* State.c */
lua_State *simlua_newstate (void);
size_t simlua_memoryinuse (lua_State *L);
void simlua_collectgarbage (lua_State *L);

/* Protected.c: each returns a lua_pcall status (LUA_OK on success) */
int  simlua_openlibs (lua_State *L);
int  simlua_gettable (lua_State *L, int idx);
int  simlua_settable (lua_State *L, int idx);
int  simlua_tostring (lua_State *L, int idx);
int  simlua_len (lua_State *L, int idx);
int  simlua_pairs (lua_State *L, int idx);
int  simlua_pcall (lua_State *L, int nargs, int nresults, int traceback);
void simlua_describe (lua_State *L, int idx);
int  simlua_msghandler (lua_State *L);

/* Hooks.c */
/* Budgets up to this many instructions are counted exactly (a count hook). */
#define SIMLUA_EXACTLIMIT 100000000
/* Larger ones are sampled: a tick every this many ns of the thread's CPU time... */
#define SIMLUA_TICKNS 10000000
/* ...charges SIMLUA_TICKNS / SIMLUA_NSPERINSTR instructions when it finds Lua running. */
#define SIMLUA_NSPERINSTR 4
int  simlua_setinstructionlimit (lua_State *L, long long count);
void simlua_endinstructionlimit (lua_State *L);
void simlua_trackcoroutines (lua_State *L);
void simlua_interrupt (lua_State *L);
void simlua_catchinterrupts (lua_State *L, int enable);
/* Whether the sampled meter found the budget spent (the hook is armed) on this thread. */
int  simlua_instructionbudgetspent (void);
/* Whether simlua_interrupt asked `L` to stop. */
int  simlua_interruptpending (lua_State *L);

/* Patterns.c: Ripple's matcher behind string.find, match, gmatch and gsub. */
/* Steps are charged to the host-work budget in chunks of this many. */
#define SIMLUA_PATTERNCHUNK 4096
/* Charges `units` of host work; returns 0, or the budget's limit once it is spent. Must not raise. */
typedef long long (*simlua_WorkCharge) (long long units);
void simlua_setworkcharge (simlua_WorkCharge charge);
void simlua_openpatterns (lua_State *L);

/* Limits.c */
int  simlua_setmemorylimit (lua_State *L, size_t limit);
int  simlua_memorylimitexceeded (lua_State *L, int reset);
int  simlua_countheap (lua_State *L, int on);
size_t simlua_hostmemory (lua_State *L);
void *simlua_limiter (lua_State *L);
void simlua_freelimiter (void *limiter);


/*
** Non-raising stand-ins for macros that Swift cannot import.
*/
static inline int simlua_registryindex (void) { return LUA_REGISTRYINDEX; }
static inline int simlua_upvalueindex (int i) { return lua_upvalueindex(i); }

/* The Swift owner of a state, stored in the extra space of every thread. */
static inline void *simlua_getowner (lua_State *L) {
  return *(void **)lua_getextraspace(L);
}
static inline void simlua_setowner (lua_State *L, void *owner) {
  *(void **)lua_getextraspace(L) = owner;
}

#endif
