/*
** Patterns.c
** Ripple's own matcher for Lua 5.4's patterns (the reference manual,
** §6.4.1): string.find, string.match, string.gmatch and string.gsub,
** installed over the string library's functions in every state Ripple
** makes (so `s:find(...)` uses them too, through the string metatable).
**
** Semantics are Lua 5.4's, errors in its words. What differs is that a
** match cannot run unbounded: every step (an item tried at a position,
** a character a repetition or %b scans, 64 bytes a back-reference
** compares, 16 bytes a replacement copies) is counted, and every
** SIMLUA_PATTERNCHUNK steps are charged to the script's host-work budget
** through the callback set by simlua_setworkcharge (the budget the
** instruction limit sets, shared with fetches, sorts...). A spent budget,
** an instruction limit spent while the match ran (the sampled meter of
** Hooks.c), or Ctrl-C stops the match with an error at the caller's
** file:line. Lua's own matcher runs in C where no hook reaches:
** `("a?"):rep(30) .. ("a"):rep(30)` took hours.
**
** Everything here is C called from Lua (no Swift frame is ever between
** an error and the pcall catching it); the callback into Swift returns
** a number and never raises. The match state lives on the C stack or in
** a userdata (gmatch), so an error leaks nothing.
*/

#define _GNU_SOURCE
#include <ctype.h>
#include <stdarg.h>
#include <string.h>

#include "CLuaShim.h"
#include "Limits.h"

#define MAXCAPTURES 32        /* as LUA_MAXCAPTURES */
#define MAXDEPTH 200          /* nested item calls before "pattern too complex" (Lua's MAXCCALLS) */
#define CAPOPEN (-1)          /* a capture still open */
#define CAPPOSITION (-2)      /* a position capture: () */
#define SPECIALS "^$*+?.([%-"

#define uchar(c) ((unsigned char)(c))

static simlua_WorkCharge workcharge = NULL;

void simlua_setworkcharge (simlua_WorkCharge charge) {
  workcharge = charge;
}


typedef struct Capture {
  const char *start;
  ptrdiff_t len;              /* CAPOPEN, CAPPOSITION or a length */
} Capture;

typedef struct Matcher {
  lua_State *L;
  const char *subject;        /* the subject is [subject, subjectend) */
  const char *subjectend;
  const char *patternend;
  int ncaptures;
  int depthleft;
  long long steps;            /* steps not charged yet */
  Capture captures[MAXCAPTURES];
} Matcher;


/* {================ errors and the budget ================} */

/* Raises `fmt` (lua_pushfstring's formats) at the nearest Lua code's file:line. */
static int raise (lua_State *L, const char *fmt, ...) {
  va_list args;
  simlua_nearestwhere(L, 1);
  va_start(args, fmt);
  lua_pushvfstring(L, fmt, args);
  va_end(args);
  lua_concat(L, 2);
  return lua_error(L);
}


/* Charges the steps counted so far; raises when a limit stops the match. */
static void charge (Matcher *m) {
  long long units = m->steps, spent = 0;
  m->steps = 0;
  if (workcharge != NULL) SIMLUA_SWIFT(spent, workcharge(units));
  if (spent > 0)
    raise(m->L, "instruction limit exceeded: host work (here Lua pattern matching) reached the budget of %I units"
          " (--instruction-limit N, 0 = none)", (lua_Integer)spent);
  if (simlua_instructionbudgetspent())
    raise(m->L, "instruction limit exceeded");
  if (simlua_interruptpending(m->L))
    raise(m->L, "interrupted!");
}

static inline void step (Matcher *m, long long n) {
  m->steps += n;
  if (m->steps >= SIMLUA_PATTERNCHUNK) charge(m);
}


/* {================ arguments ================} */

static int typeerror (lua_State *L, int arg, const char *expected) {
  const char *got;
  if (luaL_getmetafield(L, arg, "__name") == LUA_TSTRING) got = lua_tostring(L, -1);
  else if (lua_type(L, arg) == LUA_TLIGHTUSERDATA) got = "light userdata";
  else got = luaL_typename(L, arg);
  return simlua_argerror(L, arg, lua_pushfstring(L, "%s expected, got %s", expected, got));
}

static const char *stringarg (lua_State *L, int arg, size_t *len) {
  const char *s = lua_tolstring(L, arg, len);
  if (s == NULL) typeerror(L, arg, "string");
  return s;
}

