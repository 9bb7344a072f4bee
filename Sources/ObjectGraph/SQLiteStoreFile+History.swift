import CSQLite

/// Persistent history in the store file, so that every connection and process on the file shares one
/// history, numbered inside the write transactions. Ripple keeps it in a table of its own, `Z_HISTORY`
/// (not Core Data's `ATRANSACTION` / `ACHANGE` / `ATRANSACTIONSTRING` tables); the last deleted token is
/// the metadata key `_RippleHistoryDeletedThrough`.
extension SQLiteStoreFile {
    /// Creates the history table when it is missing. Call inside ``transaction(_:)``.
    func ensureHistoryTable() throws {
        try execute("CREATE TABLE IF NOT EXISTS Z_HISTORY (Z_TOKEN INTEGER PRIMARY KEY, Z_AUTHOR TEXT, Z_CONTEXT TEXT NOT NULL, Z_CHANGES TEXT NOT NULL)")
    }

    private func hasHistoryTable() throws -> Bool {
        let stmt = try prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'Z_HISTORY'")
        defer { sqlite3_finalize(stmt) }
        return try stepRow(stmt)
    }

    /// The largest token in the file (0: none).
    func lastHistoryToken() throws -> Int {
        guard try hasHistoryTable() else { return 0 }
        let stmt = try prepare("SELECT MAX(Z_TOKEN) FROM Z_HISTORY")
        defer { sqlite3_finalize(stmt) }
        return try stepRow(stmt) ? Int(sqlite3_column_int64(stmt, 0)) : 0
    }

    /// Appends a transaction with the next token. Call inside ``transaction(_:)``.
    func appendHistory(author: String?, contextName: String, changes: [PersistentHistoryChange]) throws -> Int {
        try ensureHistoryTable()
        let (token, overflow) = try lastHistoryToken().addingReportingOverflow(1)
        if overflow { throw Self.exhaustedError("the next persistent history transaction") }
        let stmt = try prepare("INSERT INTO Z_HISTORY (Z_TOKEN, Z_AUTHOR, Z_CONTEXT, Z_CHANGES) VALUES (?, ?, ?, ?)")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(token))
        if let author { bindText(stmt, 2, author) } else { sqlite3_bind_null(stmt, 2) }
        bindText(stmt, 3, contextName)
        bindText(stmt, 4, changes.map { c in
            var fields = [c.changeType.rawValue, c.changedObjectID.entityName, String(c.changedObjectID.number),
                          c.updatedProperties.joined(separator: ",")]
            if !c.tombstone.isEmpty { fields.append(HistoryTombstoneText.encode(c.tombstone)) }
            return fields.joined(separator: "\t")
        }.joined(separator: "\n"))
        try step(stmt, sql: "INSERT INTO Z_HISTORY")
        return token
    }

    /// The transactions after a token, in token order.
    func historyTransactions(after: Int, storeIdentifier: String) throws -> [PersistentHistoryTransaction] {
        guard try hasHistoryTable() else { return [] }
        let stmt = try prepare("SELECT Z_TOKEN, Z_AUTHOR, Z_CONTEXT, Z_CHANGES FROM Z_HISTORY WHERE Z_TOKEN > ? ORDER BY Z_TOKEN")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(after))
        var result: [PersistentHistoryTransaction] = []
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
                    changedObjectID: ManagedObjectID(entityName: fields[1], number: number, isTemporaryID: false,
                                                     storeTag: StoreIdentity.tag(for: storeUUID)),
                    updatedProperties: fields[3].isEmpty ? [] : fields[3].split(separator: ",").map(String.init),
                    tombstone: fields.count == 5 ? HistoryTombstoneText.decode(fields[4]) : [:]))
            }
            result.append(PersistentHistoryTransaction(
                token: PersistentHistoryToken(value: token, storeIdentifier: storeIdentifier),
                author: author, contextName: columnText(stmt, 2), changes: changes))
        }
        return result
    }

    /// The largest token deleted so far (0: none).
    func historyDeletedThrough() throws -> Int {
        if case .integer(let n)? = try readMetadata()["_RippleHistoryDeletedThrough"] { return Int(n) }
        return 0
    }

    /// Deletes the transactions before a token. Call inside ``transaction(_:)``.
    func deleteHistory(before token: Int) throws {
        try ensureHistoryTable()
        let stmt = try prepare("DELETE FROM Z_HISTORY WHERE Z_TOKEN < ?")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(token))
        try step(stmt, sql: "DELETE FROM Z_HISTORY")
        var values = try readMetadata()
        if case .integer(let n)? = values["_RippleHistoryDeletedThrough"], n >= token - 1 { return }
        values["_RippleHistoryDeletedThrough"] = .integer(Int64(token - 1))
        try writeMetadata(values)
    }
}
