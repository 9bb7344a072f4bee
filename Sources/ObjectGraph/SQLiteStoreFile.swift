import CSQLite

#if canImport(Glibc)
import Glibc
#endif

/// A raw SQLite connection handle (GRDB's `SQLiteConnection`).
typealias SQLiteConnection = OpaquePointer
/// A raw prepared statement handle.
typealias SQLiteStatement = OpaquePointer

/// The file of a SQLite persistent store: the schema derived from the model, loading every row at open,
/// and writing one save as one transaction.
///
/// Schema (one table per entity, named like Core Data's: `Z` + the upper-cased entity name):
/// - `Z_PK INTEGER PRIMARY KEY`: the object number;
/// - one column per persistent attribute (`Z` + upper-cased name): strings as TEXT, integers and
///   booleans as INTEGER, doubles and dates as REAL in a column without affinity (so -0.0 and every
///   bit survive; NaN, which SQLite cannot hold as REAL, is an 8-byte BLOB of its bit pattern),
///   binary data as BLOB, UUIDs as a 16-byte BLOB;
/// - one INTEGER column per to-one relationship (the destination's number) and one TEXT column per
///   to-many relationship (the members' numbers, comma-separated, in relationship order).
/// The table `Z_METADATA` holds the store format and the model's schema signature; a store whose
/// signature differs is refused with Core Data's 134100.
///
/// Crash safety comes from SQLite's rollback journal: a save is `BEGIN IMMEDIATE … COMMIT`, and a
/// transaction interrupted by a crash is rolled back the next time the file is opened.
final class SQLiteStoreFile {
    let path: String
    private var db: SQLiteConnection?
    private let model: ManagedObjectModel
    private var columns: [String: [String]] = [:]
    private var insertStatements: [String: SQLiteStatement] = [:]
    private var deleteStatements: [String: SQLiteStatement] = [:]
    private var selectStatements: [String: SQLiteStatement] = [:]

    static let format = "ripple-sqlite-2"
    /// The format before row versions (`Z_OPT`); opened files of it are upgraded in place.
    static let formatWithoutVersions = "ripple-sqlite-1"
    /// How long a connection waits for another one's lock before failing (milliseconds).
    let busyTimeout: Int32

    /// Opens (or creates) the store file; throws without changing an existing file that is not a
    /// compatible store.
    init(path: String, model: ManagedObjectModel, busyTimeout: Int32 = 5000) throws {
        self.path = path
        self.model = model
        self.busyTimeout = busyTimeout
        let exists = access(path, F_OK) == 0
        var handle: SQLiteConnection?
        let flags = exists ? SQLITE_OPEN_READWRITE : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        db = handle
        if code != SQLITE_OK || (handle.map { sqlite3_db_readonly($0, "main") == 1 } ?? true) {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "unable to open database file"
            close()
            throw Self.readOnlyError(path, code: code == SQLITE_OK ? SQLITE_READONLY : code, message: message)
        }
        if let handle { sqlite3_busy_timeout(handle, busyTimeout) }
        for entity in model.entities { columns[entity.name] = Self.columnNames(of: entity) }
        do {
            if exists {
                try checkExisting()
            } else {
                try createSchema()
            }
        } catch {
            close()
            if !exists { unlink(path) }
            throw error
        }
    }

    deinit { close() }

    /// Closes the connection (idempotent).
    func close() {
        for s in insertStatements.values { sqlite3_finalize(s) }
        for s in deleteStatements.values { sqlite3_finalize(s) }
        for s in selectStatements.values { sqlite3_finalize(s) }
        selectStatements.removeAll()
        insertStatements.removeAll()
        deleteStatements.removeAll()
        if let db { sqlite3_close_v2(db) }
        db = nil
    }

    // MARK: - Schema

