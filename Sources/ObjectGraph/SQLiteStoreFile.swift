import CSQLite

#if canImport(Glibc)
import Glibc
#endif

/// A raw SQLite connection handle (GRDB's `SQLiteConnection`).
typealias SQLiteConnection = OpaquePointer
/// A raw prepared statement handle.
typealias SQLiteStatement = OpaquePointer

/// The file of a SQLite persistent store, in Core Data's own layout (see ``StoreLayout``): loading every
/// row at open, and writing one save as one transaction.
///
/// - `Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX)`: the entity numbers, read from the file, and the last
///   primary key used per entity;
/// - `Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST)`: the store UUID and the metadata dictionary as a binary
///   property list (`NSStoreType`, `NSStoreModelVersionHashes`, …);
/// - a `Z<ENTITY>` table per root entity with `Z_PK`, `Z_ENT`, `Z_OPT` (the row version, used for
///   optimistic locking) and a column per attribute and to-one relationship; join tables for to-many
///   relationships without a to-one inverse.
///
/// Values: strings VARCHAR, integers and booleans (0/1) INTEGER, doubles FLOAT, dates TIMESTAMP holding
/// seconds since 2001-01-01 (Ripple's values are seconds since 1970), binary data and UUIDs (16 bytes)
/// BLOB. A NaN double or date, which SQLite cannot hold as a REAL, is the 8-byte BLOB of its bits.
///
/// Crash safety comes from SQLite's rollback journal: a save is `BEGIN IMMEDIATE … COMMIT`, and a
/// transaction interrupted by a crash is rolled back the next time the file is opened.
final class SQLiteStoreFile {
    let path: String
    var db: SQLiteConnection?
    let model: ManagedObjectModel
    /// Where each entity lives (set once the entity numbers are known).
    var layout: StoreLayout {
        didSet {
            entityNames = [:]
            for (name, number) in layout.entityNumbers { entityNames[number] = name }
        }
    }
    /// Entity names by number (`Z_ENT`).
    var entityNames: [Int: String] = [:]
    /// The store UUID (`Z_METADATA.Z_UUID`, `NSStoreUUID`).
    var storeUUID = ""
    /// The metadata dictionary as last read or written (with `NSStoreUUID`).
    var metadata: [String: PropertyListValue] = [:]
    /// `Z_MAX` of each entity when the file was opened.
    var maxima: [String: Int] = [:]
    /// Prepared statements, kept for the file's life.
    var statements: [String: SQLiteStatement] = [:]
    /// How long a connection waits for another one's lock before failing (milliseconds).
    let busyTimeout: Int32
    /// The store path the external data folder is named after (a migration writes a new file whose data
    /// belongs next to the file it replaces).
    lazy var externalDataStorePath: String = path
    /// External data files written in the current transaction (removed if it rolls back).
    var externalFilesWritten: [String] = []
    /// External data files no longer named after the current transaction (removed once it commits).
    var externalFilesReleased: [String] = []

    /// Seconds from 1970-01-01 to 2001-01-01 (Core Data's reference date).
    static let referenceDateOffset = 978_307_200.0
    /// The `_RippleStoreFormat` metadata value of files Ripple writes (their version hashes are Ripple's,
    /// see ``ModelVersionHash``, and are compared on open; format 1 hashed differently).
    static let formatVersion: Int64 = 2

    /// Opens (or creates) the store file; throws without changing an existing file that is not a
    /// compatible store. Two processes creating one new file at once: one creates it (inside a write
    /// transaction), the other waits for its lock and opens what it created.
    init(path: String, model: ManagedObjectModel, busyTimeout: Int32 = 5000) throws {
        self.path = path
        self.model = model
        self.busyTimeout = busyTimeout
        layout = StoreLayout(model: model, entityNumbers: [:])
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
        do {
            if try objectCount() == 0 {
                try createIfEmpty()
            } else {
                try checkExisting()
                try convertLegacyHistory()
            }
        } catch {
            close()
            // Only a file this connection created and left empty is removed (another process may be
            // creating the same file: its work is never removed).
            if !exists, let e = error as? ObjectGraphError, e.code != 134090, Self.fileSize(path) == 0 { unlink(path) }
            throw error
        }
    }

    deinit { close() }

    /// Closes the connection (idempotent).
    func close() {
        for s in statements.values { sqlite3_finalize(s) }
        statements.removeAll()
        if let db { sqlite3_close_v2(db) }
        db = nil
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }

