/*
** Hooks.c
** Debug hooks that raise errors: the runaway-script guard and the
** Ctrl-C interrupt (lua.c's lstop/laction).
*/

#include "CLuaShim.h"


/*
** Count hook installed by simlua_setinstructionlimit. Once the budget is
** spent it fires at every instruction, so a script that catches the error
** with pcall cannot keep running.
*/
static void limithook (lua_State *L, lua_Debug *ar) {
  (void)ar;
  lua_sethook(L, limithook, LUA_MASKCOUNT, 1);
  luaL_where(L, 0);  /* the function running out of budget (a hook has no level of its own) */
  lua_pushstring(L, "instruction limit exceeded");
  lua_concat(L, 2);
  lua_error(L);
}


/*
** Hook set by simlua_interrupt: clears itself and raises, as lua.c's
** lstop does.
*/
static void lstop (lua_State *L, lua_Debug *ar) {
  (void)ar;
  lua_sethook(L, NULL, 0, 0);
  luaL_error(L, "interrupted!");
}


/*
** Raises "instruction limit exceeded" after `count` VM instructions
** (counted from now). A count <= 0 removes the hook if it is ours.
*/
void simlua_setinstructionlimit (lua_State *L, int count) {
  if (count > 0)
    lua_sethook(L, limithook, LUA_MASKCOUNT, count);
  else if (lua_gethook(L) == limithook)
    lua_sethook(L, NULL, 0, 0);
}


/*
** Makes the running code raise "interrupted!" at the next call, return
** or instruction. Only calls lua_sethook, so it is safe in a signal
** handler (lua.c's laction).
*/
void simlua_interrupt (lua_State *L) {
  int flag = LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT;
  lua_sethook(L, lstop, flag, 1);
}


/*
** {======================================================
** Ctrl-C while a chunk runs (lua.c's laction): the handler only installs
** the hook, and restores the default action so a second Ctrl-C kills.
** =======================================================
*/

#include <signal.h>

static lua_State *interruptible = NULL;

static void laction (int sig) {
  signal(sig, SIG_DFL);
  if (interruptible != NULL)
    simlua_interrupt(interruptible);
}


/*
** Installs (enable != 0) or removes the SIGINT handler that interrupts
** the code running in `L`.
*/
void simlua_catchinterrupts (lua_State *L, int enable) {
  if (enable) {
    interruptible = L;
    signal(SIGINT, laction);
  }
  else {
    signal(SIGINT, SIG_DFL);
    interruptible = NULL;
  }
}

/* }====================================================== */
