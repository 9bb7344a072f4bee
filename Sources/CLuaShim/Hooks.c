/*
** Hooks.c
** Debug hooks that raise errors: the runaway-script guard (the
** instruction limit) and the Ctrl-C interrupt (lua.c's lstop/laction).
**
** The instruction limit has two meters.
**
** - Exact (a budget up to SIMLUA_EXACTLIMIT): a count hook. Lua 5.4
**   traps every VM instruction once any count hook is set, whatever its
**   count (luaV_execute's 'trap' calls luaG_traceexec for each one), so
**   a plain loop runs about 2.5x slower. Deterministic.
**
** - Sampled (larger budgets, the default 1e9): no hook while the script
**   runs. A POSIX timer on the calling thread's CPU clock
**   (CLOCK_THREAD_CPUTIME_ID, delivered to that thread with
**   SIGEV_THREAD_ID) ticks every SIMLUA_TICKNS nanoseconds of CPU time.
**   The signal handler runs on the Lua thread itself, as lua.c's SIGINT
**   handler does; a tick that finds Lua (or C under lua_pcall) running
**   charges the budget SIMLUA_TICKNS / SIMLUA_NSPERINSTR instructions,
**   a tick that finds Swift running charges nothing (host work has its
**   own meter). When the budget is spent, the handler arms the count
**   hook (lua_sethook is safe in a signal handler: see lua.c's laction
**   and the comment on lua_sethook in ldebug.c) on the main thread and
**   on the coroutine running, which raises at the next instruction.
*/

#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "CLuaShim.h"
#include "Limits.h"


/*
** Count hook of the instruction limit. Once the budget is spent it fires
** at every instruction, so a script that catches the error with pcall
** cannot keep running.
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
** {======================================================
** The sampled meter
** =======================================================
*/

/* What the tick handler of this thread charges (one outermost call). */
typedef struct Meter {
  lua_State *volatile main;     /* NULL: no sampled call running */
  lua_State *volatile running;  /* the coroutine resumed last (NULL: main) */
  volatile long long left;      /* instructions left in the budget */
  volatile sig_atomic_t armed;  /* the budget is spent and the hook set */
} Meter;

static _Thread_local Meter meter;
static _Thread_local timer_t ticktimer;
static _Thread_local int hastimer = 0;  /* 1 created, -1 cannot */
static pthread_once_t handleronce = PTHREAD_ONCE_INIT;
static int ticksignal = 0;


static void armlimit (void) {
  meter.armed = 1;
  if (meter.running != NULL)
    lua_sethook(meter.running, limithook, LUA_MASKCOUNT, 1);
  lua_sethook(meter.main, limithook, LUA_MASKCOUNT, 1);
}


static void tick (int sig) {
  int saved = errno;
  (void)sig;
  if (meter.main != NULL && simlua_luaonly) {
    meter.left -= SIMLUA_TICKNS / SIMLUA_NSPERINSTR;
    if (meter.left <= 0)
      armlimit();  /* every tick while spent: an outer coroutine may run again */
  }
  errno = saved;
}


static void installhandler (void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = tick;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  ticksignal = SIGRTMIN + 4;
  if (sigaction(ticksignal, &sa, NULL) != 0)
    ticksignal = 0;
}


/* The CPU-time timer of the calling thread, created on first use. */
static int ensuretimer (void) {
  struct sigevent ev;
  pthread_once(&handleronce, installhandler);
  if (hastimer != 0) return hastimer > 0;
  if (ticksignal == 0) { hastimer = -1; return 0; }
  memset(&ev, 0, sizeof ev);
  ev.sigev_notify = SIGEV_THREAD_ID;
  ev.sigev_signo = ticksignal;
  ev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
  hastimer = (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &ticktimer) == 0) ? 1 : -1;
  if (hastimer > 0) {  /* a parent may have started us (or this thread) with it blocked */
    sigset_t tickset;
    sigemptyset(&tickset);
    sigaddset(&tickset, ticksignal);
    pthread_sigmask(SIG_UNBLOCK, &tickset, NULL);
  }
  return hastimer > 0;
}


static void settimer (long long ns) {
  struct itimerspec spec;
  memset(&spec, 0, sizeof spec);
  spec.it_value.tv_sec = ns / 1000000000;
  spec.it_value.tv_nsec = ns % 1000000000;
  spec.it_interval = spec.it_value;
  timer_settime(ticktimer, 0, &spec, NULL);
}