    /// The schema signature stored in the file: every entity's persistent properties and types.
    static func signature(of model: ManagedObjectModel) -> String {
        var lines: [String] = []
        for entity in model.entities {
            lines.append("entity \(entity.name)")
            for a in entity.attributes where !a.isTransient { lines.append("  attribute \(a.name) \(a.type.rawValue)") }
            for r in entity.relationships {
                lines.append("  relationship \(r.name) \(r.isToMany ? "toMany" : "toOne") \(r.destinationEntityName)")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func tableName(_ entity: EntityDescription) -> String { quoted("Z" + entity.name.uppercased()) }

    /// An SQL identifier, double-quoted with inner quotes doubled: entity and attribute names come from
    /// scripts and may hold any character.
    static func quoted(_ identifier: String) -> String {
        var result = "\""
        for character in identifier {
            result.append(character)
            if character == "\"" { result.append("\"") }
        }
        return result + "\""
    }

    /// Column names: persistent attributes, then relationships (case-insensitive clashes get a suffix).
    static func columnNames(of entity: EntityDescription) -> [String] {
        var used: Set<String> = ["Z_PK"]
        var result: [String] = []
        let names = entity.attributes.filter { !$0.isTransient }.map(\.name) + entity.relationships.map(\.name)
        for (i, name) in names.enumerated() {
            var column = "Z" + name.uppercased()
            if used.contains(column) || column == "Z_OPT" { column += "_\(i)" }
            used.insert(column)
            result.append(quoted(column))
        }
        return result
    }

    private func createSchema() throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try execute("CREATE TABLE Z_METADATA (Z_KEY TEXT PRIMARY KEY, Z_VALUE TEXT NOT NULL)")
            for entity in model.entities {
                let cols = (["Z_PK INTEGER PRIMARY KEY", "Z_OPT INTEGER NOT NULL DEFAULT 1"] + columnDeclarations(entity))
                    .joined(separator: ", ")
                try execute("CREATE TABLE \(Self.tableName(entity)) (\(cols))")
            }
            try setMetadata("format", Self.format)
            try setMetadata("model", Self.signature(of: model))
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func columnDeclarations(_ entity: EntityDescription) -> [String] {
        let names = columns[entity.name]!
        var types: [String] = entity.attributes.filter { !$0.isTransient }.map { a in
            switch a.type {
            case .string: return "TEXT"
            case .integer, .boolean: return "INTEGER"
            case .double, .date: return ""          // no affinity: REAL values are kept bit for bit
            case .binary, .uuid: return "BLOB"
            }
        }
        types += entity.relationships.map { $0.isToMany ? "TEXT" : "INTEGER" }
        return zip(names, types).map { $1.isEmpty ? $0 : "\($0) \($1)" }
    }

    func setMetadata(_ key: String, _ value: String) throws {
        let stmt = try prepare("INSERT OR REPLACE INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES (?, ?)")
        defer { sqlite3_finalize(stmt) }
        bindText(stmt, 1, key)
        bindText(stmt, 2, value)
        try step(stmt, sql: "INSERT INTO Z_METADATA")
    }

    /// Checks that an existing file is a readable, intact store of this model.
    private func checkExisting() throws {
        var metadata: [String: String] = [:]
        do {
            let stmt = try prepare("SELECT Z_KEY, Z_VALUE FROM Z_METADATA")
            defer { sqlite3_finalize(stmt) }
            while try stepRow(stmt) { metadata[columnText(stmt, 0)] = columnText(stmt, 1) }
        } catch let error as SQLiteFailure {
            switch error.code {
            case SQLITE_BUSY, SQLITE_LOCKED:
                throw Self.lockedError(path, error, waited: busyTimeout)
            case SQLITE_NOTADB:
                throw Self.notAStoreError(path, detail: "SQLite error 26: \(error.message)")
            case SQLITE_CORRUPT:
                throw Self.corruptError(path, detail: "SQLite error 11: \(error.message)")
            case SQLITE_ERROR where error.message.hasPrefix("no such table"):
                throw Self.notAStoreError(path, detail: "a SQLite database without Ripple's Z_METADATA table")
            default:
                throw Self.corruptError(path, detail: "SQLite error \(error.code): \(error.message)")
            }
        }
        if metadata["format"] == Self.formatWithoutVersions, metadata["model"] != nil {
            try addVersionColumns()
            metadata["format"] = Self.format
        }
        guard metadata["format"] == Self.format, let signature = metadata["model"] else {
            throw Self.notAStoreError(path, detail: "unknown store format '\(metadata["format"] ?? "")'")
        }
        do {
            let stmt = try prepare("PRAGMA quick_check")
            defer { sqlite3_finalize(stmt) }
            var results: [String] = []
            while try stepRow(stmt) { results.append(columnText(stmt, 0)) }
            if results != ["ok"] {
                throw Self.corruptError(path, detail: "integrity check: " + results.prefix(3).joined(separator: "; "))
            }
        } catch let error as SQLiteFailure {
            throw Self.corruptError(path, detail: "SQLite error \(error.code): \(error.message)")
        }
        if signature != Self.signature(of: model) {
            throw ObjectGraphError(.store, code: 134100,
                "The model used to open the store is incompatible with the one used to create the store (\(path)).")
        }
    }

    /// Upgrades a file of the first format: every table gets its `Z_OPT` column (version 1).
    private func addVersionColumns() throws {
        do {
            try execute("BEGIN IMMEDIATE")
            do {
                for entity in model.entities {
                    try execute("ALTER TABLE \(Self.tableName(entity)) ADD COLUMN Z_OPT INTEGER NOT NULL DEFAULT 1")
                }
                try setMetadata("format", Self.format)
                try execute("COMMIT")
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        } catch let error as SQLiteFailure {
            throw Self.cocoaError(error, path: path, waited: busyTimeout, action: "upgrading the store")
        }
    }

    // MARK: - Errors

    /// 134090 (`NSPersistentStoreTimeoutError`): another connection held the file's lock longer than the
    /// busy timeout.
    static func lockedError(_ path: String, _ failure: SQLiteFailure, waited: Int32) -> ObjectGraphError {
        ObjectGraphError(.store, code: 134090,
            "Error Domain=NSCocoaErrorDomain Code=134090 \"The persistent store “\(path)” is locked by another connection; gave up after waiting \(waited) ms.\" UserInfo={NSSQLiteErrorDomain=\(failure.code), reason=\(failure.message)}")
    }

    /// Any other SQLite failure as a Cocoa error with SQLite's own text: 513 (permission), 640 (disk
    /// full), 259 (corrupt), 134090 (locked), 134180 (`NSSQLiteError`) for the rest.
    static func cocoaError(_ failure: SQLiteFailure, path: String, waited: Int32, action: String) -> ObjectGraphError {
        switch failure.code {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return lockedError(path, failure, waited: waited)
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_AUTH:
            return ObjectGraphError(.store, code: 513,
                "Error Domain=NSCocoaErrorDomain Code=513 \"You don’t have permission to write to the store “\(path)” while \(action).\" UserInfo={NSSQLiteErrorDomain=\(failure.code), reason=\(failure.message)}")
        case SQLITE_FULL:
            return ObjectGraphError(.store, code: 640,
                "Error Domain=NSCocoaErrorDomain Code=640 \"There isn’t enough space to write the store “\(path)” while \(action).\" UserInfo={NSSQLiteErrorDomain=\(failure.code), reason=\(failure.message)}")
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return ObjectGraphError(.store, code: 259,
                "Error Domain=NSCocoaErrorDomain Code=259 \"The persistent store “\(path)” is corrupt (found while \(action)).\" UserInfo={NSSQLiteErrorDomain=\(failure.code), reason=\(failure.message)}")
        default:
            return ObjectGraphError(.store, code: 134180,
                "Error Domain=NSCocoaErrorDomain Code=134180 \"A SQLite error occurred while \(action) in “\(path)”; nothing was written.\" UserInfo={NSSQLiteErrorDomain=\(failure.code), reason=\(failure.message)}")
        }
    }

    static func notAStoreError(_ path: String, detail: String) -> ObjectGraphError {
        ObjectGraphError(.store, code: 259,
            "The file “\(path)” couldn’t be opened because it isn’t in the correct format: it is not a persistent store (\(detail)).")
    }

    static func corruptError(_ path: String, detail: String) -> ObjectGraphError {
        ObjectGraphError(.store, code: 259,
            "The file “\(path)” couldn’t be opened because it isn’t in the correct format: the persistent store is corrupt (\(detail)).")
    }

    static func readOnlyError(_ path: String, code: Int32, message: String) -> ObjectGraphError {
        ObjectGraphError(.store, code: 513,
            "The file “\(path)” couldn’t be opened because you don’t have permission to write to its location (SQLite error \(code): \(message)).")
    }

    // MARK: - Loading

    /// Every row of the file, by entity name and object number.
    func loadRows() throws -> [String: RowTable] {
        var result: [String: RowTable] = [:]
        do {
            for entity in model.entities {
                let stmt = try prepare(selectSQL(entity) + " ORDER BY Z_PK")
                defer { sqlite3_finalize(stmt) }
                var table = RowTable()
                while try stepRow(stmt) {
                    table[Int(sqlite3_column_int64(stmt, 0))] = decodeRow(stmt, entity)
                }
                if !table.isEmpty { result[entity.name] = table }
            }
        } catch let failure as SQLiteFailure {
            throw Self.cocoaError(failure, path: path, waited: busyTimeout, action: "loading the store")
        }
        return result
    }

    private func selectSQL(_ entity: EntityDescription) -> String {
        "SELECT Z_PK, Z_OPT" + columns[entity.name]!.map { ", " + $0 }.joined() + " FROM \(Self.tableName(entity))"
    }

    /// The row at the statement's cursor (columns: Z_PK, Z_OPT, then the entity's columns).
    private func decodeRow(_ stmt: SQLiteStatement, _ entity: EntityDescription) -> StoreRow {
        var attributes = [Value](repeating: .null, count: entity.attributes.count)
        var column: Int32 = 2
        for (i, a) in entity.attributes.enumerated() where !a.isTransient {
            attributes[i] = readValue(stmt, column, type: a.type)
            column += 1
        }
        var toOne: [ManagedObjectID?] = []
        var toMany: [[ManagedObjectID]] = []
        for (i, r) in entity.relationships.enumerated() {
            let destination = entity.destinations[i].name
            if r.isToMany {
                toOne.append(nil)
                let text = sqlite3_column_type(stmt, column) == SQLITE_NULL ? "" : columnText(stmt, column)
                toMany.append(text.split(separator: ",").compactMap { Self.reference($0, destination: destination) })
            } else {
                toMany.append([])
                switch sqlite3_column_type(stmt, column) {
                case SQLITE_NULL: toOne.append(nil)
                case SQLITE_TEXT: toOne.append(Self.reference(Substring(columnText(stmt, column)), destination: destination))
                default:
                    toOne.append(ManagedObjectID(entityName: destination, number: Int(sqlite3_column_int64(stmt, column)),
                                                 isTemporaryID: false))
                }
            }
            column += 1
        }
        return StoreRow(attributes: attributes, toOne: toOne, toMany: toMany,
                        version: Int(sqlite3_column_int64(stmt, 1)))
    }

    // MARK: - Inside a save transaction

    /// The committed row of an object in the file now (another connection may have written it since
    /// this store loaded it). Call inside ``transaction(_:)``.
    func currentRow(_ id: ManagedObjectID) throws -> StoreRow? {
        guard let entity = model.entity(named: id.entityName) else { return nil }
        let stmt: SQLiteStatement
        if let cached = selectStatements[entity.name] {
            stmt = cached
        } else {
            stmt = try prepare(selectSQL(entity) + " WHERE Z_PK = ?")
            selectStatements[entity.name] = stmt
        }
        defer {
            sqlite3_reset(stmt)
            sqlite3_clear_bindings(stmt)
        }
        sqlite3_bind_int64(stmt, 1, Int64(id.number))
        return try stepRow(stmt) ? decodeRow(stmt, entity) : nil
    }

    /// The largest object number of an entity in the file now. Call inside ``transaction(_:)``.
    func largestNumber(_ entity: EntityDescription) throws -> Int {
        let stmt = try prepare("SELECT MAX(Z_PK) FROM \(Self.tableName(entity))")
        defer { sqlite3_finalize(stmt) }
        return try stepRow(stmt) ? Int(sqlite3_column_int64(stmt, 0)) : 0
    }

    /// Runs `body` inside one write transaction (`BEGIN IMMEDIATE … COMMIT`): another connection's
    /// writer waits up to the busy timeout for it, and it for them. On any failure the transaction is
    /// rolled back and the file is unchanged; SQLite failures become Cocoa errors with SQLite's text.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        do {
            try execute("BEGIN IMMEDIATE")
        } catch let failure as SQLiteFailure {
            throw Self.cocoaError(failure, path: path, waited: busyTimeout, action: "saving")
        }
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            for s in insertStatements.values { sqlite3_reset(s) }
            for s in deleteStatements.values { sqlite3_reset(s) }
            try? execute("ROLLBACK")
            if let failure = error as? SQLiteFailure {
                throw Self.cocoaError(failure, path: path, waited: busyTimeout, action: "saving")
            }
            throw error
        }
    }

    private func readValue(_ stmt: SQLiteStatement, _ column: Int32, type: AttributeType) -> Value {
        let storage = sqlite3_column_type(stmt, column)
        if storage == SQLITE_NULL { return .null }
        switch type {
        case .string: return .string(columnText(stmt, column))
        case .integer: return .integer(sqlite3_column_int64(stmt, column))
        case .boolean: return .bool(sqlite3_column_int64(stmt, column) != 0)
        case .double, .date:
            let d: Double
            if storage == SQLITE_BLOB {
                let bytes = columnBlob(stmt, column)
                var bits: UInt64 = 0
                for (k, b) in bytes.prefix(8).enumerated() { bits |= UInt64(b) << (8 * UInt64(k)) }
                d = Double(bitPattern: bits)
            } else {
                d = sqlite3_column_double(stmt, column)
            }
            return type == .date ? .date(d) : .double(d)
        case .binary: return .data(columnBlob(stmt, column))
        case .uuid:
            let bytes = columnBlob(stmt, column)
            guard bytes.count == 16 else { return .null }
            var high: UInt64 = 0, low: UInt64 = 0
            for k in 0..<8 { high = high << 8 | UInt64(bytes[k]) }
            for k in 8..<16 { low = low << 8 | UInt64(bytes[k]) }
            return .uuid(UUIDBytes(high: high, low: low))
        }
    }

    // MARK: - Saving

    /// Writes one save as one transaction: every row of `writes` is inserted or replaced (with its
    /// version), every ID of `deletes` removed. On any failure the file is unchanged.
    func apply(writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID]) throws {
        try transaction { try write(writes: writes, deletes: deletes) }
    }

