import CSQLite

/// Reading and writing rows in Core Data's layout: attributes and to-one foreign keys in the entity's
/// table, to-many relationships read back from their inverse's foreign key or from a join table.
extension SQLiteStoreFile {
    /// A value of the wrong storage class in a column (for example text in an INTEGER column).
    struct WrongValue: Error { let detail: String }

    private func mapping(_ entity: EntityDescription) -> StoreLayout.EntityMapping { layout.mappings[entity.name]! }

    /// `SELECT Z_PK, Z_OPT, <attribute columns>, <to-one columns> FROM <table> WHERE Z_ENT = ?`.
    private func selectSQL(_ entity: EntityDescription) -> String {
        let m = mapping(entity)
        var columns = ["Z_PK", "Z_OPT"] + m.attributeColumns.compactMap { $0 }
        for storage in m.relationships {
            if case .foreignKey(let column, let entityColumn, _) = storage { columns.append(column); columns.append(entityColumn ?? "NULL") }
        }
        return "SELECT " + columns.map { $0 == "NULL" ? $0 : Self.quoted($0) }.joined(separator: ", ")
            + " FROM \(Self.quoted(m.table)) WHERE Z_ENT = ?"
    }

    /// The row at the statement's cursor; to-many members are left empty (filled by the caller).
    private func decodeRow(_ stmt: SQLiteStatement, _ entity: EntityDescription, names: [Int: String]) throws -> StoreRow {
        let m = mapping(entity)
        var attributes = [Value](repeating: .null, count: entity.attributes.count)
        var column: Int32 = 2
        for (i, a) in entity.attributes.enumerated() where m.attributeColumns[i] != nil {
            attributes[i] = try readValue(stmt, column, type: a.type, name: m.attributeColumns[i]!)
            if Self.isExternal(a), case .data(let blob) = attributes[i] {
                attributes[i] = .data(try externalValue(blob, column: m.attributeColumns[i]!, row: Int(sqlite3_column_int64(stmt, 0))))
            }
            column += 1
        }
        var toOne: [ManagedObjectID?] = []
        var toMany: [[ManagedObjectID]] = []
        for (i, storage) in m.relationships.enumerated() {
            toMany.append([])
            guard case .foreignKey(let name, _, _) = storage else { toOne.append(nil); continue }
            if sqlite3_column_type(stmt, column) == SQLITE_NULL {
                toOne.append(nil)
            } else {
                guard sqlite3_column_type(stmt, column) == SQLITE_INTEGER else {
                    throw WrongValue(detail: "column \(m.table).\(name) holds \(storageName(stmt, column)) where a row number (INTEGER) belongs")
                }
                var destination = entity.destinations[i].name
                if sqlite3_column_type(stmt, column + 1) == SQLITE_INTEGER {
                    let number = Int(sqlite3_column_int64(stmt, column + 1))
                    guard let name = names[number],
                          StoreLayout.hierarchy(of: entity.destinations[i]).contains(where: { $0.name == name }) else {
                        throw WrongValue(detail: "the entity column next to \(m.table).\(name) holds \(number), which is not \(destination) or one of its sub-entities")
                    }
                    destination = name
                }
                toOne.append(ManagedObjectID(entityName: destination, number: Int(sqlite3_column_int64(stmt, column)),
                                             isTemporaryID: false))
            }
            column += 2
        }
        return StoreRow(attributes: attributes, toOne: toOne, toMany: toMany, version: Int(sqlite3_column_int64(stmt, 1)))
    }

    private func storageName(_ stmt: SQLiteStatement, _ column: Int32) -> String {
        switch sqlite3_column_type(stmt, column) {
        case SQLITE_INTEGER: return "an INTEGER"
        case SQLITE_FLOAT: return "a REAL"
        case SQLITE_TEXT: return "TEXT"
        case SQLITE_BLOB: return "a BLOB"
        default: return "NULL"
        }
    }

