/*
** Trampoline.c
** Entry points from Lua into Swift: the function trampoline and the
** metamethods of bridged object classes. Swift returns a status; any
** error is raised here, after the Swift frames are gone.
*/

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

/* Address used as the registry key of the weak object cache. */
static const char cachekey = 0;


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
** Turns a status returned by Swift into results or a raised error.
** SIMLUA_RAISE_WHERE prefixes the position of the calling Lua code,
** as luaL_error does; SIMLUA_ARGERROR uses luaL_argerror's wording.
*/
static int finish (lua_State *L, int n) {
  switch (n) {
    case SIMLUA_RAISE:
      return lua_error(L);
    case SIMLUA_RAISE_WHERE:
      luaL_where(L, 1);
      lua_insert(L, -2);
      lua_concat(L, 2);
      return lua_error(L);
    case SIMLUA_ARGERROR: {
      int arg = (int)lua_tointeger(L, -2);
      return luaL_argerror(L, arg, lua_tostring(L, -1));
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
  int n;
  SIMLUA_SWIFT(n, dispatchfn(L, lua_touserdata(L, lua_upvalueindex(1))));
  return finish(L, n);
}


/*
** Returns the bridged object at index 1 if it belongs to class `cls`;
** raises a type error otherwise (the metamethods can be called directly
** from Lua with any value through debug.getmetatable).
*/
static void *checkself (lua_State *L, void *cls) {
  simlua_Object *o = (simlua_Object *)lua_touserdata(L, 1);
  /* light userdata have raw length 0, so this also rules them out */
  if (o == NULL || lua_rawlen(L, 1) != sizeof(simlua_Object) || o->cls != cls)
    luaL_typeerror(L, 1, "bridged object");
  if (o->object == NULL)
    luaL_error(L, "attempt to use a finalized object");
  return o->object;
}


/*
** Finds the slot of the key at index 2 in the slot table at `slots`: from
** the cache when the key is a cached string, else by lua_rawget (caching
** short-string keys). Leaves the stack as it was. Returns 0 when the key
** is not a property.
*/
static int slotof (lua_State *L, simlua_ClassData *cd, int slots,
                   lua_Integer *slot) {
  int isstring = (lua_type(L, 2) == LUA_TSTRING);
  const void *k = isstring ? lua_topointer(L, 2) : NULL;  /* the TString */
  unsigned h = (unsigned)(((uintptr_t)k >> 4) & (SIMLUA_KEYCACHE - 1));
  if (k != NULL && cd->keys[h] == k) {
    *slot = cd->slots[h];
    return 1;
  }
  lua_pushvalue(L, 2);
  if (lua_rawget(L, slots) != LUA_TNUMBER) {
    lua_pop(L, 1);
    return 0;
  }
  *slot = lua_tointegerx(L, -1, NULL);
  lua_pop(L, 1);
  if (isstring && lua_rawlen(L, 2) <= SHORTLEN) {
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
void simlua_pushclassdata (lua_State *L, void *cls) {
  simlua_ClassData *cd = (simlua_ClassData *)lua_newuserdatauv(L, sizeof(simlua_ClassData), 0);
  memset(cd, 0, sizeof(simlua_ClassData));
  cd->cls = cls;
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
  simlua_ClassData *cd = (simlua_ClassData *)lua_touserdata(L, lua_upvalueindex(3));
  void *cls = cd->cls;
  void *obj = checkself(L, cls);
  lua_Integer slot;
  if (slotof(L, cd, lua_upvalueindex(1), &slot)) {
    simlua_Scalar v;
    switch (fastgetfn(cls, obj, slot, &v)) {
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
  simlua_ClassData *cd = (simlua_ClassData *)lua_touserdata(L, lua_upvalueindex(2));
  void *cls = cd->cls;
  void *obj = checkself(L, cls);
  lua_Integer slot;
  lua_settop(L, 3);  /* the value is always at 3, even in direct calls */
  if (slotof(L, cd, lua_upvalueindex(1), &slot)) {
    simlua_Scalar v;
    switch (lua_type(L, 3)) {
      case LUA_TNUMBER:
        if (lua_isinteger(L, 3)) {
          v.tag = SIMLUA_SCALAR_INTEGER;
          v.i = lua_tointegerx(L, 3, NULL);
        } else {
          v.tag = SIMLUA_SCALAR_NUMBER;
          v.n = lua_tonumberx(L, 3, NULL);
        }
        break;
      case LUA_TBOOLEAN:
        v.tag = SIMLUA_SCALAR_BOOLEAN;
        v.i = lua_toboolean(L, 3);
        break;
      case LUA_TNIL:
        v.tag = SIMLUA_SCALAR_NIL;
        break;
      default:
        v.tag = SIMLUA_SCALAR_SLOW;
    }
    if (v.tag != SIMLUA_SCALAR_SLOW && fastsetfn(cls, obj, slot, &v))
      return 0;
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
** __gc of bridged objects: releases the retained Swift object once.
** Calls nothing that can raise.
*/
int simlua_gc (lua_State *L) {
  simlua_Object *o = (simlua_Object *)lua_touserdata(L, 1);
  if (o != NULL && lua_rawlen(L, 1) == sizeof(simlua_Object) &&
      o->object != NULL) {
    void *obj = o->object;
    o->object = NULL;
    int saved = simlua_luaonly;
    simlua_luaonly = 0;
    releasefn(obj);
    simlua_luaonly = saved;
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
** Pushes the userdata for `object`. The class metatable must be on top of
** the stack; it is replaced by the userdata. Identity is kept by a weak-
** valued cache in the registry keyed by the object's address. Returns 1
** when a new userdata was created (the caller must then retain `object`),
** 0 when the cached one was reused. Raises only memory errors, which the
** aborting allocator turns into an abort.
*/
int simlua_pushobject (lua_State *L, void *object, void *cls) {
  int mt = lua_absindex(L, -1);
  simlua_Object *o;
  lua_checkstack(L, 4);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &cachekey) != LUA_TTABLE) {
    lua_settop(L, mt);
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 1);
    lua_pushstring(L, "__mode");
    lua_pushstring(L, "v");
    lua_rawset(L, -3);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &cachekey);
  }
  if (lua_rawgetp(L, -1, object) == LUA_TUSERDATA &&
      ((simlua_Object *)lua_touserdata(L, -1))->object == object) {  /* mt cache ud */
    lua_replace(L, mt);
    lua_settop(L, mt);
    return 0;
  }
  /* none, or one finalized by a direct call of its __gc (getmetatable(o).__gc(o)): make a new one */
  lua_pop(L, 1);                                     /* mt cache */
  o = (simlua_Object *)lua_newuserdatauv(L, sizeof(simlua_Object), 0);
  o->object = object;
  o->cls = cls;
  lua_pushvalue(L, mt);
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, -3, object);                        /* mt cache ud */
  lua_replace(L, mt);
  lua_settop(L, mt);
  return 1;
}
