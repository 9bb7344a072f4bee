import CSQLite

/// Reading a store file's metadata without opening it as a store (`metadataForPersistentStore(ofType:at:)`),
/// to choose the model a migration starts from.
extension SQLiteStoreFile {
    /// The metadata dictionary of the file at `path` (with `NSStoreUUID`), read through a read-only
    /// connection: nothing is written, not even a rolled-back journal.
    /// - Throws: a Cocoa error when the file is missing, not SQLite, or has no readable `Z_METADATA`.
    static func readMetadataOnly(path: String) throws -> [String: PropertyListValue] {
        var handle: SQLiteConnection?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil)
        defer { if let handle { sqlite3_close_v2(handle) } }
        guard code == SQLITE_OK, let handle else {
            throw notAStoreError(path, detail: "SQLite error \(code) opening it read-only")
        }
        var stmt: SQLiteStatement?
        guard sqlite3_prepare_v2(handle, "SELECT Z_PLIST FROM Z_METADATA WHERE Z_VERSION = 1", -1, &stmt, nil) == SQLITE_OK, let stmt else {
            throw notAStoreError(path, detail: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(stmt) }
        guard sqlite3_step(stmt) == SQLITE_ROW, sqlite3_column_type(stmt, 0) == SQLITE_BLOB else {
            throw corruptError(path, detail: "its Z_METADATA table has no property list")
        }
        let count = Int(sqlite3_column_bytes(stmt, 0))
        let bytes = count > 0 ? Array(UnsafeRawBufferPointer(start: sqlite3_column_blob(stmt, 0), count: count)) : []
        guard case .dictionary(let dictionary)? = try? BinaryPropertyList.decode(bytes) else {
            throw corruptError(path, detail: "Z_METADATA.Z_PLIST is not a valid binary property list")
        }
        return dictionary
    }
}
