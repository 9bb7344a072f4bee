extension ManagedObjectContext {
    /// Checks the uniqueness constraints of every row a save writes against the store's rows and the
    /// save's other rows. Under the error policy (and always for updated objects) a violation throws 133021;
    /// under the other policies an inserted object that repeats existing values is merged into the
    /// existing object (an "upsert"): its values go into that row as the policy says, and it is dropped.
    func checkUniqueness(writes: inout [(ManagedObjectID, StoreRow)], writeIndex: inout [ManagedObjectID: Int],
                         owners: [ManagedObjectID: ManagedObject], inserts: [ManagedObject], deleted: Set<ManagedObjectID>,
                         remap: inout [ManagedObjectID: ManagedObjectID], session: StoreSaveSession,
                         outcome: inout SaveOutcome) throws {
        guard model.uniquenessConstraintsPresent else { return }   // (no array of entities made per save)
        let constrained = model.entities.filter { !$0.uniquenessConstraints.isEmpty }
        guard !constrained.isEmpty else { return }
        let inserted = Set(inserts.map { ObjectIdentifier($0) })
        var conflicts: [ConstraintConflict] = []
        var removed = Set<Int>()
        for entity in constrained where writes.contains(where: { $0.0.entityName == entity.name }) {
            let written = Set(writes.filter { $0.0.entityName == entity.name }.map(\.0.number))
            var database: [Int: StoreRow] = [:]
            for (n, row) in try session.rows(of: entity) where !written.contains(n) {
                if !deleted.contains(ManagedObjectID(entityName: entity.name, number: n, isTemporaryID: false)) { database[n] = row }
            }
            for constraint in entity.uniquenessConstraints {
                var seen: [[String]: ManagedObjectID] = [:]
                for (n, row) in database.sorted(by: { $0.key < $1.key }) {
                    if let key = Self.constraintKey(row, constraint, entity) {
                        seen[key] = ManagedObjectID(entityName: entity.name, number: n, isTemporaryID: false)
                    }
                }
                for index in writes.indices where writes[index].0.entityName == entity.name && !removed.contains(index) {
                    let (id, row) = writes[index]
                    guard let key = Self.constraintKey(row, constraint, entity) else { continue }
                    guard let other = seen[key] else { seen[key] = id; continue }
                    let owner = owners[id]
                    let isInsert = owner.map { inserted.contains(ObjectIdentifier($0)) } ?? false
                    if mergePolicy == .error || !isInsert {
                        let inDatabase = writeIndex[other] == nil
                        conflicts.append(ConstraintConflict(
                            constraint: constraint, values: Self.constraintValues(row, constraint, entity),
                            databaseObject: inDatabase ? other : nil,
                            conflictingObjects: (inDatabase ? [] : [other]) + [owners[id]?.objectID ?? id]))
                        continue
                    }
                    // Upsert: the inserted row goes into the existing one.
                    let existing = writeIndex[other].map { writes[$0].1 } ?? database[other.number]!
                    if mergePolicy != .rollback {
                        var merged = Self.upsert(row, into: existing, policy: mergePolicy)
                        if let at = writeIndex[other] {
                            merged.version = writes[at].1.version
                            writes[at].1 = merged
                        } else {
                            merged.version = try StoreRow.nextVersion(after: existing.version, of: other)
                            writeIndex[other] = writes.count
                            writes.append((other, merged))
                        }
                    }
                    removed.insert(index)
                    remap[id] = other
                    if let owner {
                        remap[owner.objectID] = other
                        outcome.mergedInserts.append((owner, other))
                    }
                }
            }
        }
        if !conflicts.isEmpty { throw ObjectGraphError.constraintConflicts(conflicts) }
        // A merged insert writes no row of its own: it gets no version.
        if !outcome.mergedInserts.isEmpty {
            let merged = Set(outcome.mergedInserts.map { ObjectIdentifier($0.0) })
            outcome.versions.removeAll { merged.contains(ObjectIdentifier($0.object)) }
        }
        if !removed.isEmpty {
            writes = writes.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
            writeIndex = [:]
            for (i, w) in writes.enumerated() { writeIndex[w.0] = i }
        }
    }

    /// The constrained values of a row as comparable text, or nil when one of them is nil (NULLs never
    /// collide, as in a SQL unique index).
    static func constraintKey(_ row: StoreRow, _ keys: [String], _ entity: EntityDescription) -> [String]? {
        var result: [String] = []
        for key in keys {
            switch entity.slots[key] {
            case .attribute(let i)?:
                if row.attributes[i].isNull { return nil }
                result.append(String(describing: row.attributes[i]))
            case .relationship(let i)?:
                guard let target = row.toOne[i] else { return nil }
                result.append(target.uriRepresentation)
            default:
                return nil
            }
        }
        return result
    }

    static func constraintValues(_ row: StoreRow, _ keys: [String], _ entity: EntityDescription) -> [String: Value] {
        var values: [String: Value] = [:]
        for key in keys {
            if case .attribute(let i)? = entity.slots[key] { values[key] = row.attributes[i] }
            if case .relationship(let i)? = entity.slots[key], let target = row.toOne[i] {
                values[key] = .string(target.displayName)
            }
        }
        return values
    }

    /// An inserted row merged into an existing one: `overwrite` takes every value of the new row,
    /// object-trump its set (non-nil) values, store-trump only fills what the existing row lacks.
    static func upsert(_ new: StoreRow, into existing: StoreRow, policy: MergePolicy) -> StoreRow {
        if policy == .overwrite { return new }
        var row = existing
        let objectWins = policy == .mergeByPropertyObjectTrump
        for i in row.attributes.indices where !new.attributes[i].isNull && (objectWins || row.attributes[i].isNull) {
            row.attributes[i] = new.attributes[i]
        }
        for i in row.toOne.indices where new.toOne[i] != nil && (objectWins || row.toOne[i] == nil) {
            row.toOne[i] = new.toOne[i]
        }
        for i in row.toMany.indices where !new.toMany[i].isEmpty {
            for id in new.toMany[i] where !row.toMany[i].contains(id) { row.toMany[i].append(id) }
        }
        return row
    }
}
