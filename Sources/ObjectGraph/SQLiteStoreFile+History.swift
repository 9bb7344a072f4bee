import CSQLite

/// Persistent history in the store file, in Core Data's own tables, so that every connection and process
/// on the file shares one history, numbered inside the write transactions:
///
/// - `ATRANSACTION (Z_PK, Z_ENT, Z_OPT, ZAUTHORTS, ZBUNDLEIDTS, ZCONTEXTNAMETS, ZPROCESSIDTS, ZTIMESTAMP,
///   ZAUTHOR, ZBUNDLEID, ZCONTEXTNAME, ZPROCESSID, ZQUERYGEN)`: one row per transaction; `Z_PK` is the
///   token. The `…TS` columns point at `ATRANSACTIONSTRING` rows (Core Data keeps each string once);
///   Ripple also fills the plain columns. Ripple has no clock: `ZTIMESTAMP` is 0.
/// - `ACHANGE (Z_PK, Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS,
///   ZRIPPLETOMBSTONE)`: one row per changed object: 0 insert, 1 update, 2 delete; the entity's `Z_ENT` and
///   the object's `Z_PK`; the transaction's `Z_PK`. `ZCOLUMNS` (Core Data's encoding is not public) holds
///   the updated property names, comma-separated, as UTF-8; the tombstone is Ripple's own column.
/// - `ATRANSACTIONSTRING (Z_PK, Z_ENT, Z_OPT, ZNAME)`.
///
/// Their entity numbers are Core Data's 16001 (CHANGE), 16002 (TRANSACTION) and 16003
/// (TRANSACTIONSTRING), with `Z_PRIMARYKEY` rows whose `Z_MAX` keeps tokens from being given twice after
/// a deletion. The last deleted token is the metadata key `_RippleHistoryDeletedThrough`.
///
/// Files written before this layout kept history in a table `Z_HISTORY`; opening one converts it
/// (``convertLegacyHistory()``).
extension SQLiteStoreFile {
    /// Core Data's entity numbers of the history tables.
    static let historyEntities = [("CHANGE", 16001), ("TRANSACTION", 16002), ("TRANSACTIONSTRING", 16003)]

    /// Creates the history tables when they are missing. Call inside ``transaction(_:)``.
    func ensureHistoryTable() throws {
        try execute("CREATE TABLE IF NOT EXISTS ATRANSACTIONSTRING (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR NOT NULL UNIQUE)")
        try execute("CREATE TABLE IF NOT EXISTS ATRANSACTION (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHORTS INTEGER, ZBUNDLEIDTS INTEGER, ZCONTEXTNAMETS INTEGER, ZPROCESSIDTS INTEGER, ZTIMESTAMP FLOAT, ZAUTHOR VARCHAR, ZBUNDLEID VARCHAR, ZCONTEXTNAME VARCHAR, ZPROCESSID VARCHAR, ZQUERYGEN BLOB)")
        try execute("CREATE TABLE IF NOT EXISTS ACHANGE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHANGETYPE INTEGER, ZENTITY INTEGER, ZENTITYPK INTEGER, ZTRANSACTIONID INTEGER, ZCOLUMNS BLOB, ZRIPPLETOMBSTONE VARCHAR)")
        try execute("CREATE INDEX IF NOT EXISTS ACHANGE_ZTRANSACTIONID_INDEX ON ACHANGE (ZTRANSACTIONID)")
        // An ACHANGE table Core Data created has no tombstone column of Ripple's: add it.
        let info = try prepare("SELECT 1 FROM pragma_table_info('ACHANGE') WHERE name = 'ZRIPPLETOMBSTONE'")
        let hasTombstone = try stepRow(info)
        sqlite3_finalize(info)
        if !hasTombstone { try execute("ALTER TABLE ACHANGE ADD COLUMN ZRIPPLETOMBSTONE VARCHAR") }
        for (name, number) in Self.historyEntities {
            try execute("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) SELECT \(number), '\(name)', 0, 0 WHERE NOT EXISTS (SELECT 1 FROM Z_PRIMARYKEY WHERE Z_ENT = \(number))")
        }
    }

    private func hasTable(_ name: String) throws -> Bool {
        let stmt = try prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '\(name)'")
        defer { sqlite3_finalize(stmt) }
        return try stepRow(stmt)
    }

    private func integer(_ sql: String) throws -> Int {
        let stmt = try prepare(sql)
        defer { sqlite3_finalize(stmt) }
        return try stepRow(stmt) ? Int(sqlite3_column_int64(stmt, 0)) : 0
    }

    /// The largest token given in the file (0: none), deleted transactions included.
    func lastHistoryToken() throws -> Int {
        guard try hasTable("ATRANSACTION") else { return 0 }
        return max(try integer("SELECT MAX(Z_PK) FROM ATRANSACTION"),
                   try integer("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 16002"))
    }

