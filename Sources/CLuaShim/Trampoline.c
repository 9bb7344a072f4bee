/*
** Trampoline.c
** Entry points from Lua into Swift: the function trampoline and the
** metamethods of bridged object classes. Swift returns a status; any
** error is raised here, after the Swift frames are gone.
*/

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "CLuaShim.h"
#include "Limits.h"

/* Longest interned string (LUAI_MAXSHORTLEN in the default luaconf.h). */
#define SHORTLEN 40

static simlua_Dispatch dispatchfn = NULL;
static simlua_Access accessfn = NULL;
static simlua_Release releasefn = NULL;
static simlua_FastGet fastgetfn = NULL;
static simlua_FastSet fastsetfn = NULL;

/* Address used as the metatable key marking bridged object metatables. */
static const char objectmarker = 0;

/* Addresses tagging the blocks of function upvalues and class data. */
static const char functionmarker = 0;
static const char classmarker = 0;

/*
** Room guaranteed to every Swift function on top of its arguments (Lua
** only guarantees LUA_MINSTACK): enough for the deepest value the bridge
** converts (see ScriptEngine+Values.swift) and the pushes around it.
*/
#define EXTRASTACK 80


/*
** Installs the Swift callbacks. Called before any state is created;
** calling it again with the same functions is harmless.
*/
void simlua_setcallbacks (simlua_Dispatch d, simlua_Access a,
                          simlua_Release r) {
  dispatchfn = d;
  accessfn = a;
  releasefn = r;
}


/*
** Installs the scalar fast paths of property reads and writes.
*/
void simlua_setfastcallbacks (simlua_FastGet get, simlua_FastSet set) {
  fastgetfn = get;
  fastsetfn = set;
}


/*
** Pushes "chunk:line: " for the nearest Lua function on the stack from
** `level` up: the caller of a Swift function is often C (pcall, tostring,
** a metamethod run by the VM), and luaL_where would then give nothing.
*/
static void nearestwhere (lua_State *L, int level) {
  lua_Debug ar;
  for (; level < 64 && lua_getstack(L, level, &ar); level++) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  lua_pushliteral(L, "");
}


/*
** luaL_error with the position of the nearest Lua code.
*/
static int errorwhere (lua_State *L, const char *fmt, ...) {
  va_list argp;
  nearestwhere(L, 1);
  va_start(argp, fmt);
  lua_pushvfstring(L, fmt, argp);
  va_end(argp);
  lua_concat(L, 2);
  return lua_error(L);
}


void simlua_nearestwhere (lua_State *L, int level) {
  nearestwhere(L, level);
}


/*
** Whether the caller of the running C function is Lua code with a line.
*/
static int callerhasline (lua_State *L) {
  lua_Debug ar;
  if (!lua_getstack(L, 1, &ar)) return 0;
  lua_getinfo(L, "l", &ar);
  return ar.currentline > 0;
}


/*
** luaL_argerror's message ("bad argument #1 to 'f' (...)", "calling 'm'
** on bad self (...)") with the position of the nearest Lua code.
*/
static int argerror (lua_State *L, int arg, const char *extramsg) {
  lua_Debug ar;
  const char *name = "?";
  if (callerhasline(L))
    return luaL_argerror(L, arg, extramsg);
  if (lua_getstack(L, 0, &ar)) {
    lua_getinfo(L, "n", &ar);
    if (ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0) {
      arg--;
      if (arg == 0) {
        nearestwhere(L, 1);
        lua_pushfstring(L, "calling '%s' on bad self (%s)", ar.name ? ar.name : "?", extramsg);
        lua_concat(L, 2);
        return lua_error(L);
      }
    }
    if (ar.name != NULL) name = ar.name;
  }
  nearestwhere(L, 1);
  lua_pushfstring(L, "bad argument #%d to '%s' (%s)", arg, name, extramsg);
  lua_concat(L, 2);
  return lua_error(L);
}


int simlua_argerror (lua_State *L, int arg, const char *extramsg) {
  return argerror(L, arg, extramsg);
}


/*
** Turns a status returned by Swift into results or a raised error.
** SIMLUA_RAISE_WHERE prefixes the position of the calling Lua code,
** as luaL_error does (the nearest Lua code when the caller is C);
** SIMLUA_ARGERROR uses luaL_argerror's wording.
*/
static int finish (lua_State *L, int n) {
  switch (n) {
    case SIMLUA_RAISE:
      return lua_error(L);
    case SIMLUA_RAISE_WHERE:
      nearestwhere(L, 1);
      lua_insert(L, -2);
      lua_concat(L, 2);
      return lua_error(L);
    case SIMLUA_ARGERROR: {
      int arg = (int)lua_tointeger(L, -2);
      return argerror(L, arg, lua_tostring(L, -1));
    }
    default:
      return n;
  }
}


