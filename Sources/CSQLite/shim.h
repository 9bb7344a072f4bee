#ifndef RIPPLE_CSQLITE_SHIM_H
#define RIPPLE_CSQLITE_SHIM_H

#include <sqlite3.h>

/// Wrapper around sqlite3_bind_text(..., SQLITE_TRANSIENT): the SQLITE_TRANSIENT macro is a cast of -1
/// to a function pointer, which Swift cannot import.
static inline int ripple_sqlite3_bind_text_transient(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

/// Wrapper around sqlite3_bind_blob(..., SQLITE_TRANSIENT), for the same reason.
static inline int ripple_sqlite3_bind_blob_transient(sqlite3_stmt *stmt, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(stmt, index, bytes, length, SQLITE_TRANSIENT);
}

#endif