    /// The `Z_PK` of a string in `ATRANSACTIONSTRING`, adding it when new. Call inside ``transaction(_:)``.
    private func transactionString(_ name: String) throws -> Int64 {
        let find = try prepare("SELECT Z_PK FROM ATRANSACTIONSTRING WHERE ZNAME = ?")
        defer { sqlite3_finalize(find) }
        bindText(find, 1, name)
        if try stepRow(find) { return sqlite3_column_int64(find, 0) }
        let pk = try integer("SELECT MAX(COALESCE((SELECT MAX(Z_PK) FROM ATRANSACTIONSTRING), 0), COALESCE((SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 16003), 0))") + 1
        let insert = try prepare("INSERT INTO ATRANSACTIONSTRING (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (?, 16003, 1, ?)")
        defer { sqlite3_finalize(insert) }
        sqlite3_bind_int64(insert, 1, Int64(pk))
        bindText(insert, 2, name)
        try step(insert, sql: "INSERT INTO ATRANSACTIONSTRING")
        try execute("UPDATE Z_PRIMARYKEY SET Z_MAX = \(pk) WHERE Z_ENT = 16003")
        return Int64(pk)
    }

    /// Appends a transaction with the next token. Call inside ``transaction(_:)``.
    func appendHistory(author: String?, contextName: String, changes: [PersistentHistoryChange]) throws -> Int {
        try ensureHistoryTable()
        let (token, overflow) = try lastHistoryToken().addingReportingOverflow(1)
        if overflow { throw Self.exhaustedError("the next persistent history transaction") }
        try appendHistory(token: token, author: author, contextName: contextName, changes: changes)
        return token
    }