/*
** Entry point of every Swift function callable from Lua. Upvalue 1 is a
** light userdata pointing at the Swift function box.
*/
int simlua_trampoline (lua_State *L) {
  int up = lua_upvalueindex(1);
  simlua_Function *f = (simlua_Function *)lua_touserdata(L, up);
  /* debug.setupvalue can put any value there: check the block's tag */
  /* (a light userdata has raw length 0, so the size test rules it out) */
  if (f == NULL || lua_rawlen(L, up) != sizeof(simlua_Function) || f->tag != &functionmarker)
    return errorwhere(L, "invalid Ripple function (its upvalue was replaced)");
  if (!lua_checkstack(L, EXTRASTACK))
    return errorwhere(L, "stack overflow (no room to call into Ripple)");
  int n;
  SIMLUA_SWIFT(n, dispatchfn(L, f->box));
  return n >= 0 ? n : finish(L, n);
}


/*
** The room simlua_trampoline reserves, for a function that did not get it
** (a record function, Record.c): 1 when there is room for EXTRASTACK more
** slots, 0 when the stack cannot grow that much. Never raises.
*/
int simlua_checkstack (lua_State *L) {
  return lua_checkstack(L, EXTRASTACK);
}


/*
** For other entry points of this library (Record.c): simlua_trampoline's
** Swift call and its raise, split so that a caller can run code between
** them. simlua_callswift calls the Swift function and returns its status
** (it does not raise); simlua_finish then raises the error of a failed
** status, after the Swift frames are gone, or returns the result count.
*/
int simlua_callswift (lua_State *L, void *box) {
  int n;
  SIMLUA_SWIFT(n, dispatchfn(L, box));
  return n;
}

int simlua_finish (lua_State *L, int n) {
  return finish(L, n);
}

void simlua_invalidupvalue (lua_State *L) {
  errorwhere(L, "invalid Ripple function (its upvalue was replaced)");
}


/*
** Pushes the Lua function calling the Swift function box `box` through
** simlua_trampoline. Raises only memory errors (the aborting allocator
** turns them into an abort).
*/
void simlua_pushfunction (lua_State *L, void *box) {
  simlua_Function *f = (simlua_Function *)lua_newuserdatauv(L, sizeof(simlua_Function), 0);
  f->tag = &functionmarker;
  f->box = box;
  lua_pushcclosure(L, simlua_trampoline, 1);
}


/*
** The bridged object block of the userdata at `idx`, or NULL for any other
** value (a userdata made by other C code, a light userdata, ...). Never
** raises.
*/
simlua_Object *simlua_toobject (lua_State *L, int idx) {
  /* lua_touserdata is NULL for other types; a light userdata has raw length 0 */
  simlua_Object *o = (simlua_Object *)lua_touserdata(L, idx);
  if (o == NULL || lua_rawlen(L, idx) < SIMLUA_OBJECTSIZE(0))
    return NULL;
  return o->tag == &objectmarker ? o : NULL;
}


/*
** The class data upvalue number `up` of a class metamethod, checked: a
** forged upvalue (debug.setupvalue) raises instead of being read.
*/
static simlua_ClassData *classdata (lua_State *L, int up) {
  int i = lua_upvalueindex(up);
  simlua_ClassData *cd = (simlua_ClassData *)lua_touserdata(L, i);
  if (cd == NULL || lua_rawlen(L, i) != sizeof(simlua_ClassData) || cd->tag != &classmarker)
    errorwhere(L, "invalid Ripple metamethod (its upvalue was replaced)");
  return cd;
}


/*
** Checks that upvalue `up` of a class metamethod is still a table.
*/
static void checktableupvalue (lua_State *L, int up) {
  if (lua_type(L, lua_upvalueindex(up)) != LUA_TTABLE)
    errorwhere(L, "invalid Ripple metamethod (its upvalue was replaced)");
}


