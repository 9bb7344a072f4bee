import CSQLite

/// Persistent history in the store file (table `Z_HISTORY`), so that every connection and process on the
/// file shares one history, numbered inside the write transactions.
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
        let token = try lastHistoryToken() + 1
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
                    changedObjectID: ManagedObjectID(entityName: fields[1], number: number, isTemporaryID: false),
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
        let stmt = try prepare("SELECT Z_VALUE FROM Z_METADATA WHERE Z_KEY = 'historyDeletedThrough'")
        defer { sqlite3_finalize(stmt) }
        return try stepRow(stmt) ? Int(columnText(stmt, 0)) ?? 0 : 0
    }

    /// Deletes the transactions before a token. Call inside ``transaction(_:)``.
    func deleteHistory(before token: Int) throws {
        try ensureHistoryTable()
        let stmt = try prepare("DELETE FROM Z_HISTORY WHERE Z_TOKEN < ?")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(token))
        try step(stmt, sql: "DELETE FROM Z_HISTORY")
        if token - 1 > (try historyDeletedThrough()) { try setMetadata("historyDeletedThrough", String(token - 1)) }
    }
}

/// The text form of a tombstone in `Z_HISTORY` (the fifth field of a change's line): entries separated by
/// U+001E, each `key U+001F type U+001F value`, with backslash escapes for the separators, tab, line breaks and
/// backslash; doubles and dates as their bit patterns, so values come back exactly.
enum HistoryTombstoneText {
    static func encode(_ tombstone: [String: Value]) -> String {
        tombstone.keys.sorted().compactMap { key -> String? in
            let (code, payload): (String, String)
            switch tombstone[key]! {
            case .string(let s): (code, payload) = ("s", s)
            case .integer(let i): (code, payload) = ("i", String(i))
            case .double(let d): (code, payload) = ("d", String(d.bitPattern, radix: 16))
            case .date(let d): (code, payload) = ("t", String(d.bitPattern, radix: 16))
            case .bool(let b): (code, payload) = ("b", b ? "1" : "0")
            case .data(let bytes): (code, payload) = ("x", bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined())
            case .uuid(let u): (code, payload) = ("u", u.description)
            default: return nil
            }
            return [escape(key), code, escape(payload)].joined(separator: "\u{1F}")
        }.joined(separator: "\u{1E}")
    }

    static func decode(_ text: String) -> [String: Value] {
        var result: [String: Value] = [:]
        for entry in text.split(separator: "\u{1E}", omittingEmptySubsequences: true) {
            let parts = entry.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { unescape(String($0)) }
            guard parts.count == 3 else { continue }
            let payload = parts[2]
            let value: Value?
            switch parts[1] {
            case "s": value = .string(payload)
            case "i": value = Int64(payload).map { .integer($0) }
            case "d": value = UInt64(payload, radix: 16).map { .double(Double(bitPattern: $0)) }
            case "t": value = UInt64(payload, radix: 16).map { .date(Double(bitPattern: $0)) }
            case "b": value = .bool(payload == "1")
            case "x":
                var bytes: [UInt8] = []
                var chars = Array(payload.utf8)[...]
                while chars.count >= 2, let byte = UInt8(String(decoding: chars.prefix(2), as: UTF8.self), radix: 16) {
                    bytes.append(byte); chars = chars.dropFirst(2)
                }
                value = .data(bytes)
            case "u": value = UUIDBytes(string: payload).map { .uuid($0) }
            default: value = nil
            }
            if let value { result[parts[0]] = value }
        }
        return result
    }

    private static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\c"
            case "\u{1E}": out += "\\r"
            case "\u{1F}": out += "\\u"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private static func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for c in s.unicodeScalars {
            if escaped {
                switch c {
                case "t": out += "\t"
                case "n": out += "\n"
                case "c": out += "\r"
                case "r": out += "\u{1E}"
                case "u": out += "\u{1F}"
                default: out.unicodeScalars.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