    private func appendHistory(token: Int, author: String?, contextName: String, changes: [PersistentHistoryChange]) throws {
        let context = try transactionString(contextName)
        let authorString = try author.map(transactionString)
        let stmt = try prepare("INSERT INTO ATRANSACTION (Z_PK, Z_ENT, Z_OPT, ZAUTHORTS, ZCONTEXTNAMETS, ZTIMESTAMP, ZAUTHOR, ZCONTEXTNAME) VALUES (?, 16002, 1, ?, ?, 0, ?, ?)")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(token))
        if let authorString { sqlite3_bind_int64(stmt, 2, authorString) } else { sqlite3_bind_null(stmt, 2) }
        sqlite3_bind_int64(stmt, 3, context)
        if let author { bindText(stmt, 4, author) } else { sqlite3_bind_null(stmt, 4) }
        bindText(stmt, 5, contextName)
        try step(stmt, sql: "INSERT INTO ATRANSACTION")
        try execute("UPDATE Z_PRIMARYKEY SET Z_MAX = MAX(Z_MAX, \(token)) WHERE Z_ENT = 16002")
        guard !changes.isEmpty else { return }
        var pk = max(try integer("SELECT MAX(Z_PK) FROM ACHANGE"), try integer("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 16001"))
        let numbers = Dictionary(entityNames.map { ($0.value, $0.key) }, uniquingKeysWith: min)
        let insert = try prepare("INSERT INTO ACHANGE (Z_PK, Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS, ZRIPPLETOMBSTONE) VALUES (?, 16001, 1, ?, ?, ?, ?, ?, ?)")
        defer { sqlite3_finalize(insert) }
        for change in changes {
            guard let entity = numbers[change.changedObjectID.entityName] else { continue }
            pk += 1
            sqlite3_reset(insert)
            sqlite3_bind_int64(insert, 1, Int64(pk))
            sqlite3_bind_int64(insert, 2, change.changeType == .insert ? 0 : change.changeType == .update ? 1 : 2)
            sqlite3_bind_int64(insert, 3, Int64(entity))
            sqlite3_bind_int64(insert, 4, Int64(change.changedObjectID.number))
            sqlite3_bind_int64(insert, 5, Int64(token))
            if change.updatedProperties.isEmpty { sqlite3_bind_null(insert, 6) } else {
                bindBlob(insert, 6, Array(change.updatedProperties.joined(separator: ",").utf8))
            }
            if change.tombstone.isEmpty { sqlite3_bind_null(insert, 7) } else {
                bindText(insert, 7, HistoryTombstoneText.encode(change.tombstone))
            }
            try step(insert, sql: "INSERT INTO ACHANGE")
        }
        try execute("UPDATE Z_PRIMARYKEY SET Z_MAX = MAX(Z_MAX, \(pk)) WHERE Z_ENT = 16001")
    }

    /// The transactions after a token, in token order.
    func historyTransactions(after: Int, storeIdentifier: String) throws -> [PersistentHistoryTransaction] {
        guard try hasTable("ATRANSACTION") else { return [] }
        let stmt = try prepare("SELECT Z_PK, ZAUTHOR, ZCONTEXTNAME FROM ATRANSACTION WHERE Z_PK > ? ORDER BY Z_PK")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(after))
        let hasTombstone = try integer("SELECT COUNT(*) FROM pragma_table_info('ACHANGE') WHERE name = 'ZRIPPLETOMBSTONE'") > 0
        let changes = try prepare("SELECT ZCHANGETYPE, ZENTITY, ZENTITYPK, ZCOLUMNS, \(hasTombstone ? "ZRIPPLETOMBSTONE" : "NULL") FROM ACHANGE WHERE ZTRANSACTIONID = ? ORDER BY Z_PK")
        defer { sqlite3_finalize(changes) }
        let tag = StoreIdentity.tag(for: storeUUID)
        var result: [PersistentHistoryTransaction] = []
        while try stepRow(stmt) {
            let token = Int(sqlite3_column_int64(stmt, 0))
            let author = sqlite3_column_type(stmt, 1) == SQLITE_NULL ? nil : columnText(stmt, 1)
            sqlite3_reset(changes)
            sqlite3_bind_int64(changes, 1, Int64(token))
            var list: [PersistentHistoryChange] = []
            while try stepRow(changes) {
                let type: PersistentHistoryChange.ChangeType
                switch sqlite3_column_int64(changes, 0) {
                case 0: type = .insert
                case 1: type = .update
                default: type = .delete
                }
                guard let entity = entityNames[Int(sqlite3_column_int64(changes, 1))] else { continue }
                let columns = sqlite3_column_type(changes, 3) == SQLITE_NULL ? "" : String(decoding: columnBlob(changes, 3), as: UTF8.self)
                // Names Ripple wrote; the bytes Core Data writes there (its own encoding) name no property.
                let properties = columns.split(separator: ",").map(String.init)
                let known = model.entity(named: entity).map { e in properties.allSatisfy { e.slots[$0] != nil } } ?? false
                list.append(PersistentHistoryChange(
                    changeType: type,
                    changedObjectID: ManagedObjectID(entityName: entity, number: Int(sqlite3_column_int64(changes, 2)),
                                                     isTemporaryID: false, storeTag: tag),
                    updatedProperties: known ? properties : [],
                    tombstone: sqlite3_column_type(changes, 4) == SQLITE_NULL ? [:] : HistoryTombstoneText.decode(columnText(changes, 4))))
            }
            result.append(PersistentHistoryTransaction(
                token: PersistentHistoryToken(value: token, storeIdentifier: storeIdentifier),
                author: author, contextName: columnText(stmt, 2), changes: list))
        }
        return result
    }

    /// The largest token deleted so far (0: none).
    func historyDeletedThrough() throws -> Int {
        if case .integer(let n)? = try readMetadata()["_RippleHistoryDeletedThrough"] { return Int(n) }
        return 0
    }

    /// Deletes the transactions before a token, and their changes. Call inside ``transaction(_:)``.
    func deleteHistory(before token: Int) throws {
        try ensureHistoryTable()
        try execute("DELETE FROM ACHANGE WHERE ZTRANSACTIONID < \(token)")
        try execute("DELETE FROM ATRANSACTION WHERE Z_PK < \(token)")
        var values = try readMetadata()
        if case .integer(let n)? = values["_RippleHistoryDeletedThrough"], n >= token - 1 { return }
        values["_RippleHistoryDeletedThrough"] = .integer(Int64(token - 1))
        try writeMetadata(values)
    }

    /// Converts the history of a file written before Ripple used Core Data's tables (a table `Z_HISTORY
    /// (Z_TOKEN, Z_AUTHOR, Z_CONTEXT, Z_CHANGES)`, one line per change) into `ATRANSACTION`/`ACHANGE`, with
    /// the same tokens, and drops `Z_HISTORY`, in one transaction (nothing changes if it fails). A change
    /// of an entity the file does not number is dropped, as Core Data drops the history of removed
    /// entities.
    func convertLegacyHistory() throws {
        guard try hasTable("Z_HISTORY") else { return }
        try transaction {
            guard try hasTable("Z_HISTORY") else { return }   // another connection converted it meanwhile
            try ensureHistoryTable()
            let stmt = try prepare("SELECT Z_TOKEN, Z_AUTHOR, Z_CONTEXT, Z_CHANGES FROM Z_HISTORY ORDER BY Z_TOKEN")
            defer { sqlite3_finalize(stmt) }
            while try stepRow(stmt) {
                let token = Int(sqlite3_column_int64(stmt, 0))
                let author = sqlite3_column_type(stmt, 1) == SQLITE_NULL ? nil : columnText(stmt, 1)
                var changes: [PersistentHistoryChange] = []
                for line in columnText(stmt, 3).split(separator: "\n") {
                    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                    guard fields.count == 4 || fields.count == 5, let type = PersistentHistoryChange.ChangeType(rawValue: fields[0]),
                          let number = Int(fields[2]) else { continue }
                    changes.append(PersistentHistoryChange(
                        changeType: type,
                        changedObjectID: ManagedObjectID(entityName: fields[1], number: number, isTemporaryID: false),
                        updatedProperties: fields[3].isEmpty ? [] : fields[3].split(separator: ",").map(String.init),
                        tombstone: fields.count == 5 ? HistoryTombstoneText.decode(fields[4]) : [:]))
                }
                try appendHistory(token: token, author: author, contextName: columnText(stmt, 2), changes: changes)
            }
            try execute("DROP TABLE Z_HISTORY")
        }
    }
}
