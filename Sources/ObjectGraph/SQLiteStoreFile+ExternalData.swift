#if canImport(Glibc)
import Glibc
#endif
import CSQLite

/// External binary storage (`allowsExternalBinaryDataStorage`): a binary attribute that allows it keeps a
/// value larger than ``externalDataThreshold`` in a file of its own, `.<store name>_SUPPORT/_EXTERNAL_DATA/<UUID>`
/// next to the store file (`App.sqlite` → `.App_SUPPORT`), and a smaller one in its column.
///
/// The column of such an attribute holds a marker byte, then: `0x01` and the bytes of the value (in the
/// row), or `0x02` and the file's name — the UUID in its 36-character text — and a NUL byte (in a file).
/// Public write-ups describe the folder, the UUID file names and a column that names the file; the exact
/// bytes of the column are not documented, so this layout is Ripple's choice (docs/core-data.md says so).
///
/// A file is written (and synced) inside the save's transaction, before the row that names it; when the
/// transaction rolls back it is removed. A file the saved rows no longer name (the object was deleted, or
/// its value changed or became small) is removed after the transaction commits. A crash between the two
/// leaves at worst a file no row names, never a row naming a missing file.
extension SQLiteStoreFile {
    /// Values larger than this many bytes go to a file (Apple engineers give "about 100 KB").
    static let externalDataThreshold = 100 * 1024

    /// The folder of external data files.
    var externalDataDirectory: String {
        let base = externalDataStorePath
        let slash = base.lastIndex(of: "/")
        let folder = slash.map { String(base[..<$0]) } ?? "."
        var name = slash.map { String(base[base.index(after: $0)...]) } ?? base
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return (folder.isEmpty ? "" : folder) + "/." + name + "_SUPPORT/_EXTERNAL_DATA"
    }

    /// Whether an attribute keeps large values in files.
    static func isExternal(_ a: AttributeDescription) -> Bool {
        a.type == .binary && a.details.allowsExternalBinaryDataStorage && !a.isTransient
    }

    /// The value a column of an external-storage attribute stands for.
    /// - Throws: ``WrongValue`` for a column of another form or a missing file.
    func externalValue(_ blob: [UInt8], column: String, row: Int) throws -> [UInt8] {
        switch blob.first {
        case 0x01?:
            return Array(blob.dropFirst())
        case 0x02?:
            guard let name = Self.externalFileName(blob) else {
                throw WrongValue(detail: "column \(column) of row \(row) names no valid external data file")
            }
            guard let bytes = Self.readExternalFile(externalDataDirectory + "/" + name) else {
                throw WrongValue(detail: "column \(column) of row \(row) refers to the external data file \(externalDataDirectory)/\(name), which is missing")
            }
            return bytes
        default:
            throw WrongValue(detail: "column \(column) of row \(row) holds a BLOB whose first byte is \(blob.first.map { String($0) } ?? "missing"): an attribute with external storage starts with 1 (the data follows) or 2 (the name of a file in _EXTERNAL_DATA)")
        }
    }

    /// The column bytes for a value of an external-storage attribute whose column held `previous`: inline
    /// when small; the previous file when it holds these bytes; else a new file. A previous file no longer
    /// named is released (removed after the commit).
    func externalBlob(_ bytes: [UInt8], previous: [UInt8]?) throws -> [UInt8] {
        let previousName = previous.flatMap { $0.first == 0x02 ? Self.externalFileName($0) : nil }
        if bytes.count <= Self.externalDataThreshold {
            if let previousName { externalFilesReleased.append(externalDataDirectory + "/" + previousName) }
            return [0x01] + bytes
        }
        if let previousName, let previous, Self.readExternalFile(externalDataDirectory + "/" + previousName) == bytes {
            return previous
        }
        if let previousName { externalFilesReleased.append(externalDataDirectory + "/" + previousName) }
        let name = Self.newUUID()
        let path = externalDataDirectory + "/" + name
        try Self.makeDirectories(externalDataDirectory)
        guard Self.writeExternalFile(path, bytes) else {
            throw ObjectGraphError(.store, code: 134180,
                "Error Domain=NSCocoaErrorDomain Code=134180 \"Could not write the external data file “\(path)”; nothing was written.\" UserInfo={reason=\(String(cString: strerror(errno)))}")
        }
        externalFilesWritten.append(path)
        return [0x02] + Array(name.utf8) + [0x00]
    }

