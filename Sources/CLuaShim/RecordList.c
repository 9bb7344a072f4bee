/*
** RecordList.c
** Many records in one call: the objects of a batch insert request
** (ripple.batchInsertRequest { objects = { {...}, {...}, ... } }), read as
** Record.c reads one record, but with each key matched in C against the
** caller's known keys (key identities by number), so the caller gets key
** numbers and values for a run of objects without a Swift call per object or
** per field.
**
** An object is read only when it is a plain record of known keys: a table of
** at most SIMLUA_RECORDMAX pairs, every key a string whose identity is one of
** the known keys, every value a boolean, a number or a string. The first
** object that is not ends the run (the caller reads it its own way, which
** words every error, and may teach its keys), as does a full buffer.
** String values are reported as pointers to the bytes of the Lua strings,
** valid while the objects stay in the list and no Lua code runs.
*/

#include "CLuaShim.h"
#include "RecordValue.h"


/*
** The number of the known key `id`, or -1. `*hint` is the key found at the
** same position of the previous object (tables made by one constructor list
** their keys in one order), tried first.
*/
static int findkey (const simlua_RecordList *r, const void *id, int *hint) {
  int k;
  if (*hint < r->nkeys && r->keys[*hint] == id) return *hint;
  for (k = 0; k < r->nkeys; k++) {
    if (r->keys[k] == id) {
      *hint = k;
      return k;
    }
  }
  return -1;
}


/*
** Reads the object on top of the stack into r->fields from r->nfields on;
** returns 1, or 0 (fields added dropped, stack as before) when it is not a
** plain record of known keys or does not fit. Runs no metamethod; never
** raises (lua_next only raises for a key not in the table, and the walk
** only passes keys lua_next returned).
*/
static int readobject (lua_State *L, simlua_RecordList *r) {
  int obj = lua_gettop(L);
  int start = r->nfields;
  int n = 0;
  if (lua_type(L, obj) != LUA_TTABLE) return 0;
  lua_pushnil(L);
  while (lua_next(L, obj) != 0) {
    simlua_ListField *f;
    int key;
    if (n == SIMLUA_RECORDMAX || r->nfields == SIMLUA_LISTFIELDS || lua_type(L, -2) != LUA_TSTRING)
      goto irregular;
    /* a long (not interned) key matches no known key (those are alive, so no */
    /* other string has their address) */
    key = findkey(r, lua_topointer(L, -2), &r->hints[n]);
    if (key < 0) goto irregular;
    f = &r->fields[r->nfields];
    f->key = key;
    if (!simlua_readvalue(L, &f->v)) goto irregular;
    lua_settop(L, -2);
    r->nfields++;
    n++;
  }
  return 1;
irregular:
  lua_settop(L, obj);
  r->nfields = start;
  return 0;
}


/*
** Reads the objects first, first + 1, ... last (1-based) of the list at
** `list` into `r` (r->keys and r->nkeys set by the caller), until one is not
** a plain record of known keys or the buffer is full. Sets r->count and
** r->nfields (r->ends[j]: the fields of objects 0 ... j) and returns the
** number of objects read (0: object `first` is not one; the caller reads it).
** Never raises; leaves the stack as it was.
*/
int simlua_readrecordlist (lua_State *L, int list, lua_Integer first, lua_Integer last, simlua_RecordList *r) {
  lua_Integer i;
  list = lua_absindex(L, list);
  r->count = 0;
  r->nfields = 0;
  if (lua_type(L, list) != LUA_TTABLE || !lua_checkstack(L, 4)) return 0;
  for (i = first; i <= last && r->count < SIMLUA_LISTOBJECTS; i++) {
    int ok;
    lua_rawgeti(L, list, i);
    ok = readobject(L, r);
    lua_settop(L, -2);
    if (!ok) break;
    r->ends[r->count++] = r->nfields;
  }
  return r->count;
}
