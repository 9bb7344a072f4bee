/// The committed state of a store as one save sees it, inside the save's transaction: for a SQLite
/// store the file itself (another connection may have written it since the store loaded it), for an
/// in-memory store its rows.
final class StoreSaveSession {
    unowned let store: PersistentStore
    /// Rows read from the file during the session, to bring the store's memory up to date.
    @exclusivity(unchecked) var readRows: [ManagedObjectID: StoreRow?] = [:]

    init(store: PersistentStore) { self.store = store }

    /// The committed row of an object now, or nil when there is none (never saved, or deleted).
    func row(for id: ManagedObjectID) throws -> StoreRow? {
        let id = id.permanent
        guard let file = store.openFile else { return store.row(for: id) }
        if let read = readRows[id] { return read }
        let row = try file.currentRow(id)
        readRows[id] = row
        return row
    }

    /// Whether an object's number is taken in the store now: in a file, by a row of any entity of its table
    /// (a hierarchy shares its root's table and `Z_PK`s).
    func isNumberTaken(_ id: ManagedObjectID) throws -> Bool {
        guard let file = store.openFile else { return store.row(for: id.permanent) != nil }
        return try file.isNumberTaken(id)
    }

    /// The largest committed object number of an entity now.
    func largestNumber(_ entity: EntityDescription) throws -> Int {
        guard let file = store.openFile else { return store.largestNumber(entityName: entity.name) }
        return try file.largestNumber(entity)
    }

    /// Every committed row of an entity now (for uniqueness checks), by object number.
    func rows(of entity: EntityDescription) throws -> [Int: StoreRow] {
        guard let file = store.openFile else { return store.rows[entity.name]?.dictionary ?? [:] }
        var result = store.rows[entity.name]?.dictionary ?? [:]
        // Rows another connection wrote are read from the file by number (the file is the truth).
        var candidates = Set(result.keys)
        for n in try file.numbers(of: entity) { candidates.insert(n) }
        for n in candidates {
            let id = ManagedObjectID(entityName: entity.name, number: n, isTemporaryID: false)
            result[n] = try row(for: id)
        }
        return result
    }
}

extension PersistentStore {
    /// Saves through a session: `body` reads the committed state and returns what to write; the rows and
    /// deletions are written in one transaction (SQLite) and then applied in memory. When `body` or the
    /// write fails nothing changes.
    func save(author: String? = nil, contextName: String = "", model: ManagedObjectModel? = nil,
              _ body: (StoreSaveSession) throws -> (writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID])) throws {
        let session = StoreSaveSession(store: self)
        func record(_ writes: [(ManagedObjectID, StoreRow)], _ deletes: [ManagedObjectID]) throws {
            guard history != nil, let model else { return }
            try recordHistory(writes: writes, deletes: deletes, before: { id in
                if let read = session.readRows[id] { return read }
                return self.row(for: id)
            }, author: author, contextName: contextName, model: model)
        }
        if type == .sqlite {
            guard let file = openFile else {
                throw ObjectGraphError(.store, code: 134030,
                    "The persistent store \(identifier) was removed from its coordinator; it cannot be saved to.")
            }
            var (writes, deletes) = try file.transaction { () throws -> ([(ManagedObjectID, StoreRow)], [ManagedObjectID]) in
                let batch = try body(session)
                try record(batch.writes, batch.deletes)
                try file.write(writes: batch.writes, deletes: batch.deletes)
                return batch
            }
            for (id, row) in session.readRows {
                if let row { rows[id.entityName, default: RowTable()][id.number] = row } else { rows[id.entityName]?[id.number] = nil }
            }
            let wrote = !(writes.isEmpty && deletes.isEmpty)
            applyInMemory(moving: &writes, deletes: deletes)
            if wrote { RemoteChangeCenter.storeDidCommit(self) }
        } else {
            var batch = try body(session)
            try record(batch.writes, batch.deletes)
            let wrote = !(batch.writes.isEmpty && batch.deletes.isEmpty)
            applyInMemory(moving: &batch.writes, deletes: batch.deletes)
            if wrote { RemoteChangeCenter.storeDidCommit(self) }
        }
    }

    /// Runs `body` on an object's saved row where the store keeps it (no copy), or returns nil when the
    /// object has no row. For ``ManagedObjectContext/writeUpdatesInPlace(to:)``.
    func withSavedRow<R>(of object: ManagedObject, _ body: (inout StoreRow) -> R) -> R? {
        // (Through the values' index: the dictionary's optional subscript took the table out and put it back.)
        guard let i = rows.index(forKey: object.entity.name) else { return nil }
        return rows.values[i].modify(at: object.number, body)
    }

    /// Brings the rows of some objects up to date from the file (a SQLite store only).
    func reload(_ ids: [ManagedObjectID]) throws {
        guard let file = openFile else { return }
        for id in ids.map(\.permanent) {
            let row: StoreRow?
            do { row = try file.currentRow(id) } catch let failure as SQLiteStoreFile.SQLiteFailure {
                throw SQLiteStoreFile.cocoaError(failure, path: identifier, waited: file.busyTimeout, action: "reading rows to merge")
            }
            if let row { rows[id.entityName, default: RowTable()][id.number] = row } else { rows[id.entityName]?[id.number] = nil }
        }
    }

    /// Applies a save's rows and deletions to the rows in memory. Consecutive writes of one entity (a save
    /// writes its objects in object order) go into that entity's table taken out once, so the entity name is
    /// hashed once per run, not once per row (and a row takes its slot by number, see ``RowTable``). Each row
    /// is moved into its table, leaving an empty row behind, instead of copied (a copy of the
    /// `(ManagedObjectID, StoreRow)` element retained its four references and cost ≈ 0.2k instructions,
    /// twice per object with the entity comparison, and the caller's array then released them again).
    /// The rows end as a plain copy of each row leaves them (`ApplyInMemoryTests` compares both).
    func applyInMemory(moving writes: inout [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID]) {
        // Through the buffer: the array's subscript copied each `(ManagedObjectID, StoreRow)` element (and
        // destroyed the copy) to compare its entity name.
        writes.withUnsafeMutableBufferPointer { buffer in
            let count = buffer.count
            var start = 0
            while start < count {
                let entityName = buffer[start].0.entityName
                var end = start + 1
                while end < count && buffer[end].0.entityName == entityName { end += 1 }
                if end - start == 1 {
                    // One row (an edit of one object): written in place.
                    rows[entityName, default: RowTable()][buffer[start].0.number] = Self.take(&buffer[start].1)
                    start = end
                    continue
                }
                var table = rows.removeValue(forKey: entityName) ?? RowTable()
                table.reserveCapacity(extra: end - start)
                for i in start..<end { table[buffer[i].0.number] = Self.take(&buffer[i].1) }
                rows[entityName] = table
                start = end
            }
        }
        for id in deletes { rows[id.entityName]?[id.number] = nil }
    }

    /// Moves `row` out, leaving a row of empty arrays (which allocate nothing).
    private static func take(_ row: inout StoreRow) -> StoreRow {
        var taken = StoreRow(attributes: [], toOne: [], toMany: [], version: 0)
        swap(&taken, &row)
        return taken
    }
}
