/*
** Callbacks.c
** The fast path of a Lua function that Swift calls on every change (a
** fetched-results delegate's callbacks): one call pushes the function and
** the userdata of its receiver, both read raw, with nothing that can raise
** or run a metamethod. Anything unusual (no such function, a callable that
** is not a function, an inherited one, a receiver collected or finalized)
** pushes nothing, and the caller takes its general path.
*/

#include "CLuaShim.h"

/* Address used as the registry key of the weak slots' shared metatable. */
static const char weakslotkey = 0;


/*
** Pushes a new weak slot holding the value at `idx`: a table whose value 1
** is that value, held weakly (its metatable, shared by every slot and kept
** in the registry, has __mode "v"). A collectable value is cleared from
** the slot before its finalizer runs, so a slot never holds a finalized
** userdata. Raises only memory errors (the aborting allocator turns them
** into an abort).
*/
void simlua_newweakslot (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_checkstack(L, 4);
  lua_createtable(L, 1, 0);                                      /* slot */
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &weakslotkey) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 1);                                    /* slot mt */
    lua_pushliteral(L, "__mode");
    lua_pushliteral(L, "v");
    lua_rawset(L, -3);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &weakslotkey);
  }
  lua_setmetatable(L, -2);                                       /* slot */
  lua_pushvalue(L, idx);
  lua_rawseti(L, -2, 1);
}


/*
** Pushes `t[k]` and the receiver for a call `t[k](receiver, ...)`, where
** `t`, `k` and the weak slot of the receiver are the registry references
** `tableref`, `keyref` and `slotref`: returns 1 with the function and the
** receiver's userdata pushed when `t` is a table holding a function under
** `k` itself (read raw) and the slot holds a live userdata of `object`;
** returns 0 with nothing pushed otherwise. Never raises.
*/
int simlua_pushcallback (lua_State *L, int tableref, int keyref, int slotref,
                         const void *object) {
  int top = lua_gettop(L);
  simlua_Object *o;
  if (!lua_checkstack(L, 4)) return 0;
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, tableref) != LUA_TTABLE)  /* t */
    goto miss;
  lua_rawgeti(L, LUA_REGISTRYINDEX, keyref);                     /* t k */
  if (lua_rawget(L, -2) != LUA_TFUNCTION)                        /* t f */
    goto miss;
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, slotref) != LUA_TTABLE)  /* t f slot */
    goto miss;
  if (lua_rawgeti(L, -1, 1) != LUA_TUSERDATA)                    /* t f slot ud */
    goto miss;
  o = simlua_toobject(L, -1);
  if (o == NULL || o->object != object)
    goto miss;
  lua_copy(L, top + 2, top + 1);                                 /* f f slot ud */
  lua_copy(L, top + 4, top + 2);                                 /* f ud slot ud */
  lua_settop(L, top + 2);                                        /* f ud */
  return 1;
miss:
  lua_settop(L, top);
  return 0;
}


/*
** simlua_pushunsharedobject (Objects.c) with the class metatable read
** through the registry reference `mtref` (an array read) instead of by the
** class's address (a hash lookup): pushes a new userdata for `object`, an
** object made for this one push, outside the identity cache, without a read
** cache. Returns 0, pushing nothing, when `mtref` holds no table. The caller
** retains `object` for the userdata's __gc. Raises only memory errors (an
** abort).
*/
int simlua_pushunsharedwith (lua_State *L, void *object, void *cls, int mtref) {
  simlua_Object *o;
  if (!lua_checkstack(L, 2)) return 0;
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, mtref) != LUA_TTABLE) {  /* mt */
    lua_pop(L, 1);
    return 0;
  }
  o = (simlua_Object *)lua_newuserdatauv(L, SIMLUA_OBJECTSIZE(0), 0);  /* mt ud */
  o->tag = simlua_objectmarker();
  o->object = object;
  o->cls = cls;
  o->ncache = 0;
  o->cachetags = simlua_nocacheword();
  lua_rotate(L, -2, 1);                                          /* ud mt */
  lua_setmetatable(L, -2);                                       /* ud */
  return 1;
}
