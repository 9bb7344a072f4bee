/*
** RecordValue.h (private to CLuaShim)
** The value of a record field, as Record.c (one record) and RecordList.c
** (the objects of a batch insert request) read it.
*/

#ifndef simlua_recordvalue_h
#define simlua_recordvalue_h

#include "CLuaShim.h"

/*
** Reads the value on top of the stack into `v`: returns 1 for a boolean, a
** number or a string, 0 (v->type set, nothing else) for any other type. A
** string value is neither converted nor copied: v->s points at the Lua
** string's bytes. Runs no metamethod; never raises.
*/
static inline int simlua_readvalue (lua_State *L, simlua_Value *v) {
  v->type = lua_type(L, -1);
  switch (v->type) {
    case LUA_TBOOLEAN:
      v->isinteger = 0;
      v->i = lua_toboolean(L, -1);
      return 1;
    case LUA_TNUMBER:
      v->isinteger = lua_isinteger(L, -1);
      if (v->isinteger) v->i = lua_tointegerx(L, -1, NULL);
      else v->n = lua_tonumberx(L, -1, NULL);
      return 1;
    case LUA_TSTRING:
      v->s = lua_tolstring(L, -1, &v->len);
      return 1;
    default:
      return 0;
  }
}

#endif