    /// The number of schema objects in the file (0: a new or empty file).
    private func objectCount() throws -> Int {
        do {
            let stmt = try prepare("SELECT count(*) FROM sqlite_master")
            defer { sqlite3_finalize(stmt) }
            return try stepRow(stmt) ? Int(sqlite3_column_int64(stmt, 0)) : 0
        } catch let failure as SQLiteFailure {
            throw openError(failure)
        }
    }

    /// Creates the schema in an empty file inside a write transaction; when another connection created it
    /// meanwhile (it held the lock), opens theirs instead.
    private func createIfEmpty() throws {
        do {
            try execute("BEGIN IMMEDIATE")
        } catch let failure as SQLiteFailure {
            throw openError(failure)
        }
        var created = false
        do {
            if try objectCount() == 0 {
                try createSchema()
                created = true
            }
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            if let failure = error as? SQLiteFailure { throw Self.cocoaError(failure, path: path, waited: busyTimeout, action: "creating the store") }
            throw error
        }
        if !created { try checkExisting() }
    }

    /// A failure while reading an existing file at open, worded for the caller.
    func openError(_ failure: SQLiteFailure) -> ObjectGraphError {
        switch failure.code {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return Self.lockedError(path, failure, waited: busyTimeout)
        case SQLITE_NOTADB:
            return Self.notAStoreError(path, detail: "SQLite error 26: \(failure.message)")
        case SQLITE_CORRUPT:
            return Self.corruptError(path, detail: "SQLite error 11: \(failure.message)")
        default:
            return Self.corruptError(path, detail: "SQLite error \(failure.code): \(failure.message)")
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

    /// 134100 (`NSPersistentStoreIncompatibleVersionHashError`), naming what differs.
    static func incompatibleError(_ path: String, detail: String) -> ObjectGraphError {
        ObjectGraphError(.store, code: 134100,
            "The model used to open the store is incompatible with the one used to create the store (\(path)): \(detail).")
    }

    static func readOnlyError(_ path: String, code: Int32, message: String) -> ObjectGraphError {
        ObjectGraphError(.store, code: 513,
            "The file “\(path)” couldn’t be opened because you don’t have permission to write to its location (SQLite error \(code): \(message)).")
    }

    /// 134060 (`NSCoreDataError`): an entity's primary keys are used up (`Z_MAX` or `Z_PK` at 2^63−1).
    static func exhaustedError(_ what: String) -> ObjectGraphError {
        ObjectGraphError(.store, code: 134060,
            "Error Domain=NSCocoaErrorDomain Code=134060 \"A Core Data error occurred: \(what) cannot be numbered: the largest number, 9223372036854775807, is taken.\"")
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
            finishExternalData(committed: true)
            return result
        } catch {
            for s in statements.values { sqlite3_reset(s) }
            try? execute("ROLLBACK")
            finishExternalData(committed: false)
            if let failure = error as? SQLiteFailure {
                throw Self.cocoaError(failure, path: path, waited: busyTimeout, action: "saving")
            }
            throw error
        }
    }

    // MARK: - SQLite plumbing

    /// A failed SQLite call, before it is worded for the caller.
    struct SQLiteFailure: Error {
        let code: Int32
        let message: String
    }

    func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: code & 0xff, message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection")
    }

    /// An SQL identifier: as it is when it is a plain `Z…` name of upper-case letters, digits and
    /// underscores (as Core Data writes them), else double-quoted with inner quotes doubled (entity and
    /// attribute names come from scripts and may hold any character).
    static func quoted(_ identifier: String) -> String {
        if identifier.first == "Z", identifier.utf8.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 }) {
            return identifier
        }
        var result = "\""
        for character in identifier {
            result.append(character)
            if character == "\"" { result.append("\"") }
        }
        return result + "\""
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

    /// A statement prepared once and kept (reset by the caller after use).
    func cached(_ sql: String) throws -> SQLiteStatement { try cached(sql, sql) }

    /// A statement prepared once and kept under `key` (reset by the caller after use).
    func cached(_ key: String, _ sql: @autoclosure () -> String) throws -> SQLiteStatement {
        if let s = statements[key] { return s }
        let s = try prepare(sql())
        statements[key] = s
        return s
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

    func bindBlob(_ stmt: SQLiteStatement, _ column: Int32, _ bytes: [UInt8]) {
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

    func columnBlob(_ stmt: SQLiteStatement, _ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(stmt, column))
        guard count > 0, let blob = sqlite3_column_blob(stmt, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: blob, count: count))
    }
}