    private func readValue(_ stmt: SQLiteStatement, _ column: Int32, type: AttributeType, name: String) throws -> Value {
        let storage = sqlite3_column_type(stmt, column)
        if storage == SQLITE_NULL { return .null }
        func wrong() -> WrongValue {
            WrongValue(detail: "column \(name) holds \(storageName(stmt, column)) where the model's \(type.rawValue) attribute belongs")
        }
        switch type {
        case .string, .uri:
            guard storage == SQLITE_TEXT else { throw wrong() }
            return .string(columnText(stmt, column))
        case .decimal:
            // Ripple writes the exact decimal text as a BLOB (a DECIMAL column turns text into a 15-digit
            // REAL); Core Data's own files hold a REAL or an INTEGER.
            let text = storage == SQLITE_BLOB ? String(decoding: columnBlob(stmt, column), as: UTF8.self) : columnText(stmt, column)
            guard let d = DecimalValue(string: text) else { throw wrong() }
            return .decimal(d)
        case .integer16, .integer32, .integer:
            guard storage == SQLITE_INTEGER else { throw wrong() }
            return .integer(sqlite3_column_int64(stmt, column))
        case .boolean:
            guard storage == SQLITE_INTEGER else { throw wrong() }
            return .bool(sqlite3_column_int64(stmt, column) != 0)
        case .double, .float, .date:
            let d: Double
            if storage == SQLITE_BLOB {
                let bytes = columnBlob(stmt, column)
                guard bytes.count == 8 else { throw wrong() }
                var bits: UInt64 = 0
                for (k, b) in bytes.enumerated() { bits |= UInt64(b) << (8 * UInt64(k)) }
                d = Double(bitPattern: bits)
            } else {
                guard storage == SQLITE_FLOAT || storage == SQLITE_INTEGER else { throw wrong() }
                d = sqlite3_column_double(stmt, column)
            }
            return type == .date ? .date(d.isNaN ? d : d + Self.referenceDateOffset) : .double(d)
        case .binary, .transformable:
            guard storage == SQLITE_BLOB else { throw wrong() }
            return .data(columnBlob(stmt, column))
        case .uuid:
            let bytes = columnBlob(stmt, column)
            guard storage == SQLITE_BLOB, bytes.count == 16 else { throw wrong() }
            var high: UInt64 = 0, low: UInt64 = 0
            for k in 0..<8 { high = high << 8 | UInt64(bytes[k]) }
            for k in 8..<16 { low = low << 8 | UInt64(bytes[k]) }
            return .uuid(UUIDBytes(high: high, low: low))
        }
    }

    // MARK: - Loading

    /// Every row of the file, by entity name and object number.
    /// - Throws: 259 for a value of the wrong type, a row of an unknown entity or a dangling reference.
    func loadRows() throws -> [String: RowTable] {
        do {
            return try loadAll()
        } catch let failure as SQLiteFailure {
            throw Self.cocoaError(failure, path: path, waited: busyTimeout, action: "loading the store")
        } catch let wrong as WrongValue {
            throw Self.corruptError(path, detail: wrong.detail)
        }
    }