    /// The current column bytes of a row's external-storage attributes (nil where NULL or not a BLOB).
    func externalColumns(_ table: String, _ columns: [String], row: Int) throws -> [[UInt8]?] {
        guard !columns.isEmpty else { return [] }
        let stmt = try cached("SELECT " + columns.map(Self.quoted).joined(separator: ", ") + " FROM \(Self.quoted(table)) WHERE Z_PK = ?")
        defer { sqlite3_reset(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(row))
        guard try stepRow(stmt) else { return columns.map { _ in nil } }
        return (0..<Int32(columns.count)).map { k in sqlite3_column_type(stmt, k) == SQLITE_BLOB ? columnBlob(stmt, k) : nil }
    }

    /// Releases the files a row about to be deleted names.
    func releaseExternalData(of entity: EntityDescription, table: String, columns: [String?], row: Int) throws {
        let names = entity.attributes.indices.filter { Self.isExternal(entity.attributes[$0]) }.compactMap { columns[$0] }
        for blob in try externalColumns(table, names, row: row) {
            if let blob, blob.first == 0x02, let name = Self.externalFileName(blob) {
                externalFilesReleased.append(externalDataDirectory + "/" + name)
            }
        }
    }

    /// After a transaction: a commit removes the released files, a rollback the files written.
    func finishExternalData(committed: Bool) {
        for path in committed ? externalFilesReleased : externalFilesWritten { unlink(path) }
        externalFilesReleased.removeAll()
        externalFilesWritten.removeAll()
    }

    /// Every external data file the file's rows name.
    func namedExternalFiles() throws -> Set<String> {
        var names: Set<String> = []
        for entity in model.entities {
            guard let m = layout.mappings[entity.name] else { continue }
            for (i, a) in entity.attributes.enumerated() where Self.isExternal(a) {
                guard let column = m.attributeColumns[i] else { continue }
                let stmt = try prepare("SELECT \(Self.quoted(column)) FROM \(Self.quoted(m.table)) WHERE Z_ENT = \(m.number) AND substr(\(Self.quoted(column)), 1, 1) = x'02'")
                defer { sqlite3_finalize(stmt) }
                while try stepRow(stmt) {
                    if let name = Self.externalFileName(columnBlob(stmt, 0)) { names.insert(name) }
                }
            }
        }
        return names
    }

    /// Removes the files of the external data folder that `named` does not list (after a migration).
    static func pruneExternalData(in directory: String, keeping named: Set<String>) {
        guard let dir = opendir(directory) else { return }
        var doomed: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.count == 36, UUIDBytes(string: name) != nil, !named.contains(name) { doomed.append(name) }
        }
        closedir(dir)
        for name in doomed { unlink(directory + "/" + name) }
    }

    // MARK: - Files

    /// The file name in a `0x02` column: the UUID text up to the NUL byte.
    static func externalFileName(_ blob: [UInt8]) -> String? {
        guard blob.first == 0x02 else { return nil }
        let text = blob.dropFirst().prefix { $0 != 0 }
        let name = String(decoding: text, as: UTF8.self)
        return name.count == 36 && UUIDBytes(string: name) != nil ? name : nil
    }

    static func readExternalFile(_ path: String) -> [UInt8]? {
        guard let handle = fopen(path, "rb") else { return nil }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, handle)
            if n > 0 { bytes += buffer[0..<n] }
            if n < buffer.count { break }
        }
        return ferror(handle) == 0 ? bytes : nil
    }

    /// Writes and syncs a new file.
    static func writeExternalFile(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { Glibc.close(fd); unlink(path); return false }
            offset += n
        }
        let synced = fsync(fd) == 0
        Glibc.close(fd)
        if !synced { unlink(path) }
        return synced
    }

    /// `mkdir -p`.
    static func makeDirectories(_ path: String) throws {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw ObjectGraphError(.store, code: 513,
                    "Error Domain=NSCocoaErrorDomain Code=513 \"You don’t have permission to create the external data folder “\(path)”.\" UserInfo={reason=\(String(cString: strerror(errno)))}")
            }
        }
    }
}
