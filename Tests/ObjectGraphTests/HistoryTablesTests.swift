@testable import ObjectGraph
import CSQLite
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A SQLite store keeps persistent history in Core Data's tables (ATRANSACTION, ACHANGE,
/// ATRANSACTIONSTRING); a file with Ripple's former Z_HISTORY table is converted when opened.
@Suite struct HistoryTablesTests {
    /// The rows of a query, each as its columns' text (NULL as "nil").
    func rows(_ path: String, _ sql: String) -> [String] {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK else { return ["open failed"] }
        defer { sqlite3_close(db) }
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else { return ["error: " + String(cString: sqlite3_errmsg(db))] }
        defer { sqlite3_finalize(stmt) }
        var result: [String] = []
        while sqlite3_step(stmt) == SQLITE_ROW {
            result.append((0..<sqlite3_column_count(stmt)).map { i in
                sqlite3_column_type(stmt, i) == SQLITE_NULL ? "nil" : String(cString: sqlite3_column_text(stmt, i))
            }.joined(separator: "|"))
        }
        return result
    }

    func execute(_ path: String, _ sql: String) {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK else { return }
        sqlite3_exec(db, sql, nil, nil, nil)
        sqlite3_close(db)
    }

    func save(_ path: String) throws -> (PersistentStore, ManagedObjectContext) {
        let store = try PersistentStore(sqlitePath: path, model: try makeModel())
        store.persistentHistoryTracking = true
        let context = PersistentContainer(model: try makeModel(), store: store).viewContext
        context.transactionAuthor = "app"
        return (store, context)
    }

    @Test("each save is an ATRANSACTION row with its changes in ACHANGE and its strings in ATRANSACTIONSTRING")
    func layout() throws {
        let path = "/tmp/ripple-history-tables-\(getpid()).sqlite"
        unlink(path)
        defer { unlink(path) }
        let (_, view) = try save(path)
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try view.save()
        try ann.setValue(.integer(3), forKey: "age")
        try view.save()
        let customer = rows(path, "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Customer'")[0]
        #expect(rows(path, "SELECT Z_PK, Z_ENT, ZAUTHOR, ZCONTEXTNAME, ZAUTHORTS, ZCONTEXTNAMETS FROM ATRANSACTION ORDER BY Z_PK")
                == ["1|16002|app|viewContext|2|1", "2|16002|app|viewContext|2|1"])
        #expect(rows(path, "SELECT ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, CAST(ZCOLUMNS AS TEXT) FROM ACHANGE ORDER BY Z_PK")
                == ["0|\(customer)|1|1|nil", "1|\(customer)|1|2|age"])
        #expect(rows(path, "SELECT Z_PK, ZNAME FROM ATRANSACTIONSTRING ORDER BY Z_PK") == ["1|viewContext", "2|app"])
        #expect(rows(path, "SELECT Z_ENT, Z_NAME, Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT >= 16000 ORDER BY Z_ENT")
                == ["16001|CHANGE|2", "16002|TRANSACTION|2", "16003|TRANSACTIONSTRING|2"])
        // Deleting history removes the rows; the next token is not given again.
        _ = try view.execute(.deleteBefore(PersistentHistoryToken(value: 3, storeIdentifier: path)))
        #expect(rows(path, "SELECT COUNT(*) FROM ATRANSACTION") == ["0"])
        #expect(rows(path, "SELECT COUNT(*) FROM ACHANGE") == ["0"])
        try view.delete(ann)
        try view.save()
        #expect(rows(path, "SELECT Z_PK FROM ATRANSACTION") == ["3"])
        #expect(try view.execute(.fetchAfter(PersistentHistoryToken(value: 2, storeIdentifier: path))).map { $0.changes.map(\.changeType) } == [[.delete]])
    }

    @Test("a file with Ripple's former Z_HISTORY table is converted on open, tokens kept")
    func legacyConversion() throws {
        let path = "/tmp/ripple-history-legacy-\(getpid()).sqlite"
        unlink(path)
        defer { unlink(path) }
        do {
            let (_, view) = try save(path)
            _ = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
            try view.save()
        }
        // Make it look like a file of the former layout.
        execute(path, """
            DROP TABLE ACHANGE; DROP TABLE ATRANSACTION; DROP TABLE ATRANSACTIONSTRING;
            DELETE FROM Z_PRIMARYKEY WHERE Z_ENT >= 16000;
            CREATE TABLE Z_HISTORY (Z_TOKEN INTEGER PRIMARY KEY, Z_AUTHOR TEXT, Z_CONTEXT TEXT NOT NULL, Z_CHANGES TEXT NOT NULL);
            INSERT INTO Z_HISTORY VALUES (4, 'sync', 'background', 'insert\tCustomer\t1\t' || char(10) || 'update\tCustomer\t1\tname,age');
            INSERT INTO Z_HISTORY VALUES (7, NULL, 'viewContext', 'delete\tCustomer\t1\t');
            """)
        let (store, view) = try save(path)
        #expect(rows(path, "SELECT name FROM sqlite_master WHERE name = 'Z_HISTORY'") == [])
        let all = try view.execute(.fetchAfter(nil))
        #expect(all.map(\.token.value) == [4, 7])
        #expect(all.map(\.author) == ["sync", nil])
        #expect(all[0].changes.map(\.changeType) == [.insert, .update])
        #expect(all[0].changes[1].updatedProperties == ["name", "age"])
        #expect(all[1].changes[0].changedObjectID.storeUUID == store.storeUUID)
        _ = try view.insertObject(entityName: "Customer", values: ["name": .string("Bob")])
        try view.save()
        #expect(rows(path, "SELECT MAX(Z_PK) FROM ATRANSACTION") == ["8"])
    }
}