    private func loadAll() throws -> [String: RowTable] {
        var result: [String: RowTable] = [:]
        let names = entityNames
        for table in layout.tables {
            let numbers = table.entities.map { String(mapping($0).number) }.joined(separator: ", ")
            let check = try prepare("SELECT Z_PK, Z_ENT FROM \(Self.quoted(table.name)) WHERE Z_ENT IS NULL OR Z_ENT NOT IN (\(numbers)) LIMIT 1")
            defer { sqlite3_finalize(check) }
            if try stepRow(check) {
                throw WrongValue(detail: "row \(sqlite3_column_int64(check, 0)) of \(table.name) has Z_ENT \(sqlite3_column_type(check, 1) == SQLITE_NULL ? "NULL" : String(sqlite3_column_int64(check, 1))), which is not an entity of that table")
            }
        }
        for entity in model.entities {
            let stmt = try prepare(selectSQL(entity) + " ORDER BY Z_PK")
            defer { sqlite3_finalize(stmt) }
            sqlite3_bind_int64(stmt, 1, Int64(mapping(entity).number))
            var table = RowTable()
            while try stepRow(stmt) {
                table[Int(sqlite3_column_int64(stmt, 0))] = try decodeRow(stmt, entity, names: names)
            }
            if !table.isEmpty { result[entity.name] = table }
        }
        func exists(_ id: ManagedObjectID) -> Bool { result[id.entityName]?[id.number] != nil }
        for entity in model.entities {
            let m = mapping(entity)
            guard let rows = result[entity.name] else { continue }
            for (i, storage) in m.relationships.enumerated() {
                guard case .foreignKey(let column, _, _) = storage else { continue }
                for n in rows.numbers {
                    if let target = rows[n]!.toOne[i], !exists(target) {
                        throw WrongValue(detail: "\(m.table).\(column) of row \(n) refers to row \(target.number) of \(entity.destinations[i].name), which does not exist")
                    }
                }
            }
        }
        for entity in model.entities {
            let m = mapping(entity)
            for (i, storage) in m.relationships.enumerated() {
                var members: [Int: [ManagedObjectID]] = [:]
                var positions: [Int: Int] = [:]   // member number → Z_FOK_ (ordered relationships)
                var ordered = false
                switch storage {
                case .foreignKey:
                    continue
                case .inverseForeignKey(let table, let column, let j):
                    let destination = entity.destinations[i]
                    if case .foreignKey(_, _, let order?)? = layout.mappings[destination.name]?.relationships[j] {
                        let stmt = try prepare("SELECT Z_PK, \(Self.quoted(order)) FROM \(Self.quoted(table)) WHERE \(Self.quoted(column)) IS NOT NULL")
                        defer { sqlite3_finalize(stmt) }
                        while try stepRow(stmt) {
                            if sqlite3_column_type(stmt, 1) != SQLITE_NULL { positions[Int(sqlite3_column_int64(stmt, 0))] = Int(sqlite3_column_int64(stmt, 1)) }
                        }
                    }
                    for member in StoreLayout.hierarchy(of: destination) {
                        guard let rows = result[member.name] else { continue }
                        for n in rows.numbers {
                            // (An inherited relationship: the rows whose owner is of this very entity.)
                            if let owner = rows[n]!.toOne[j], owner.entityName == entity.name {
                                members[owner.number, default: []].append(ManagedObjectID(entityName: member.name, number: n, isTemporaryID: false))
                            }
                        }
                    }
                case .joinTable(let table, let source, let destinationColumn, _, let order):
                    ordered = order != nil
                    let stmt = try prepare("SELECT \(Self.quoted(source)), \(Self.quoted(destinationColumn)) FROM \(Self.quoted(table)) ORDER BY 1, "
                        + (order.map { "ifnull(\(Self.quoted($0)), 9223372036854775807), 2" } ?? "2"))
                    defer { sqlite3_finalize(stmt) }
                    let destinations = StoreLayout.hierarchy(of: entity.destinations[i])
                    while try stepRow(stmt) {
                        let owner = Int(sqlite3_column_int64(stmt, 0)), n = Int(sqlite3_column_int64(stmt, 1))
                        if result[entity.name]?[owner] == nil,
                           StoreLayout.hierarchy(of: StoreLayout.root(of: entity)).contains(where: { result[$0.name]?[owner] != nil }) {
                            continue   // a pair of an object of another entity of the hierarchy
                        }
                        guard result[entity.name]?[owner] != nil,
                              let member = destinations.first(where: { result[$0.name]?[n] != nil }) else {
                            throw WrongValue(detail: "\(table) pairs row \(owner) of \(entity.name) with row \(n) of \(entity.destinations[i].name), and one of them does not exist")
                        }
                        members[owner, default: []].append(ManagedObjectID(entityName: member.name, number: n, isTemporaryID: false))
                    }
                }
                for (owner, list) in members {
                    guard var row = result[entity.name]?[owner] else {
                        throw WrongValue(detail: "a row of \(entity.destinations[i].name) refers to row \(owner) of \(entity.name), which does not exist")
                    }
                    row.toMany[i] = ordered ? list
                        : positions.isEmpty ? list.sorted { $0.number < $1.number }
                        : list.sorted { (positions[$0.number] ?? Int.max, $0.number) < (positions[$1.number] ?? Int.max, $1.number) }
                    result[entity.name]![owner] = row
                }
            }
        }
        return result
    }

    // MARK: - Inside a save transaction

