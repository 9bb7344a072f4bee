/*
** Record.c
** The record fast path of Swift functions that take a table of fields
** (ctx:insert(entity, {name = value, ...})): before the Swift function
** runs, C reads the table's pairs into a block on its own stack, so Swift
** needs neither a protected `pairs` snapshot (a new Lua table) nor a Swift
** string per key. Keys are reported by identity (the address of the
** interned string), values as scalars or as pointers to the string bytes,
** which the table (an argument, still on the stack) keeps alive while the
** Swift function runs.
**
** Only plain records are read: at most SIMLUA_RECORDMAX pairs, every key a
** string (reported by identity: a caller matches interned keys, and a long
** key matches none), every value nil, a boolean, a number or a string. Anything else leaves the record unread (count -1) and the Swift
** function takes its general path, which words every error.
*/

#include "CLuaShim.h"
#include "Limits.h"
#include "RecordValue.h"

/* Trampoline.c */
int  simlua_callswift (lua_State *L, void *box);
int  simlua_finish (lua_State *L, int n);
void simlua_invalidupvalue (lua_State *L);

/* The record of the innermost running record function of this thread. */
static _Thread_local const simlua_Record *currentrecord = NULL;

/* Tags the upvalue blocks of record functions (checked at every call). */
static const char recordmarker = 0;


/*
** Reads the table at `idx` into `r` (see above). Runs no metamethod; never
** raises: lua_next only raises for a key that is not in the table, and the
** traversal only passes keys lua_next itself returned.
*/
static void readrecord (lua_State *L, int idx, simlua_Record *r) {
  int n = 0;
  r->L = L;
  r->table = NULL;
  r->count = -1;
  if (lua_type(L, idx) != LUA_TTABLE || !lua_checkstack(L, 3)) return;
  r->table = lua_topointer(L, idx);
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    simlua_Field *f;
    /* a long (not interned) key is read too: its identity never equals that of an */
    /* interned key the caller compares it with (those strings are alive, so no other */
    /* string has their address), so the caller sends it to its general path */
    if (n == SIMLUA_RECORDMAX || lua_type(L, -2) != LUA_TSTRING) {
      lua_pop(L, 2);
      return;
    }
    f = &r->fields[n];
    f->key = lua_topointer(L, -2);
    if (!simlua_readvalue(L, &f->v)) {
      lua_pop(L, 2);
      return;
    }
    lua_pop(L, 1);
    n++;
  }
  r->count = n;
}


/*
** Entry point of record functions: simlua_trampoline, with the table
** argument read first. Upvalue 1: the function block (as for
** simlua_pushfunction); upvalue 2: the argument number of the table.
**
** Unlike simlua_trampoline, it does not reserve EXTRASTACK slots: the
** function has Lua's LUA_MINSTACK (20) on top of its arguments, enough for
** a fast path that pushes its result, and calls simlua_checkstack (Swift:
** LuaState.reserveStack) before a general path that converts values. A
** reservation on every call cost ≈ 0.25k instructions per ctx:insert:
** each collection cycle shrinks the thread's stack (luaD_shrinkstack), and
** growing it back by EXTRASTACK asks malloc for a block large enough to
** make it consolidate its fast bins (tens of thousands of instructions).
*/
static int recordtrampoline (lua_State *L) {
  int up = lua_upvalueindex(1);
  simlua_Function *f = (simlua_Function *)lua_touserdata(L, up);
  simlua_Record record;
  const simlua_Record *saved;
  int n;
  if (f == NULL || lua_rawlen(L, up) != sizeof(simlua_Function) || f->tag != &recordmarker)
    simlua_invalidupvalue(L);
  readrecord(L, (int)lua_tointegerx(L, lua_upvalueindex(2), NULL), &record);
  saved = currentrecord;
  currentrecord = &record;
  n = simlua_callswift(L, f->box);
  currentrecord = saved;
  return simlua_finish(L, n);
}


/*
** Pushes a Lua function calling the Swift function box `box` (as
** simlua_pushfunction) whose argument `arg` is read as a record first.
*/
void simlua_pushrecordfunction (lua_State *L, void *box, int arg) {
  simlua_Function *f = (simlua_Function *)lua_newuserdatauv(L, sizeof(simlua_Function), 0);
  f->tag = &recordmarker;
  f->box = box;
  lua_pushinteger(L, arg);
  lua_pushcclosure(L, recordtrampoline, 2);
}


/*
** The record read for the innermost running record function of this
** thread, or NULL. Its strings stay valid while that function runs.
*/
const simlua_Record *simlua_currentrecord (void) {
  return currentrecord;
}