static lua_Integer integerarg (lua_State *L, int arg, lua_Integer def) {
  int isnum;
  lua_Integer v;
  if (lua_isnoneornil(L, arg)) return def;
  v = lua_tointegerx(L, arg, &isnum);
  if (!isnum) {
    if (lua_isnumber(L, arg)) simlua_argerror(L, arg, "number has no integer representation");
    else typeerror(L, arg, "number");
  }
  return v;
}

/* A 1-based start position from an argument that may count from the end. */
static size_t startposition (lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0) return 1;
  if (pos < -(lua_Integer)len) return 1;
  return len + (size_t)pos + 1;
}


/* {================ single characters ================} */

/* Whether `c` is in the class named by `cl` (the letter after '%'). */
static int inclass (int c, int cl) {
  int yes;
  switch (tolower(cl)) {
    case 'a': yes = isalpha(c); break;
    case 'c': yes = iscntrl(c); break;
    case 'd': yes = isdigit(c); break;
    case 'g': yes = isgraph(c); break;
    case 'l': yes = islower(c); break;
    case 'p': yes = ispunct(c); break;
    case 's': yes = isspace(c); break;
    case 'u': yes = isupper(c); break;
    case 'w': yes = isalnum(c); break;
    case 'x': yes = isxdigit(c); break;
    case 'z': yes = (c == 0); break;   /* still accepted by Lua 5.4 */
    default: return cl == c;           /* an escaped character stands for itself */
  }
  if (isupper(cl)) yes = !yes;         /* %A, %D...: the complement */
  return yes != 0;
}

/* Whether `c` is in the set [...] that starts at `open` ('[') and ends at `close` (']'). */
static int inset (int c, const char *open, const char *close) {
  int hit = 1;
  const char *p = open + 1;
  if (*p == '^') { hit = 0; p++; }
  for (; p < close; p++) {
    if (*p == '%') {
      p++;
      if (inclass(c, uchar(*p))) return hit;
    }
    else if (p[1] == '-' && p + 2 < close) {
      if (uchar(p[0]) <= c && c <= uchar(p[2])) return hit;
      p += 2;
    }
    else if (uchar(*p) == c) return hit;
  }
  return !hit;
}