    /// The committed row of an object in the file now (another connection may have written it since
    /// this store loaded it). Call inside ``transaction(_:)``.
    func currentRow(_ id: ManagedObjectID) throws -> StoreRow? {
        guard let entity = model.entity(named: id.entityName) else { return nil }
        let m = mapping(entity)
        let stmt = try cached("select " + entity.name, selectSQL(entity) + " AND Z_PK = ?")
        defer { sqlite3_reset(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(m.number))
        sqlite3_bind_int64(stmt, 2, Int64(id.number))
        guard try stepRow(stmt) else { return nil }
        var row: StoreRow
        do { row = try decodeRow(stmt, entity, names: entityNames) } catch let wrong as WrongValue {
            throw Self.corruptError(path, detail: wrong.detail)
        }
        for (i, storage) in m.relationships.enumerated() {
            if case .foreignKey = storage { continue }
            let members = try cached("members \(m.number) \(i)", membersSQL(storage, destination: entity.destinations[i]))
            defer { sqlite3_reset(members) }
            sqlite3_bind_int64(members, 1, Int64(id.number))
            // Each member is named by its row's Z_ENT (a sub-entity's object is of that sub-entity).
            let destination = entity.destinations[i].name
            let names = entityNames
            while try stepRow(members) {
                let name = sqlite3_column_type(members, 1) == SQLITE_INTEGER ? names[Int(sqlite3_column_int64(members, 1))] ?? destination : destination
                row.toMany[i].append(ManagedObjectID(entityName: name, number: Int(sqlite3_column_int64(members, 0)), isTemporaryID: false))
            }
        }
        return row
    }

    /// Whether a row of the object's table (of any entity of its hierarchy) has its number now. Call
    /// inside ``transaction(_:)``.
    func isNumberTaken(_ id: ManagedObjectID) throws -> Bool {
        guard let entity = model.entity(named: id.entityName) else { return false }
        let stmt = try cached("SELECT 1 FROM \(Self.quoted(mapping(entity).table)) WHERE Z_PK = ?")
        defer { sqlite3_reset(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(id.number))
        return try stepRow(stmt)
    }

    /// The numbers of an entity's rows in the file now. Call inside ``transaction(_:)``.
    func numbers(of entity: EntityDescription) throws -> [Int] {
        let m = mapping(entity)
        let stmt = try cached("SELECT Z_PK FROM \(Self.quoted(m.table)) WHERE Z_ENT = ?")
        defer { sqlite3_reset(stmt) }
        sqlite3_bind_int64(stmt, 1, Int64(m.number))
        var result: [Int] = []
        while try stepRow(stmt) { result.append(Int(sqlite3_column_int64(stmt, 0))) }
        return result
    }

    /// `SELECT` of the members' numbers of a to-many relationship stored as `storage`, by the owner's `Z_PK`.
    private func membersSQL(_ storage: StoreLayout.RelationshipStorage, destination: EntityDescription) -> String {
        switch storage {
        case .foreignKey:
            return ""
        case .inverseForeignKey(let table, let column, let j):
            let numbers = StoreLayout.hierarchy(of: destination).map { String(layout.entityNumbers[$0.name] ?? 0) }
            var order = "Z_PK"
            if case .foreignKey(_, _, let fok?)? = layout.mappings[destination.name]?.relationships[j] {
                order = "ifnull(\(Self.quoted(fok)), 9223372036854775807), Z_PK"
            }
            return "SELECT Z_PK, Z_ENT FROM \(Self.quoted(table)) WHERE Z_ENT IN (\(numbers.joined(separator: ", "))) AND \(Self.quoted(column)) = ? ORDER BY \(order)"
        case .joinTable(let table, let source, let destinationColumn, _, let fok):
            let root = Self.quoted("Z" + StoreLayout.root(of: destination).name.uppercased())
            let order = fok.map { "ifnull(j.\(Self.quoted($0)), 9223372036854775807), 1" } ?? "1"
            return "SELECT j.\(Self.quoted(destinationColumn)), t.Z_ENT FROM \(Self.quoted(table)) j LEFT JOIN \(root) t ON t.Z_PK = j.\(Self.quoted(destinationColumn)) WHERE j.\(Self.quoted(source)) = ? ORDER BY \(order)"
        }
    }

    /// The largest object number of an entity in the file now: the largest `Z_PK` of its table or `Z_MAX`
    /// of an entity of its hierarchy, whichever is larger (numbers of deleted rows are not given again).
    /// Call inside ``transaction(_:)``.
    func largestNumber(_ entity: EntityDescription) throws -> Int {
        let m = mapping(entity)
        let numbers = StoreLayout.hierarchy(of: StoreLayout.root(of: entity)).map { String(mapping($0).number) }.joined(separator: ", ")
        let stmt = try cached("SELECT max(ifnull((SELECT max(Z_PK) FROM \(Self.quoted(m.table))), 0), ifnull((SELECT max(Z_MAX) FROM Z_PRIMARYKEY WHERE Z_ENT IN (\(numbers))), 0))")
        defer { sqlite3_reset(stmt) }
        return try stepRow(stmt) ? Int(sqlite3_column_int64(stmt, 0)) : 0
    }

    // MARK: - Saving

    /// Writes one save as one transaction: every row of `writes` is inserted or replaced (with its
    /// version), every ID of `deletes` removed. On any failure the file is unchanged.
    func apply(writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID]) throws {
        try transaction { try write(writes: writes, deletes: deletes) }
    }

    /// Writes rows and deletions inside the current transaction, and moves each written entity's `Z_MAX`
    /// up to its largest number.
    func write(writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID]) throws {
        // One batch per run of rows of one entity (a save writes its objects in object order): the entity,
        // its statement and its columns are looked up once per run, not per row.
        var largest: [(EntityDescription, Int)] = []
        var positions: [(sql: String, values: [Int])] = []
        var start = writes.startIndex
        while start < writes.endIndex {
            let entityName = writes[start].0.entityName
            var end = start + 1
            while end < writes.endIndex && writes[end].0.entityName == entityName { end += 1 }
            if let entity = model.entity(named: entityName) {
                largest.append((entity, try writeBatch(writes[start..<end], of: entity, positions: &positions)))
            }
            start = end
        }
        for id in deletes {
            guard let entity = model.entity(named: id.entityName) else { continue }
            let m = mapping(entity)
            if entity.attributes.contains(where: Self.isExternal) {
                try releaseExternalData(of: entity, table: m.table, columns: m.attributeColumns, row: id.number)
            }
            let stmt = try cached("delete " + m.table, "DELETE FROM \(Self.quoted(m.table)) WHERE Z_PK = ?")
            sqlite3_bind_int64(stmt, 1, Int64(id.number))
            defer { sqlite3_reset(stmt) }
            try step(stmt, sql: "DELETE")
            for storage in m.relationships {
                guard case .joinTable(let table, let source, _, _, _) = storage else { continue }
                let pairs = try cached("DELETE FROM \(Self.quoted(table)) WHERE \(Self.quoted(source)) = ?")
                sqlite3_bind_int64(pairs, 1, Int64(id.number))
                defer { sqlite3_reset(pairs) }
                try step(pairs, sql: "DELETE")
            }
        }
        // Positions in ordered relationships, once every member row is written (a member row written
        // alone keeps its Z_FOK_: the insert below updates a row in place).
        for p in positions {
            let stmt = try cached(p.sql)
            defer { sqlite3_reset(stmt) }
            for (k, value) in p.values.enumerated() { sqlite3_bind_int64(stmt, Int32(k + 1), Int64(value)) }
            try step(stmt, sql: "UPDATE")
        }
        try raiseMaxima(largest)
    }