/*
** Returns the bridged object at index 1 if it belongs to the class of
** `cd`; raises luaL_typeerror's "Customer expected, got Order" otherwise
** (the metamethods can be called directly from Lua with any value through
** getmetatable).
*/
static inline __attribute__((always_inline)) void *checkself (lua_State *L, simlua_ClassData *cd) {
  simlua_Object *o = simlua_toobject(L, 1);
  if (o == NULL || o->cls != cd->cls) {
    const char *got;
    if (luaL_getmetafield(L, 1, "__name") == LUA_TSTRING)
      got = lua_tostring(L, -1);   /* luaL_typeerror's naming */
    else if (lua_type(L, 1) == LUA_TLIGHTUSERDATA)
      got = "light userdata";
    else
      got = luaL_typename(L, 1);
    argerror(L, 1, lua_pushfstring(L, "%s expected, got %s", cd->name, got));
  }
  if (o->object == NULL)
    errorwhere(L, "attempt to use a finalized object");
  return o->object;
}


/*
** Finds the slot of the key at index 2 in the slot table upvalue `slots`
** (raising if that is not a table): from the cache when the key is a
** cached string, else by lua_rawget (caching short-string keys). Leaves the
** stack as it was. Returns 0 when the key is not a property.
**
** The cache belongs to one slot table, which the class data at upvalue
** `cdup` anchors (its user value 1) while the cache refers to it, with
** each cached key string (user value 2 + its bucket): so the table and the
** cached strings stay alive even if the table is changed through
** debug.getupvalue, no other object can take their addresses, and an
** address match is always that table or that string.
** A table forged through debug.setupvalue (or the original put back)
** starts the cache afresh; otherwise whether a key was still cached would
** decide whether the forged table was read at all.
*/
static inline __attribute__((always_inline)) int slotof (lua_State *L, simlua_ClassData *cd, int cdup, int slots,
                   lua_Integer *slot) {
  const void *table = lua_topointer(L, slots);
  if (table == NULL || cd->slottable != table) {
    if (lua_type(L, slots) != LUA_TTABLE)
      errorwhere(L, "invalid Ripple metamethod (its upvalue was replaced)");
    memset(cd->keys, 0, sizeof(cd->keys));
    cd->slottable = table;
    lua_pushvalue(L, slots);
    lua_setiuservalue(L, lua_upvalueindex(cdup), 1);  /* never raises */
  }
  const void *k = lua_topointer(L, 2);  /* the TString of a string key */
  unsigned h = (unsigned)(((uintptr_t)k >> 4) & (SIMLUA_KEYCACHE - 1));
  if (k != NULL && cd->keys[h] == k) {
    *slot = cd->slots[h];
    return 1;
  }
  int isstring = (lua_type(L, 2) == LUA_TSTRING);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, slots) != LUA_TNUMBER) {
    lua_pop(L, 1);
    return 0;
  }
  {
    int isint = 0;
    *slot = lua_tointegerx(L, -1, &isint);
    /* the slot table is reachable through debug.getupvalue: never trust it */
    if (!isint || *slot < 0 || *slot >= cd->nslots)
      errorwhere(L, "invalid property slot for %s (the class's slot table was modified)", cd->name);
  }
  lua_pop(L, 1);
  if (isstring && lua_rawlen(L, 2) <= SHORTLEN) {
    lua_pushvalue(L, 2);
    lua_setiuservalue(L, lua_upvalueindex(cdup), 2 + (int)h);  /* never raises */
    cd->keys[h] = k;
    cd->slots[h] = *slot;
  }
  return 1;
}


/*
** Pushes the class data upvalue of the metamethods of class `cls`.
** Raises only memory errors (the aborting allocator turns them into an
** abort).
*/
void simlua_pushclassdata (lua_State *L, void *cls, lua_Integer nslots,
                           const char *name) {
  /* user values: the slot table the key cache belongs to and the cached keys (see slotof) */
  simlua_ClassData *cd = (simlua_ClassData *)lua_newuserdatauv(L, sizeof(simlua_ClassData),
                                                               1 + SIMLUA_KEYCACHE);
  memset(cd, 0, sizeof(simlua_ClassData));
  cd->tag = &classmarker;
  cd->cls = cls;
  cd->nslots = nslots;
  strncpy(cd->name, name != NULL ? name : "?", SIMLUA_CLASSNAME - 1);
  for (int s = 0; s < SIMLUA_DIRECTSLOTS; s++) cd->attr[s] = -1;
}