/*
** coroutine.resume and the functions made by coroutine.wrap, wrapped so
** that the meter knows which coroutine runs (the tick must arm the hook
** on it: a hook set on the main thread does not stop a loop inside a
** coroutine). Upvalue 1: the original function.
*/
static int trackedresume (lua_State *L) {
  lua_State *saved = meter.running;
  lua_State *co = lua_tothread(L, lua_upvalueindex(2));
  int status, n = lua_gettop(L);
  if (co == NULL) {  /* coroutine.resume(co, ...) */
    co = lua_tothread(L, 1);
    if (co == NULL) return luaL_typeerror(L, 1, "thread");  /* Lua's own message, naming this function */
  }
  if (co != NULL) {
    meter.running = co;
    if (meter.armed && meter.main != NULL) lua_sethook(co, limithook, LUA_MASKCOUNT, 1);
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  status = lua_pcall(L, n, LUA_MULTRET, 0);
  meter.running = saved;
  if (status != LUA_OK) {
    if (status != LUA_ERRMEM && !lua_isnoneornil(L, lua_upvalueindex(2)) &&
        lua_type(L, -1) == LUA_TSTRING) {  /* wrap: the caller's position, as auxwrap adds */
      luaL_where(L, 1);
      lua_insert(L, -2);
      lua_concat(L, 2);
    }
    return lua_error(L);
  }
  return lua_gettop(L);
}


static int trackedwrap (lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);     /* the original wrap: a function */
  lua_getupvalue(L, -1, 1);              /* its coroutine */
  lua_pushcclosure(L, trackedresume, 2);
  return 1;
}


/* Wraps coroutine.resume and coroutine.wrap (called under lua_pcall). */
void simlua_trackcoroutines (lua_State *L) {
  if (lua_getglobal(L, "coroutine") == LUA_TTABLE) {
    lua_getfield(L, -1, "resume");
    lua_pushnil(L);
    lua_pushcclosure(L, trackedresume, 2);
    lua_setfield(L, -2, "resume");
    lua_getfield(L, -1, "wrap");
    lua_pushcclosure(L, trackedwrap, 1);
    lua_setfield(L, -2, "wrap");
  }
  lua_pop(L, 1);
}

/* }====================================================== */


/*
** Starts the budget of an outermost call: `count` VM instructions from
** now (exact up to SIMLUA_EXACTLIMIT, sampled above). A count <= 0
** removes the hook if it is ours. Returns 1 when the sampled meter runs
** (then simlua_endinstructionlimit must be called on this thread).
*/
int simlua_setinstructionlimit (lua_State *L, long long count) {
  lua_Hook hook = lua_gethook(L);
  if (count > 0 && count <= SIMLUA_EXACTLIMIT) {
    lua_sethook(L, limithook, LUA_MASKCOUNT, (int)count);
    return 0;
  }
  if (hook == limithook || hook == lstop)
    lua_sethook(L, NULL, 0, 0);
  if (count <= 0)
    return 0;
  if (!ensuretimer()) {  /* no CPU-time timer: count exactly rather than not at all */
    lua_sethook(L, limithook, LUA_MASKCOUNT, count > INT_MAX ? INT_MAX : (int)count);
    return 0;
  }
  if (meter.main != NULL && meter.main != L)
    return 0;  /* another state's call runs below this one on this thread: its meter goes on */
  meter.main = L;
  meter.running = NULL;
  meter.left = count;
  meter.armed = 0;
  settimer(SIMLUA_TICKNS);
  return 1;
}


/*
** Ends the sampled meter started by simlua_setinstructionlimit on this
** thread and removes the hook it may have armed.
*/
void simlua_endinstructionlimit (lua_State *L) {
  if (meter.main == L) {
    if (hastimer > 0) settimer(0);
    meter.main = NULL;
    meter.running = NULL;
    meter.armed = 0;  /* a later state's coroutines on this thread must not inherit it */
  }
  if (lua_gethook(L) == limithook)
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


int simlua_instructionbudgetspent (void) {
  return meter.main != NULL && meter.armed;
}


int simlua_interruptpending (lua_State *L) {
  return lua_gethook(L) == lstop;
}


/*
** {======================================================
** Ctrl-C while a chunk runs (lua.c's laction): the handler only installs
** the hook, and restores the default action so a second Ctrl-C kills.
** =======================================================
*/

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
