/*
** CRippleBench: C helpers used only by the ripple-bench executable.
**
** - A malloc call counter (malloc, calloc, realloc and the aligned
**   allocators of this process are interposed and forwarded to glibc).
** - The heap bytes in use (mallinfo2).
** - A hand-written C userdata with __index/__newindex over a double array,
**   the reference of T3e.
** - A hand-written SQLite batch insert, the reference of T6.
*/
#ifndef RIPPLE_CRIPPLEBENCH_H
#define RIPPLE_CRIPPLEBENCH_H

#include <stddef.h>
#include <stdio.h>
#include <lua.h>

/* Number of allocation calls made by this process so far. */
unsigned long long ripplebench_allocations (void);

/* Heap bytes in use: mallinfo2 uordblks + hblkhd. */
size_t ripplebench_heapinuse (void);

/*
** Pushes a userdata whose __index/__newindex, written in C, read and write
** storage[slot] for the keys of a slot table {key = 0}. The metamethods
** run from Lua only; pushing raises only memory errors.
*/
void ripplebench_pushcproxy (lua_State *L, const char *key, double *storage);
/* The floors of T3a and T3c: a userdata whose C __index returns the constant 1.5 for any key, and a C
** function returning 1.0 (no checks, no lookup: Lua's own cost of a metamethod call / a C call). */
void ripplebench_pushconstindex (lua_State *L);
int  ripplebench_constfunction (lua_State *L);

/*
** Opens the existing store file at path and writes rows 1...count of
** ZITEM (Z_PK = i, ZLABEL = "item i", ZN = i, ZSCORE = i * 0.5) through one
** prepared INSERT OR REPLACE in one BEGIN IMMEDIATE transaction; closes it.
** Returns SQLITE_OK or the failing SQLite result code.
*/
int ripplebench_sqlite_insert (const char *path, int count);

/*
** The C library's streams, which Swift 6's strict concurrency checking refuses to name directly.
*/
static inline FILE *ripplebench_stdout (void) { return stdout; }
static inline FILE *ripplebench_stderr (void) { return stderr; }

#endif