    /// Writes rows and deletions inside the current transaction.
    func write(writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID]) throws {
        // One batch per run of rows of one entity (a save writes its objects in object order): the entity,
        // its statement and its persistent attribute indexes are looked up once per run, not per row.
        var start = writes.startIndex
        while start < writes.endIndex {
            let entityName = writes[start].0.entityName
            var end = start + 1
            while end < writes.endIndex && writes[end].0.entityName == entityName { end += 1 }
            if let entity = model.entity(named: entityName) {
                try writeBatch(writes[start..<end], of: entity)
            }
            start = end
        }
        for id in deletes {
            guard let entity = model.entity(named: id.entityName) else { continue }
            let stmt = try deleteStatement(entity)
            sqlite3_bind_int64(stmt, 1, Int64(id.number))
            try step(stmt, sql: "DELETE")
            sqlite3_reset(stmt)
        }
    }

    /// Writes rows of one entity through its prepared statement. Every column is bound for every row, so
    /// the bindings need no clearing between rows.
    private func writeBatch(_ writes: ArraySlice<(ManagedObjectID, StoreRow)>, of entity: EntityDescription) throws {
        let stmt = try insertStatement(entity)
        let persistent = entity.attributes.indices.filter { !entity.attributes[$0].isTransient }
        let relationships = entity.relationships
        for (id, row) in writes {
            sqlite3_bind_int64(stmt, 1, Int64(id.number))
            sqlite3_bind_int64(stmt, 2, Int64(row.version))
            var column: Int32 = 3
            for i in persistent {
                bind(row.attributes[i], to: stmt, column)
                column += 1
            }
            for i in relationships.indices {
                // A reference to an object of a sub-entity of the destination names its entity: `Manager:3`.
                let destination = entity.destinations[i].name
                if relationships[i].isToMany {
                    bindText(stmt, column, row.toMany[i].map { Self.referenceText($0, destination: destination) }.joined(separator: ","))
                } else if let target = row.toOne[i], target.entityName != destination {
                    bindText(stmt, column, Self.referenceText(target, destination: destination))
                } else if let target = row.toOne[i] {
                    sqlite3_bind_int64(stmt, column, Int64(target.number))
                } else {
                    sqlite3_bind_null(stmt, column)
                }
                column += 1
            }
            let code = sqlite3_step(stmt)
            guard code == SQLITE_DONE || code == SQLITE_ROW else {
                let error = failure(code)
                sqlite3_reset(stmt)
                throw error
            }
            sqlite3_reset(stmt)
        }
    }

    private func insertStatement(_ entity: EntityDescription) throws -> SQLiteStatement {
        if let s = insertStatements[entity.name] { return s }
        let names = columns[entity.name]!
        let sql = "INSERT OR REPLACE INTO \(Self.tableName(entity)) (Z_PK, Z_OPT" + names.map { ", " + $0 }.joined()
            + ") VALUES (?, ?" + String(repeating: ", ?", count: names.count) + ")"
        let s = try prepare(sql)
        insertStatements[entity.name] = s
        return s
    }

    private func deleteStatement(_ entity: EntityDescription) throws -> SQLiteStatement {
        if let s = deleteStatements[entity.name] { return s }
        let s = try prepare("DELETE FROM \(Self.tableName(entity)) WHERE Z_PK = ?")
        deleteStatements[entity.name] = s
        return s
    }

    private func bind(_ value: Value, to stmt: SQLiteStatement, _ column: Int32) {
        switch value {
        case .null, .object, .collection: sqlite3_bind_null(stmt, column)
        case .bool(let b): sqlite3_bind_int64(stmt, column, b ? 1 : 0)
        case .integer(let i): sqlite3_bind_int64(stmt, column, i)
        case .double(let d), .date(let d):
            if d.isNaN {
                let bits = d.bitPattern
                bindBlob(stmt, column, (0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) })
            } else {
                sqlite3_bind_double(stmt, column, d)
            }
        case .string(let s): bindText(stmt, column, s)
        case .data(let bytes): bindBlob(stmt, column, bytes)
        case .uuid(let u):
            var bytes: [UInt8] = []
            for k in (0..<8).reversed() { bytes.append(UInt8(truncatingIfNeeded: u.high >> (8 * UInt64(k)))) }
            for k in (0..<8).reversed() { bytes.append(UInt8(truncatingIfNeeded: u.low >> (8 * UInt64(k)))) }
            bindBlob(stmt, column, bytes)
        }
    }

    // MARK: - SQLite plumbing

    /// A failed SQLite call, before it is worded for the caller.
    struct SQLiteFailure: Error {
        let code: Int32
        let message: String
    }

    private func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: code & 0xff, message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection")
    }

    func execute(_ sql: String) throws {
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    func prepare(_ sql: String) throws -> SQLiteStatement {
        var stmt: SQLiteStatement?
        let code = sqlite3_prepare_v2(db, sql, -1, &stmt, nil)
        guard code == SQLITE_OK, let stmt else { throw failure(code) }
        return stmt
    }

    func step(_ stmt: SQLiteStatement, sql: String) throws {
        let code = sqlite3_step(stmt)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw failure(code) }
    }

    func stepRow(_ stmt: SQLiteStatement) throws -> Bool {
        let code = sqlite3_step(stmt)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw failure(code)
    }

    /// Binds a string's UTF-8 bytes in place (SQLite copies them): no array per string.
    func bindText(_ stmt: SQLiteStatement, _ column: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                _ = ripple_sqlite3_bind_text_transient(stmt, column, "", 0)
                return
            }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                _ = ripple_sqlite3_bind_text_transient(stmt, column, chars, Int32(bytes.count))
            }
        }
    }

    private func bindBlob(_ stmt: SQLiteStatement, _ column: Int32, _ bytes: [UInt8]) {
        if bytes.isEmpty {
            sqlite3_bind_zeroblob(stmt, column, 0)
            return
        }
        bytes.withUnsafeBytes { raw in
            _ = ripple_sqlite3_bind_blob_transient(stmt, column, raw.baseAddress, Int32(raw.count))
        }
    }

    func columnText(_ stmt: SQLiteStatement, _ column: Int32) -> String {
        guard let text = sqlite3_column_text(stmt, column) else { return "" }
        let count = Int(sqlite3_column_bytes(stmt, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    private func columnBlob(_ stmt: SQLiteStatement, _ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(stmt, column))
        guard count > 0, let blob = sqlite3_column_blob(stmt, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: blob, count: count))
    }
}