/*
** Gives the class data at `idx` (a block made by simlua_pushclassdata) the
** direct scalar entries of its objects: property slot s < count (and <
** SIMLUA_DIRECTSLOTS) goes to `get`/`set` with index indexes[s] when that
** is in 0 ..< 32768; other slots keep the class's callbacks. Never raises.
*/
void simlua_setdirect (lua_State *L, int idx, simlua_DirectGet get, simlua_DirectSet set,
                       const long long *indexes, lua_Integer count) {
  simlua_ClassData *cd = (simlua_ClassData *)lua_touserdata(L, idx);
  if (cd == NULL || lua_rawlen(L, idx) != sizeof(simlua_ClassData) || cd->tag != &classmarker)
    return;
  cd->dget = get;
  cd->dset = set;
  for (lua_Integer s = 0; s < SIMLUA_DIRECTSLOTS; s++)
    cd->attr[s] = (s < count && indexes[s] >= 0 && indexes[s] < 32768) ? (int16_t)indexes[s] : -1;
}


/*
** The scalar of property `slot` through the class's direct getter when the
** slot has one, else through its scalar getter callback.
*/
static int scalarget (simlua_ClassData *cd, void *obj, lua_Integer slot,
                      simlua_Scalar *v) {
  if (cd->dget != NULL && slot < SIMLUA_DIRECTSLOTS && cd->attr[slot] >= 0)
    return cd->dget(obj, cd->attr[slot], &v->i, &v->n);
  return fastgetfn(cd->cls, obj, slot, v);
}


/*
** Stores scalar `v` into property `slot` through the class's direct setter
** when the slot has one (a decline goes to the general path, as the scalar
** setter callback's would), else through its scalar setter callback.
*/
static int scalarset (simlua_ClassData *cd, void *obj, lua_Integer slot,
                      const simlua_Scalar *v) {
  if (cd->dset != NULL && slot < SIMLUA_DIRECTSLOTS && cd->attr[slot] >= 0)
    return cd->dset(obj, cd->attr[slot], v->tag, v->i, v->n);
  return fastsetfn(cd->cls, obj, slot, v);
}


/*
** Keeps scalar `v` (tag `tag`) read from property `slot` of `o` in the
** object's read cache, if the slot has an entry. The object zeroes
** `*cachetags` on any change, so an entry lives until the next change.
*/
static void cacheput (simlua_Object *o, lua_Integer slot, int tag,
                      const simlua_Scalar *v) {
  if (slot < 0 || slot >= o->ncache) return;
  if (tag == SIMLUA_SCALAR_NUMBER) o->cache[slot].n = v->n;
  else o->cache[slot].i = v->i;
  *o->cachetags = (*o->cachetags & ~((uint64_t)15 << (4 * slot))) |
                  ((uint64_t)tag << (4 * slot));
}


/*
** __index of bridged classes. Upvalues: (1) slot table name -> integer,
** (2) methods table, (3) the class data (class box and key cache).
** Properties go to the Swift getter without creating any Swift string
** (the slot number stays on the stack, the getter pushes above it);
** methods are returned from the table; other string or number keys go
** to the fallback (numbers as their text).
*/
int simlua_index (lua_State *L) {
  simlua_ClassData *cd = classdata(L, 3);
  simlua_Object *o = simlua_toobject(L, 1);
  /* the read cache: a scalar read before from an object of this class, */
  /* under a key of the key cache (an interned property name) */
  /* (cached keys are strings the class data keeps alive, see slotof: an */
  /* address match is that string, so the key's type needs no check) */
  if (o != NULL && *o->cachetags != 0 && o->cls == cd->cls && o->object != NULL) {
    const void *k = lua_topointer(L, 2);  /* NULL for numbers, booleans, nil: never cached */
    unsigned h = (unsigned)(((uintptr_t)k >> 4) & (SIMLUA_KEYCACHE - 1));
    if (k != NULL && cd->keys[h] == k && cd->slots[h] < o->ncache) {
      int slot = (int)cd->slots[h];
      switch ((int)((*o->cachetags >> (4 * slot)) & 15)) {
        case SIMLUA_SCALAR_NUMBER: lua_pushnumber(L, o->cache[slot].n); return 1;
        case SIMLUA_SCALAR_INTEGER: lua_pushinteger(L, o->cache[slot].i); return 1;
        case SIMLUA_SCALAR_BOOLEAN: lua_pushboolean(L, (int)o->cache[slot].i); return 1;
        case SIMLUA_SCALAR_NIL: lua_pushnil(L); return 1;
        default: break;
      }
    }
  }
  void *cls = cd->cls;
  void *obj = checkself(L, cd);
  o = simlua_toobject(L, 1);  /* checkself raised unless it is a live object of the class */
  lua_Integer slot;
  if (slotof(L, cd, 3, lua_upvalueindex(1), &slot)) {
    simlua_Scalar v;
    int tag = scalarget(cd, obj, slot, &v);
    if (tag != SIMLUA_SCALAR_SLOW) cacheput(o, slot, tag, &v);
    switch (tag) {
      case SIMLUA_SCALAR_NUMBER: lua_pushnumber(L, v.n); return 1;
      case SIMLUA_SCALAR_INTEGER: lua_pushinteger(L, v.i); return 1;
      case SIMLUA_SCALAR_BOOLEAN: lua_pushboolean(L, (int)v.i); return 1;
      case SIMLUA_SCALAR_NIL: lua_pushnil(L); return 1;
      default: {
        int n;
        SIMLUA_SWIFT(n, accessfn(L, cls, obj, SIMLUA_OP_GET, slot));
        return finish(L, n);
      }
    }
  }
  lua_settop(L, 2);
  checktableupvalue(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL)
    return 1;
  lua_settop(L, 2);
  if (lua_type(L, 2) != LUA_TSTRING && lua_type(L, 2) != LUA_TNUMBER) {
    lua_pushnil(L);
    return 1;
  }
  {
    int n;
    SIMLUA_SWIFT(n, accessfn(L, cls, obj, SIMLUA_OP_INDEX, -1));
    return finish(L, n);
  }
}


