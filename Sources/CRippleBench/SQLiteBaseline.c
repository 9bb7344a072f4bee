/*
** SQLiteBaseline.c
** The reference of T6: rows written by hand-written C through one prepared
** statement, in one transaction, with the same table, columns (Core Data's
** Z_PK, Z_ENT, Z_OPT and the attributes), statement kind (INSERT OR REPLACE),
** transaction kind (BEGIN IMMEDIATE) and Z_PRIMARYKEY update as Ripple's
** SQLite store.
*/

#include <stdio.h>
#include <sqlite3.h>

#include "CRippleBench.h"

int ripplebench_sqlite_insert (const char *path, int count) {
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  char label[32];
  int i, rc;
  rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL);
  if (rc != SQLITE_OK) goto done;
  rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc != SQLITE_OK) goto done;
  rc = sqlite3_prepare_v2(db,
      "INSERT OR REPLACE INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZLABEL, ZN, ZSCORE) VALUES (?, 1, 1, ?, ?, ?)",
      -1, &stmt, NULL);
  if (rc != SQLITE_OK) goto done;
  for (i = 1; i <= count; i++) {
    int n = snprintf(label, sizeof label, "item %d", i);
    sqlite3_bind_int64(stmt, 1, i);
    sqlite3_bind_text(stmt, 2, label, n, SQLITE_TRANSIENT);
    sqlite3_bind_int64(stmt, 3, i);
    sqlite3_bind_double(stmt, 4, i * 0.5);
    rc = sqlite3_step(stmt);
    if (rc != SQLITE_DONE) goto done;
    sqlite3_reset(stmt);
  }
  rc = sqlite3_exec(db, "UPDATE Z_PRIMARYKEY SET Z_MAX = (SELECT max(Z_PK) FROM ZITEM) WHERE Z_NAME = 'Item'", NULL, NULL, NULL);
  if (rc != SQLITE_OK) goto done;
  rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
done:
  if (stmt != NULL) sqlite3_finalize(stmt);
  if (db != NULL) sqlite3_close_v2(db);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}
