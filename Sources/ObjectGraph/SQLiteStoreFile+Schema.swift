import CSQLite

/// Creating a store's tables, and checking an existing file against the model: its metadata, its entity
/// numbers and every table's columns.
extension SQLiteStoreFile {
    /// The 32-byte version hash of an entity (`NSStoreModelVersionHashes`): see ``ModelVersionHash``.
    static func versionHash(_ entity: EntityDescription) -> [UInt8] { ModelVersionHash.entity(entity) }

    /// The metadata a new store starts with (without `NSStoreUUID`, which is `Z_METADATA.Z_UUID`).
    func initialMetadata() -> [String: PropertyListValue] {
        var hashes: [String: PropertyListValue] = [:]
        for entity in model.entities { hashes[entity.name] = .data(Self.versionHash(entity)) }
        return [
            "NSStoreType": .string("SQLite"),
            "NSStoreModelVersionHashes": .dictionary(hashes),
            "NSStoreModelVersionHashesVersion": .integer(3),
            "NSStoreModelVersionIdentifiers": .array([.string(model.versionIdentifier ?? "")]),
            "_NSAutoVacuumLevel": .string("2"),
            "_RippleStoreFormat": .integer(Self.formatVersion),
        ]
    }

    /// A new random UUID string (version 4).
    static func newUUID() -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        var high: UInt64 = 0, low: UInt64 = 0
        for k in 0..<8 { high = high << 8 | UInt64(bytes[k]) }
        for k in 8..<16 { low = low << 8 | UInt64(bytes[k]) }
        return UUIDBytes(high: high, low: low).description
    }

    /// Creates every table in an empty file (inside the caller's transaction).
    func createSchema() throws {
        var numbers: [String: Int] = [:]
        try execute("CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)")
        let insert = try prepare("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, 0)")
        defer { sqlite3_finalize(insert) }
        for (entity, number, superNumber) in StoreLayout.newEntityNumbers(model) {
            numbers[entity.name] = number
            sqlite3_bind_int64(insert, 1, Int64(number))
            bindText(insert, 2, entity.name)
            sqlite3_bind_int64(insert, 3, Int64(superNumber))
            try step(insert, sql: "INSERT INTO Z_PRIMARYKEY")
            sqlite3_reset(insert)
        }
        layout = StoreLayout(model: model, entityNumbers: numbers)
        for sql in layout.createStatements() { try execute(sql) }
        try execute("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)")
        storeUUID = StoreIdentity.newStoreUUID()
        let plist = initialMetadata()
        let stmt = try prepare("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)")
        defer { sqlite3_finalize(stmt) }
        bindText(stmt, 1, storeUUID)
        bindBlob(stmt, 2, BinaryPropertyList.encode(.dictionary(plist)))
        try step(stmt, sql: "INSERT INTO Z_METADATA")
        metadata = plist
        metadata["NSStoreUUID"] = .string(storeUUID)
        maxima = [:]
    }

    /// Rewrites `Z_METADATA.Z_PLIST` with `values` (`NSStoreUUID` is kept in `Z_UUID`). Call inside
    /// ``transaction(_:)`` or on its own.
    func writeMetadata(_ values: [String: PropertyListValue]) throws {
        var plist = values
        plist["NSStoreUUID"] = nil
        let stmt = try prepare("UPDATE Z_METADATA SET Z_PLIST = ? WHERE Z_VERSION = 1")
        defer { sqlite3_finalize(stmt) }
        bindBlob(stmt, 1, BinaryPropertyList.encode(.dictionary(plist)))
        try step(stmt, sql: "UPDATE Z_METADATA")
        plist["NSStoreUUID"] = .string(storeUUID)
        metadata = plist
    }

    /// The metadata dictionary in the file now (with `NSStoreUUID`).
    func readMetadata() throws -> [String: PropertyListValue] {
        let stmt = try prepare("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA")
        defer { sqlite3_finalize(stmt) }
        guard try stepRow(stmt) else { throw Self.corruptError(path, detail: "its Z_METADATA table has no row") }
        guard sqlite3_column_type(stmt, 1) == SQLITE_TEXT, sqlite3_column_type(stmt, 2) == SQLITE_BLOB else {
            throw Self.corruptError(path, detail: "Z_METADATA.Z_UUID is not text or Z_METADATA.Z_PLIST is not a blob")
        }
        let uuid = columnText(stmt, 1)
        let dictionary: [String: PropertyListValue]
        do {
            guard case .dictionary(let d) = try BinaryPropertyList.decode(columnBlob(stmt, 2)) else {
                throw BinaryPropertyList.Malformed(reason: "its root is not a dictionary")
            }
            dictionary = d
        } catch let malformed as BinaryPropertyList.Malformed {
            throw Self.corruptError(path, detail: "Z_METADATA.Z_PLIST is not a valid binary property list: \(malformed.reason)")
        }
        if try stepRow(stmt) { throw Self.corruptError(path, detail: "its Z_METADATA table has more than one row") }
        storeUUID = uuid
        var result = dictionary
        result["NSStoreUUID"] = .string(uuid)
        return result
    }

    /// The names of the file's tables.
    private func tableNames() throws -> Set<String> {
        let stmt = try prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        defer { sqlite3_finalize(stmt) }
        var names: Set<String> = []
        while try stepRow(stmt) { names.insert(columnText(stmt, 0)) }
        return names
    }

    /// The columns of a table and their declared types (upper-cased), in table order.
    func tableColumns(_ table: String) throws -> [(name: String, type: String)] {
        let stmt = try prepare("PRAGMA table_info(\(Self.quoted(table)))")
        defer { sqlite3_finalize(stmt) }
        var columns: [(String, String)] = []
        while try stepRow(stmt) { columns.append((columnText(stmt, 1), columnText(stmt, 2).uppercased())) }
        return columns
    }

    /// Checks that an existing file is a readable, intact store of this model, and reads its entity
    /// numbers, metadata and `Z_MAX` values.
    func checkExisting() throws {
        let tables: Set<String>
        do {
            tables = try tableNames()
            if !tables.contains("Z_METADATA") {
                if !tables.contains("Z_PRIMARYKEY") {
                    throw Self.notAStoreError(path, detail: "a SQLite database without Core Data's Z_METADATA and Z_PRIMARYKEY tables")
                }
                throw Self.corruptError(path, detail: "its Z_METADATA table is missing")
            }
            if try tableColumns("Z_METADATA").contains(where: { $0.name == "Z_KEY" }) {
                throw Self.incompatibleError(path, detail: "the file is in the private layout of earlier Ripple versions (Z_METADATA with Z_KEY and Z_VALUE), not Core Data's. Convert it by re-creating it: delete the file and run the scenario that filled it again, or read its objects with the earlier Ripple and insert them into a new store")
            }
            let stmt = try prepare("PRAGMA quick_check")
            defer { sqlite3_finalize(stmt) }
            var results: [String] = []
            while try stepRow(stmt) { results.append(columnText(stmt, 0)) }
            if results != ["ok"] {
                throw Self.corruptError(path, detail: "integrity check: " + results.prefix(3).joined(separator: "; "))
            }
            metadata = try readMetadata()
            guard case .string("SQLite")? = metadata["NSStoreType"] else {
                throw Self.corruptError(path, detail: "its metadata's NSStoreType is \(metadata["NSStoreType"]?.description ?? "missing"), not \"SQLite\"")
            }
            guard tables.contains("Z_PRIMARYKEY") else { throw Self.corruptError(path, detail: "its Z_PRIMARYKEY table is missing") }
            try readEntityNumbers()
        } catch let failure as SQLiteFailure {
            throw openError(failure)
        }
        do {
            try checkTables(tables)
        } catch let failure as SQLiteFailure {
            throw openError(failure)
        }
        // Files Ripple wrote carry Ripple's version hashes: a model change the tables cannot show (an
        // integer attribute become a boolean, an optional attribute become required) shows there. (Files
        // of format 1 carry hashes of an earlier recipe: there the tables decide.)
        if case .integer(Self.formatVersion)? = metadata["_RippleStoreFormat"],
           case .dictionary(let hashes)? = metadata["NSStoreModelVersionHashes"] {
            for entity in model.entities where hashes[entity.name] != .data(Self.versionHash(entity)) {
                throw Self.incompatibleError(path, detail: "entity \(entity.name) differs (its version hash in NSStoreModelVersionHashes is not the model's)")
            }
        }
    }

    /// Reads `Z_PRIMARYKEY`: every model entity must be there with its superentity; no other entity may.
    private func readEntityNumbers() throws {
        let stmt = try prepare("SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT")
        defer { sqlite3_finalize(stmt) }
        var numbers: [String: Int] = [:], supers: [String: Int] = [:]
        maxima = [:]
        while try stepRow(stmt) {
            guard sqlite3_column_type(stmt, 0) == SQLITE_INTEGER, sqlite3_column_type(stmt, 1) == SQLITE_TEXT,
                  [SQLITE_INTEGER, SQLITE_NULL].contains(sqlite3_column_type(stmt, 2)),
                  [SQLITE_INTEGER, SQLITE_NULL].contains(sqlite3_column_type(stmt, 3)) else {
                throw Self.corruptError(path, detail: "a Z_PRIMARYKEY row is not (integer Z_ENT, text Z_NAME, integer Z_SUPER, integer Z_MAX)")
            }
            let number = Int(sqlite3_column_int64(stmt, 0)), name = columnText(stmt, 1)
            // Numbers from 16000 on are Core Data's own tables (persistent history).
            if number >= 16000 { continue }
            guard model.entity(named: name) != nil else {
                throw Self.incompatibleError(path, detail: "the store has entity \(name) (Z_ENT \(number)), which the model does not")
            }
            numbers[name] = number
            supers[name] = Int(sqlite3_column_int64(stmt, 2))
            maxima[name] = Int(sqlite3_column_int64(stmt, 3))
        }
        for entity in model.entities {
            guard let number = numbers[entity.name] else {
                throw Self.incompatibleError(path, detail: "entity \(entity.name) is not in the store's Z_PRIMARYKEY")
            }
            _ = number
        }
        for (entity, _, _) in StoreLayout.newEntityNumbers(model) {
            let parent = StoreLayout.root(of: entity) === entity ? 0 : numbers[parentName(of: entity) ?? ""] ?? -1
            if supers[entity.name] != parent {
                throw Self.incompatibleError(path, detail: "entity \(entity.name)'s superentity differs (Z_SUPER \(supers[entity.name] ?? 0) in the store)")
            }
        }
        layout = StoreLayout(model: model, entityNumbers: numbers)
    }

    /// The name of an entity's superentity, if any.
    private func parentName(of entity: EntityDescription) -> String? { entity.superentity?.name }

    /// Every table and join table must have exactly the model's columns, with the model's types.
    private func checkTables(_ tables: Set<String>) throws {
        func compare(_ table: String, _ expected: [StoreLayout.Column], entity: String) throws {
            guard tables.contains(table) else {
                throw Self.incompatibleError(path, detail: "entity \(entity)'s table \(table) is missing")
            }
            let found = try tableColumns(table)
            for column in expected {
                let type = column.type.hasSuffix(" PRIMARY KEY") ? String(column.type.dropLast(12)) : column.type
                guard let actual = found.first(where: { $0.name == column.name }) else {
                    throw Self.incompatibleError(path, detail: "entity \(entity): column \(table).\(column.name) is missing")
                }
                if actual.type != type {
                    throw Self.incompatibleError(path, detail: "entity \(entity): column \(table).\(column.name) is \(actual.type.isEmpty ? "untyped" : actual.type) in the store, \(type) in the model")
                }
            }
            for column in found where !expected.contains(where: { $0.name == column.name }) {
                throw Self.incompatibleError(path, detail: "entity \(entity): the store's column \(table).\(column.name) is not in the model")
            }
        }
        for table in layout.tables {
            try compare(table.name, table.columns, entity: table.entities[0].name)
        }
        for join in layout.joinTables {
            try compare(join.name, [.init(name: join.firstColumn, type: "INTEGER"), .init(name: join.secondColumn, type: "INTEGER")]
                            + [join.orderColumn, join.inverseOrderColumn].compactMap { $0 }.map { .init(name: $0, type: "INTEGER") },
                        entity: "relationship table")
        }
    }
}