/*
** __newindex of bridged classes. Upvalues: (1) slot table, (2) the class
** data. Stack: object, key, value.
*/
int simlua_newindex (lua_State *L) {
  simlua_ClassData *cd = classdata(L, 2);
  void *cls = cd->cls;
  void *obj = checkself(L, cd);
  lua_Integer slot;
  if (slotof(L, cd, 2, lua_upvalueindex(1), &slot)) {
    simlua_Scalar v;
    if (lua_isinteger(L, 3)) {  /* the commonest value first: one call fewer */
      v.tag = SIMLUA_SCALAR_INTEGER;
      v.i = lua_tointegerx(L, 3, NULL);
    } else switch (lua_type(L, 3)) {  /* none (a direct call with two arguments) is nil */
      case LUA_TNUMBER:
        v.tag = SIMLUA_SCALAR_NUMBER;
        v.n = lua_tonumberx(L, 3, NULL);
        break;
      case LUA_TBOOLEAN:
        v.tag = SIMLUA_SCALAR_BOOLEAN;
        v.i = lua_toboolean(L, 3);
        break;
      case LUA_TNIL: case LUA_TNONE:
        v.tag = SIMLUA_SCALAR_NIL;
        break;
      default:
        v.tag = SIMLUA_SCALAR_SLOW;
    }
    if (v.tag != SIMLUA_SCALAR_SLOW && scalarset(cd, obj, slot, &v))
      return 0;
    lua_settop(L, 3);  /* the value is always at 3, even in direct calls */
    {
      int n;
      SIMLUA_SWIFT(n, accessfn(L, cls, obj, SIMLUA_OP_SET, slot));
      return finish(L, n);
    }
  }
  lua_settop(L, 3);
  {
    int n;
    SIMLUA_SWIFT(n, accessfn(L, cls, obj, SIMLUA_OP_NEWINDEX, -1));
    return finish(L, n);
  }
}


/*
** __gc of bridged objects: releases the retained Swift object once, then
** frees the read-cache word the object has let go of. Calls nothing that
** can raise.
*/
int simlua_gc (lua_State *L) {
  simlua_Object *o = simlua_toobject(L, 1);
  if (o != NULL && o->object != NULL) {
    void *obj = o->object;
    uint64_t *cacheword = o->ncache > 0 ? o->cachetags : NULL;
    o->object = NULL;
    o->ncache = 0;
    o->cachetags = simlua_nocacheword();
    int saved = simlua_luaonly;
    simlua_luaonly = 0;
    releasefn(obj, o->cls, cacheword);  /* the object lets go of the word */
    simlua_luaonly = saved;
    if (cacheword != NULL) simlua_freecacheword(cacheword);
  }
  return 0;
}


/*
** Key (compared by address) under which bridged metatables hold `true`.
*/
void *simlua_objectmarker (void) {
  return (void *)&objectmarker;
}


/*
** coroutine.yield, with the caller's position in its errors: Lua's own
** "attempt to yield across a C-call boundary" carries no file:line, and a
** script that yields inside a callback run by Ripple (an observer, a
** delegate, a prepare block) needs to know where it did.
*/
int simlua_yield (lua_State *L) {
  if (!lua_isyieldable(L)) {
    if (lua_pushthread(L))
      return errorwhere(L, "attempt to yield from outside a coroutine");
    return errorwhere(L, "attempt to yield across a C-call boundary (a callback run by Ripple cannot yield)");
  }
  return lua_yield(L, lua_gettop(L));
}