/* The end of the single-character item at `p` (one past it). */
static const char *itemend (Matcher *m, const char *p) {
  char c = *p++;
  if (c == '%') {
    if (p >= m->patternend) raise(m->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    if (p < m->patternend && *p == '^') p++;
    do {   /* the first character is a member even when it is ']' */
      if (p >= m->patternend) raise(m->L, "malformed pattern (missing ']')");
      c = *p++;
      if (c == '%' && p < m->patternend) p++;
    } while (p >= m->patternend || *p != ']');
    return p + 1;
  }
  return p;
}

/* Whether the character at `s` matches the item [p, end). */
static int itemmatches (Matcher *m, const char *s, const char *p, const char *end) {
  int c;
  if (s >= m->subjectend) return 0;
  c = uchar(*s);
  switch (*p) {
    case '.': return 1;
    case '%': return inclass(c, uchar(p[1]));
    case '[': return inset(c, p, end - 1);
    default: return uchar(*p) == c;
  }
}


/* {================ the matcher ================} */

static const char *matchat (Matcher *m, const char *s, const char *p);

/* item* or item+ (after its first match): as many as possible, then fewer. */
static const char *longest (Matcher *m, const char *s, const char *p, const char *end) {
  ptrdiff_t n = 0;
  while (itemmatches(m, s + n, p, end)) { n++; step(m, 1); }
  for (; n >= 0; n--) {
    const char *rest = matchat(m, s + n, end + 1);
    if (rest != NULL) return rest;
  }
  return NULL;
}

/* item-: as few as possible, then more. */
static const char *shortest (Matcher *m, const char *s, const char *p, const char *end) {
  for (;;) {
    const char *rest = matchat(m, s, end + 1);
    if (rest != NULL) return rest;
    if (!itemmatches(m, s, p, end)) return NULL;
    s++;
  }
}

/* %bxy at `s`; `p` points at x. */
static const char *balanced (Matcher *m, const char *s, const char *p) {
  int open, close, depth = 1;
  if (p + 1 >= m->patternend) raise(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->subjectend || *s != *p) return NULL;
  open = *p; close = p[1];
  while (++s < m->subjectend) {
    step(m, 1);
    if (*s == close) { if (--depth == 0) return s + 1; }
    else if (*s == open) depth++;
  }
  return NULL;
}

/* The capture a back-reference %n names (n = the digit character). */
static int referenced (Matcher *m, int digit) {
  int i = digit - '1';
  if (i < 0 || i >= m->ncaptures || m->captures[i].len == CAPOPEN)
    raise(m->L, "invalid capture index %%%d", i + 1);
  return i;
}

static const char *backreference (Matcher *m, const char *s, int digit) {
  const Capture *cap = &m->captures[referenced(m, digit)];
  size_t len;
  if (cap->len == CAPPOSITION) return NULL;   /* a position never matches text */
  len = (size_t)cap->len;
  step(m, (long long)(len >> 6));
  if ((size_t)(m->subjectend - s) >= len && memcmp(cap->start, s, len) == 0) return s + len;
  return NULL;
}

static const char *opencapture (Matcher *m, const char *s, const char *p, ptrdiff_t kind) {
  const char *rest;
  if (m->ncaptures >= MAXCAPTURES) raise(m->L, "too many captures");
  m->captures[m->ncaptures].start = s;
  m->captures[m->ncaptures].len = kind;
  m->ncaptures++;
  rest = matchat(m, s, p);
  if (rest == NULL) m->ncaptures--;
  return rest;
}

static const char *closecapture (Matcher *m, const char *s, const char *p) {
  int i;
  const char *rest;
  for (i = m->ncaptures - 1; i >= 0 && m->captures[i].len != CAPOPEN; i--) {}
  if (i < 0) raise(m->L, "invalid pattern capture");
  m->captures[i].len = s - m->captures[i].start;
  rest = matchat(m, s, p);
  if (rest == NULL) m->captures[i].len = CAPOPEN;
  return rest;
}

/*
** Matches the pattern from `p` to its end against the subject from `s`;
** returns the end of the match or NULL. Each call is a step and a level
** of MAXDEPTH; items without alternatives loop instead of recursing.
*/
static const char *matchat (Matcher *m, const char *s, const char *p) {
  const char *end;
  int next;
  if (m->depthleft-- == 0) raise(m->L, "pattern too complex");
  step(m, 1);
  while (p < m->patternend) {
    switch (*p) {
      case '(':
        if (p + 1 < m->patternend && p[1] == ')') s = opencapture(m, s, p + 2, CAPPOSITION);
        else s = opencapture(m, s, p + 1, CAPOPEN);
        goto done;
      case ')':
        s = closecapture(m, s, p + 1);
        goto done;
      case '$':
        if (p + 1 == m->patternend) {
          if (s != m->subjectend) s = NULL;
          goto done;
        }
        break;
      case '%':
        if (p + 1 >= m->patternend) break;   /* itemend reports it */
        if (p[1] == 'b') {
          s = balanced(m, s, p + 2);
          if (s == NULL) goto done;
          p += 4;
          continue;
        }
        if (p[1] == 'f') {
          int before, at;
          p += 2;
          if (p >= m->patternend || *p != '[') raise(m->L, "missing '[' after '%%f' in pattern");
          end = itemend(m, p);
          before = (s == m->subject) ? 0 : uchar(s[-1]);
          at = (s < m->subjectend) ? uchar(*s) : 0;
          if (inset(before, p, end - 1) || !inset(at, p, end - 1)) { s = NULL; goto done; }
          p = end;
          continue;
        }
        if (isdigit(uchar(p[1]))) {
          s = backreference(m, s, uchar(p[1]));
          if (s == NULL) goto done;
          p += 2;
          continue;
        }
        break;
      default:
        break;
    }
    /* a single-character item, with its quantifier if any */
    end = itemend(m, p);
    next = (end < m->patternend) ? *end : '\0';
    if (!itemmatches(m, s, p, end)) {
      if (next == '*' || next == '?' || next == '-') { p = end + 1; continue; }
      s = NULL;
      goto done;
    }
    switch (next) {
      case '?': {
        const char *rest = matchat(m, s + 1, end + 1);
        if (rest != NULL) { s = rest; goto done; }
        p = end + 1;
        continue;
      }
      case '+': s = longest(m, s + 1, p, end); goto done;
      case '*': s = longest(m, s, p, end); goto done;
      case '-': s = shortest(m, s, p, end); goto done;
      default: s++; p = end; continue;
    }
  }
done:
  m->depthleft++;
  return s;
}


/* {================ results ================} */

static void prepare (Matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
  m->L = L;
  m->subject = s;
  m->subjectend = s + ls;
  m->patternend = p + lp;
  m->ncaptures = 0;
  m->depthleft = MAXDEPTH;
  m->steps = 0;
}

static void restart (Matcher *m) {
  m->ncaptures = 0;
  m->depthleft = MAXDEPTH;
}

/* Pushes capture `i` (the whole match [s, e) when there are none and i is 0). */
static void pushcapture (Matcher *m, int i, const char *s, const char *e) {
  if (i >= m->ncaptures) {
    if (i != 0) raise(m->L, "invalid capture index %%%d", i + 1);
    lua_pushlstring(m->L, s, (size_t)(e - s));
    return;
  }
  if (m->captures[i].len == CAPOPEN) raise(m->L, "unfinished capture");
  if (m->captures[i].len == CAPPOSITION)
    lua_pushinteger(m->L, (lua_Integer)(m->captures[i].start - m->subject) + 1);
  else
    lua_pushlstring(m->L, m->captures[i].start, (size_t)m->captures[i].len);
}

/* Pushes every capture (or the whole match when there are none and s != NULL). */
static int pushcaptures (Matcher *m, const char *s, const char *e) {
  int i, n = (m->ncaptures == 0 && s != NULL) ? 1 : m->ncaptures;
  if (!lua_checkstack(m->L, n)) raise(m->L, "stack overflow (too many captures)");
  for (i = 0; i < n; i++) pushcapture(m, i, s, e);
  return n;
}

static int hasspecials (const char *p, size_t lp) {
  size_t i;
  for (i = 0; i < lp; i++)
    if (p[i] != '\0' && strchr(SPECIALS, p[i]) != NULL) return 1;
  return 0;
}


/* {================ string.find and string.match ================} */

static int findormatch (lua_State *L, int find) {
  size_t ls, lp, init;
  const char *s = stringarg(L, 1, &ls);
  const char *p = stringarg(L, 2, &lp);
  init = startposition(integerarg(L, 3, 1), ls);
  if (init > ls + 1) {
    lua_pushnil(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !hasspecials(p, lp))) {
    Matcher m;
    const char *hit;
    prepare(&m, L, s, ls, p, lp);
    step(&m, (long long)((ls - init + 1) >> 4) + 1);   /* memmem is linear (two-way) */
    hit = memmem(s + init - 1, ls - init + 1, p, lp);
    if (hit != NULL) {
      lua_pushinteger(L, (lua_Integer)(hit - s) + 1);
      lua_pushinteger(L, (lua_Integer)(hit - s + lp));
      return 2;
    }
  }
  else {
    Matcher m;
    const char *at = s + init - 1;
    int anchored = (lp > 0 && *p == '^');
    if (anchored) { p++; lp--; }
    prepare(&m, L, s, ls, p, lp);
    do {
      const char *e;
      restart(&m);
      e = matchat(&m, at, p);
      if (e != NULL) {
        if (find) {
          lua_pushinteger(L, (lua_Integer)(at - s) + 1);
          lua_pushinteger(L, (lua_Integer)(e - s));
          return pushcaptures(&m, NULL, NULL) + 2;
        }
        return pushcaptures(&m, at, e);
      }
    } while (at++ < m.subjectend && !anchored);
  }
  lua_pushnil(L);
  return 1;
}

static int pm_find (lua_State *L) { return findormatch(L, 1); }
static int pm_match (lua_State *L) { return findormatch(L, 0); }


/* {================ string.gmatch ================} */

static const char gmatchmarker = 0;

typedef struct GMatch {
  const void *tag;             /* &gmatchmarker: the upvalue was not replaced */
  size_t next;                 /* offset where the next search starts; > length: done */
  const char *lastmatch;       /* end of the last match (no empty match there again) */
  Matcher m;
} GMatch;

static int gmatchstep (lua_State *L) {
  size_t ls, lp;
  const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
  GMatch *g = (GMatch *)lua_touserdata(L, lua_upvalueindex(3));
  const char *at;
  if (g == NULL || lua_type(L, lua_upvalueindex(3)) != LUA_TUSERDATA ||
      lua_rawlen(L, lua_upvalueindex(3)) != sizeof(GMatch) || g->tag != &gmatchmarker ||
      lua_type(L, lua_upvalueindex(1)) != LUA_TSTRING || lua_type(L, lua_upvalueindex(2)) != LUA_TSTRING ||
      s != g->m.subject || ls != (size_t)(g->m.subjectend - g->m.subject) || p + lp != g->m.patternend)
    return raise(L, "invalid gmatch iterator (its upvalue was replaced)");
  g->m.L = L;   /* the iterator may be called from another coroutine */
  for (; g->next <= ls; g->next++) {
    const char *e;
    at = s + g->next;
    restart(&g->m);
    e = matchat(&g->m, at, p);
    if (e != NULL && e != g->lastmatch) {
      g->next = (size_t)(e - s);
      g->lastmatch = e;
      return pushcaptures(&g->m, at, e);
    }
  }
  return 0;
}

static int pm_gmatch (lua_State *L) {
  size_t ls, lp, init;
  const char *s = stringarg(L, 1, &ls);
  const char *p = stringarg(L, 2, &lp);
  GMatch *g;
  init = startposition(integerarg(L, 3, 1), ls) - 1;
  lua_settop(L, 2);
  g = (GMatch *)lua_newuserdatauv(L, sizeof(GMatch), 0);
  g->tag = &gmatchmarker;
  g->next = (init > ls) ? ls + 1 : init;
  g->lastmatch = NULL;
  prepare(&g->m, L, s, ls, p, lp);
  lua_pushcclosure(L, gmatchstep, 3);
  return 1;
}


/* {================ string.gsub ================} */

/* Appends the replacement string (argument 3) with its %0-%9 and %%. */
static void addreplacement (Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
  lua_State *L = m->L;
  size_t l;
  const char *r = lua_tolstring(L, 3, &l);
  const char *end = r + l;
  step(m, (long long)(l >> 4) + 1);
  for (;;) {
    const char *pct = memchr(r, '%', (size_t)(end - r));
    if (pct == NULL) break;
    luaL_addlstring(b, r, (size_t)(pct - r));
    pct++;
    if (pct < end && *pct == '%') luaL_addchar(b, '%');
    else if (pct < end && *pct == '0') luaL_addlstring(b, s, (size_t)(e - s));
    else if (pct < end && isdigit(uchar(*pct))) {
      pushcapture(m, *pct - '1', s, e);
      luaL_addvalue(b);   /* a position capture adds its number */
    }
    else raise(L, "invalid use of '%%' in replacement string");
    r = pct + 1;
  }
  luaL_addlstring(b, r, (size_t)(end - r));
}

/* Appends what replaces the match [s, e); returns whether the text changed. */
static int addvalue (Matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    int n;
    lua_pushvalue(L, 3);
    n = pushcaptures(m, s, e);
    lua_call(L, n, 1);
  }
  else if (kind == LUA_TTABLE) {
    pushcapture(m, 0, s, e);
    lua_gettable(L, 3);
  }
  else {
    addreplacement(m, b, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {   /* nil or false: the match stays */
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1))
    return raise(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  luaL_addvalue(b);
  return 1;
}

static int pm_gsub (lua_State *L) {
  size_t ls, lp;
  const char *s = stringarg(L, 1, &ls);
  const char *p = stringarg(L, 2, &lp);
  const char *lastmatch = NULL;
  int kind = lua_type(L, 3);
  lua_Integer limit = integerarg(L, 4, (lua_Integer)ls + 1);
  lua_Integer n = 0;
  int anchored = (lp > 0 && *p == '^'), changed = 0;
  Matcher m;
  luaL_Buffer b;
  if (!(kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE))
    return typeerror(L, 3, "string/function/table");
  luaL_buffinit(L, &b);
  if (anchored) { p++; lp--; }
  prepare(&m, L, s, ls, p, lp);
  while (n < limit) {
    const char *e;
    restart(&m);
    e = matchat(&m, s, p);
    if (e != NULL && e != lastmatch) {
      n++;
      changed = addvalue(&m, &b, s, e, kind) | changed;
      s = lastmatch = e;
    }
    else if (s < m.subjectend) luaL_addchar(&b, *s++);
    else break;
    if (anchored) break;
  }
  if (!changed) lua_pushvalue(L, 1);   /* nothing replaced: the subject itself */
  else {
    luaL_addlstring(&b, s, (size_t)(m.subjectend - s));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}


/*
** Replaces string.find, match, gmatch and gsub with the functions above.
** Runs under lua_pcall (in openlibs).
*/
void simlua_openpatterns (lua_State *L) {
  static const luaL_Reg functions[] = {
    { "find", pm_find }, { "match", pm_match }, { "gmatch", pm_gmatch }, { "gsub", pm_gsub }, { NULL, NULL }
  };
  if (lua_getglobal(L, "string") == LUA_TTABLE)
    luaL_setfuncs(L, functions, 0);
  lua_pop(L, 1);
}