    /// Moves each entity's `Z_MAX` and, for a sub-entity, its root's (the hierarchy's numbering) up to the
    /// number given. Call inside ``transaction(_:)``.
    func raiseMaxima(_ largest: [(EntityDescription, Int)]) throws {
        for (entity, number) in largest {
            let root = StoreLayout.root(of: entity)
            for e in root === entity ? [entity] : [entity, root] {
                let stmt = try cached("UPDATE Z_PRIMARYKEY SET Z_MAX = ?1 WHERE Z_ENT = ?2 AND (Z_MAX IS NULL OR Z_MAX < ?1)")
                defer { sqlite3_reset(stmt) }
                sqlite3_bind_int64(stmt, 1, Int64(number))
                sqlite3_bind_int64(stmt, 2, Int64(mapping(e).number))
                try step(stmt, sql: "UPDATE Z_PRIMARYKEY")
            }
        }
    }

    /// Writes rows of one entity through its prepared statement (every column is bound for every row, so
    /// the bindings need no clearing between rows) and their join-table pairs; returns the largest number.
    private func writeBatch(_ writes: ArraySlice<(ManagedObjectID, StoreRow)>, of entity: EntityDescription,
                            positions: inout [(sql: String, values: [Int])]) throws -> Int {
        let m = mapping(entity)
        let key = "insert " + entity.name
        let stmt: SQLiteStatement
        if let s = statements[key] {
            stmt = s
        } else {
            var columns = ["Z_PK", "Z_ENT", "Z_OPT"] + m.attributeColumns.compactMap { $0 }
            for storage in m.relationships {
                if case .foreignKey(let column, let entityColumn, _) = storage { columns.append(column); if let entityColumn { columns.append(entityColumn) } }
            }
            // An upsert, not a replace: columns this entity does not write (another relationship's Z_FOK_)
            // keep their values.
            stmt = try prepare("INSERT INTO \(Self.quoted(m.table)) (" + columns.map(Self.quoted).joined(separator: ", ")
                + ") VALUES (?" + String(repeating: ", ?", count: columns.count - 1) + ") ON CONFLICT(Z_PK) DO UPDATE SET "
                + columns.dropFirst().map { "\(Self.quoted($0)) = excluded.\(Self.quoted($0))" }.joined(separator: ", "))
            statements[key] = stmt
        }
        let persistent = entity.attributes.indices.filter { m.attributeColumns[$0] != nil }
        let external = persistent.filter { Self.isExternal(entity.attributes[$0]) }
        let relationships = m.relationships
        var joins: [(index: Int, delete: SQLiteStatement, insert: SQLiteStatement, ordered: Bool, keepsPairs: Bool)] = []
        // Ordered to-many relationships whose positions are set once every row is written: `UPDATE`s
        // with the position, the member's number and (in a join table) the object's number.
        var orderUpdates: [(index: Int, sql: String, pairs: Bool)] = []
        let q = Self.quoted
        for (i, storage) in relationships.enumerated() {
            if case .inverseForeignKey(let table, _, let j) = storage,
               case .foreignKey(_, _, let fok?)? = layout.mappings[entity.destinations[i].name]?.relationships[j] {
                orderUpdates.append((i, "UPDATE \(q(table)) SET \(q(fok)) = ? WHERE Z_PK = ?", false))
            }
            if case .joinTable(let table, let source, let destination, false, let fok?) = storage {
                // The side that does not write the pairs, ordered too: its positions in its own column.
                orderUpdates.append((i, "UPDATE \(q(table)) SET \(q(fok)) = ? WHERE \(q(destination)) = ? AND \(q(source)) = ?", true))
            }
            guard case .joinTable(let table, let source, let destination, true, let fok) = storage else { continue }
            let order = fok.map { ", " + q($0) } ?? ""
            let values = "VALUES (?, ?\(fok == nil ? "" : ", ?"))"
            // When the other side keeps positions in this table too, pairs that stay are kept (with them).
            let keepsPairs = layout.joinTables.first { $0.name == table }?.inverseOrderColumn != nil
            let delete = keepsPairs
                ? "DELETE FROM \(q(table)) WHERE \(q(source)) = ? AND \(q(destination)) NOT IN (SELECT value FROM json_each(?))"
                : "DELETE FROM \(q(table)) WHERE \(q(source)) = ?"
            let insert = keepsPairs && fok != nil
                ? "INSERT INTO \(q(table)) (\(q(source)), \(q(destination))\(order)) \(values) ON CONFLICT(\(q(source)), \(q(destination))) DO UPDATE SET \(q(fok!)) = excluded.\(q(fok!))"
                : "INSERT OR IGNORE INTO \(q(table)) (\(q(source)), \(q(destination))\(order)) \(values)"
            joins.append((i, try cached(delete), try cached(insert), fok != nil, keepsPairs))
        }
        let hasEntityColumns = relationships.contains { if case .foreignKey(_, _?, _) = $0 { return true } else { return false } }
        let number = Int64(m.number)
        var largest = 0
        for (id, row) in writes {
            if id.number > largest { largest = id.number }
            sqlite3_bind_int64(stmt, 1, Int64(id.number))
            sqlite3_bind_int64(stmt, 2, number)
            sqlite3_bind_int64(stmt, 3, Int64(row.version))
            var column: Int32 = 4
            let previous = external.isEmpty ? [] : try externalColumns(m.table, external.map { m.attributeColumns[$0]! }, row: id.number)
            for i in persistent {
                if let k = external.firstIndex(of: i), case .data(let bytes) = row.attributes[i] {
                    bindBlob(stmt, column, try externalBlob(bytes, previous: previous[k]))
                } else {
                    if let k = external.firstIndex(of: i), let old = previous[k], old.first == 0x02, let name = Self.externalFileName(old) {
                        externalFilesReleased.append(externalDataDirectory + "/" + name)   // set to nil
                    }
                    bind(row.attributes[i], to: stmt, column)
                }
                column += 1
            }
            for i in relationships.indices {
                guard case .foreignKey(_, let entityColumn, _) = relationships[i] else { continue }
                if let target = row.toOne[i] {
                    sqlite3_bind_int64(stmt, column, Int64(target.number))
                } else {
                    sqlite3_bind_null(stmt, column)
                }
                column += 1
                if hasEntityColumns, entityColumn != nil {
                    if let target = row.toOne[i], let n = layout.entityNumbers[target.entityName] {
                        sqlite3_bind_int64(stmt, column, Int64(n))
                    } else {
                        sqlite3_bind_null(stmt, column)
                    }
                    column += 1
                }
            }
            let code = sqlite3_step(stmt)
            guard code == SQLITE_DONE || code == SQLITE_ROW else {
                let error = failure(code)
                sqlite3_reset(stmt)
                throw error
            }
            sqlite3_reset(stmt)
            for (i, sql, pairs) in orderUpdates {
                for (position, member) in row.toMany[i].enumerated() {
                    positions.append((sql, pairs ? [position + 1, member.number, id.number] : [position + 1, member.number]))
                }
            }
            for (i, delete, insert, ordered, keepsPairs) in joins {
                sqlite3_bind_int64(delete, 1, Int64(id.number))
                if keepsPairs { bindText(delete, 2, "[" + row.toMany[i].map { String($0.number) }.joined(separator: ",") + "]") }
                defer { sqlite3_reset(delete) }
                try step(delete, sql: "DELETE")
                for (position, member) in row.toMany[i].enumerated() {
                    sqlite3_bind_int64(insert, 1, Int64(id.number))
                    sqlite3_bind_int64(insert, 2, Int64(member.number))
                    if ordered { sqlite3_bind_int64(insert, 3, Int64(position + 1)) }
                    defer { sqlite3_reset(insert) }
                    try step(insert, sql: "INSERT")
                }
            }
        }
        return largest
    }

    private func bind(_ value: Value, to stmt: SQLiteStatement, _ column: Int32) {
        switch value {
        case .null, .object, .collection, .boxed: sqlite3_bind_null(stmt, column)   // (a box is transformed before)
        case .decimal(let d): bindBlob(stmt, column, Array(d.description.utf8))
        case .bool(let b): sqlite3_bind_int64(stmt, column, b ? 1 : 0)
        case .integer(let i): sqlite3_bind_int64(stmt, column, i)
        case .double(let d): bindReal(d, stmt, column)
        case .date(let d): bindReal(d.isNaN ? d : d - Self.referenceDateOffset, stmt, column)
        case .string(let s): bindText(stmt, column, s)
        case .data(let bytes): bindBlob(stmt, column, bytes)
        case .uuid(let u):
            var bytes: [UInt8] = []
            for k in (0..<8).reversed() { bytes.append(UInt8(truncatingIfNeeded: u.high >> (8 * UInt64(k)))) }
            for k in (0..<8).reversed() { bytes.append(UInt8(truncatingIfNeeded: u.low >> (8 * UInt64(k)))) }
            bindBlob(stmt, column, bytes)
        }
    }

    /// A REAL, or the 8-byte BLOB of a NaN's bits (SQLite stores a NaN REAL as NULL).
    private func bindReal(_ d: Double, _ stmt: SQLiteStatement, _ column: Int32) {
        if d.isNaN {
            let bits = d.bitPattern
            bindBlob(stmt, column, (0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) })
        } else {
            sqlite3_bind_double(stmt, column, d)
        }
    }
}
