/// What a save decided while resolving conflicts, applied to the context once the store committed.
struct SaveOutcome {
    /// New permanent numbers of inserted objects whose number another connection took.
    var renumbered: [ObjectIdentifier: Int] = [:]
    /// Inserted objects merged into an existing row by a uniqueness constraint, with the survivor's ID.
    var mergedInserts: [(ManagedObject, ManagedObjectID)] = []
    /// Updated objects whose row another context deleted, dropped by the store-trump and rollback policies.
    var droppedUpdates: [ManagedObject] = []
    /// Objects whose saved row differs from their values in memory: reloaded after the save.
    var refreshAfter: [ManagedObject] = []
    /// The version each updated object's row got, in the order the objects were resolved (each object
    /// once): a list, not a dictionary, so a save hashes no object for it. (An inserted object's row always
    /// gets version 1 unless it was merged away: `write()` sets it without a list.)
    var versions: [(object: ManagedObject, version: Int)] = []
}

extension ManagedObjectContext {
    /// Writes inserted, updated and deleted objects to their stores (new objects to the first one),
    /// resolving conflicts with each store's committed state by the merge policy.
    func write() throws -> ContextDidSaveNotification {
        let coordinator = persistentStoreCoordinator
        guard let defaultStore = coordinator.defaultStore else {
            throw ObjectGraphError(.store, code: 134020,
                "This NSPersistentStoreCoordinator has no persistent stores. It cannot perform a save operation.")
        }
        // An edit saved to a single in-memory store writes its rows in place.
        if coordinator.persistentStores.count == 1, let note = try writeUpdatesInPlace(to: defaultStore) { return note }
        var note = didSaveNotificationOfPendingChanges()
        var outcome = SaveOutcome()
        for store in coordinator.persistentStores {
            func mine(_ object: ManagedObject) -> Bool {
                (coordinator.store(holding: object.objectID.permanent) ?? defaultStore) === store
            }
            // With one store, every inserted and updated object is its (no row is looked up to decide).
            let single = coordinator.persistentStores.count == 1
            let inserts = single ? note.inserted
                : note.inserted.filter { store === defaultStore && coordinator.store(holding: $0.objectID.permanent) == nil || mine($0) }
            let updates = single ? note.updated : note.updated.filter(mine)
            let deletes = note.deleted.filter { coordinator.store(holding: $0.objectID.permanent) === store }
            if inserts.isEmpty && updates.isEmpty && deletes.isEmpty { continue }
            var storeOutcome = SaveOutcome()
            try store.save(author: transactionAuthor, contextName: name, model: model) { session in
                storeOutcome = SaveOutcome()
                return try resolve(inserts: inserts, updates: updates, deletes: deletes, session: session, outcome: &storeOutcome)
            }
            // (Each list is merged only when it holds something: a plain save builds none of them.)
            if !storeOutcome.renumbered.isEmpty { outcome.renumbered.merge(storeOutcome.renumbered) { a, _ in a } }
            if !storeOutcome.mergedInserts.isEmpty { outcome.mergedInserts += storeOutcome.mergedInserts }
            if !storeOutcome.droppedUpdates.isEmpty { outcome.droppedUpdates += storeOutcome.droppedUpdates }
            if !storeOutcome.refreshAfter.isEmpty { outcome.refreshAfter += storeOutcome.refreshAfter }
            if outcome.versions.isEmpty {
                outcome.versions = storeOutcome.versions  // the usual single store: no copy
            } else {
                outcome.versions += storeOutcome.versions   // an object belongs to one store only
            }
        }
        // The stores accepted the batch: inserted objects get their permanent IDs, then commit in memory.
        let merged = Set(outcome.mergedInserts.map { ObjectIdentifier($0.0) })
        let dropped = Set(outcome.droppedUpdates.map { ObjectIdentifier($0) })
        // A temporary ID equals its permanent form (same entity and number), so the registration stays
        // where it is; only a renumbered object moves to its new key. Each inserted row was written as
        // version 1 (one pass over the inserted objects for both).
        for object in note.inserted where merged.isEmpty || !merged.contains(ObjectIdentifier(object)) {
            if !outcome.renumbered.isEmpty, let number = outcome.renumbered[ObjectIdentifier(object)],
               number != object.number {
                registered[object.objectID] = nil
                object.objectID = ManagedObjectID(entityName: object.objectID.entityName, number: number, isTemporaryID: false)
                registered.register(object)
            } else {
                object.state.isTemporaryID = false   // (`objectID.isTemporaryID = false` without building the ID)
            }
            object.state.snapshotVersion = 1
        }
        // Every other object with a version is one of the note's updated objects.
        for (object, version) in outcome.versions { object.state.snapshotVersion = version }
        var mergedAway: [ManagedObject] = []
        if !merged.isEmpty {
            note.inserted.removeAll { object in
                guard merged.contains(ObjectIdentifier(object)) else { return false }
                mergedAway.append(object)
                return true
            }
        }
        if !dropped.isEmpty { note.updated.removeAll { dropped.contains(ObjectIdentifier($0)) } }
        for object in outcome.droppedUpdates { note.removeChanges(of: object) }
        commitSaved(note)
        try performMutation {
            let survivors = Dictionary(outcome.mergedInserts.map { (ObjectIdentifier($0.0), $0.1) }) { a, _ in a }
            for object in mergedAway {
                if let survivor = survivors[ObjectIdentifier(object)] { object.fate = .mergedInto(survivor.displayName) }
                object.state.isInserted = false
                removeMergedDeletion(object)
            }
            for (_, survivor) in outcome.mergedInserts {
                if let object = registered[survivor] {
                    if !object.state.isInserted { refreshNow(object, mergeChanges: true, reportedKeys: nil) }
                } else if let object = materialize(survivor) {
                    external.inserted.insert(object)
                }
            }
            for object in outcome.droppedUpdates where object.managedObjectContext === self {
                clearSnapshot(object)
                snapshotted.remove(object)
                removeMergedDeletion(object)
            }
            for object in outcome.refreshAfter where object.managedObjectContext === self && !dropped.contains(ObjectIdentifier(object)) {
                refreshNow(object, mergeChanges: true, reportedKeys: nil)
            }
        }
        return note
    }

    /// Decides what one store writes: checks each updated and deleted object's row version against the
    /// version it was loaded from, each inserted object's number against the file, and the uniqueness
    /// constraints; resolves what it finds by the merge policy or throws 133020 / 133021.
    private func resolve(inserts: [ManagedObject], updates: [ManagedObject], deletes: [ManagedObject],
                         session: StoreSaveSession, outcome: inout SaveOutcome)
        throws -> (writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID]) {
        let coordinator = persistentStoreCoordinator
        var writes: [(ManagedObjectID, StoreRow)] = []
        writes.reserveCapacity(inserts.count + updates.count)
        // The object of each write: the first `inserts.count` writes are the inserts' rows, in order (each
        // insert writes exactly one), then `writeOwners` in step with the rest. The dictionaries by ID are
        // built only when the uniqueness check or a renumbering needs them (a plain save hashes no ID, and a
        // bulk insert keeps no second list of its objects).
        // `writeOwners` is kept only when an index can be asked for (uniqueness constraints, or a renumbered
        // insert): a plain save of updated objects makes no list of them besides the versions.
        let hasConstraints = model.uniquenessConstraintsPresent
        var keepsOwners = hasConstraints
        var writeOwners: [ManagedObject?] = []
        outcome.versions.reserveCapacity(updates.count)
        var writeIndex: [ManagedObjectID: Int] = [:]
        var owners: [ManagedObjectID: ManagedObject] = [:]
        var indexed = false
        func buildIndex() {
            guard !indexed else { return }
            indexed = true
            for (k, write) in writes.enumerated() {
                writeIndex[write.0] = k
                let rest = k - inserts.count
                let owner = rest < 0 ? inserts[k] : (rest < writeOwners.count ? writeOwners[rest] : nil)
                if let owner { owners[write.0] = owner }
            }
        }
        var remap: [ManagedObjectID: ManagedObjectID] = [:]
        var conflicts: [MergeConflict] = []
        func append(_ id: ManagedObjectID, _ row: StoreRow, for object: ManagedObject) {
            writes.append((id, row))
            if keepsOwners { writeOwners.append(object) }
            outcome.versions.append((object, row.version))
        }

        // Inserted objects: a number another connection took since is replaced by a free one.
        var nextFree: [String: Int] = [:]
        var largestSaved: [String: Int] = [:]
        var lastEntity: EntityDescription?
        var lastLargest: Int?
        for object in inserts {
            var id = object.objectID.permanent
            // Only another connection to a file can take a number; only one at or below the largest
            // saved number can be taken. (Looked up once per run of objects of one entity.)
            if object.entity !== lastEntity {
                let entityName = object.entity.name
                if session.store.openFile != nil, largestSaved[entityName] == nil {
                    largestSaved[entityName] = try session.largestNumber(object.entity)
                }
                lastEntity = object.entity
                lastLargest = largestSaved[entityName]
            }
            if let largest = lastLargest, id.number <= largest, try session.isNumberTaken(id) {
                let entity = object.entity
                let largest = try session.largestNumber(entity)
                let counter = StoreLayout.root(of: entity).name   // (a hierarchy shares its root's numbers in a file)
                let n = try nextFree[counter].map { last in
                    guard last < ManagedObjectID.largestNumber else { throw ObjectGraphError.numberingExhausted(entity.name) }
                    return last + 1
                } ?? coordinator.firstNewNumber(after: largest, count: 1, entityName: entity.name)
                nextFree[counter] = n
                coordinator.noteTakenNumber(n, entityName: entity.name)
                outcome.renumbered[ObjectIdentifier(object)] = n
                let newID = ManagedObjectID(entityName: entity.name, number: n, isTemporaryID: false)
                remap[id] = newID
                id = newID
            }
            var row = storeRow(of: object)
            row.version = 1
            writes.append((id, row))
        }

        // Updated objects: optimistic locking against the row's version.
        if !remap.isEmpty { keepsOwners = true }
        if keepsOwners { writeOwners.reserveCapacity(updates.count) }
        for object in updates {
            let id = object.objectID.permanent
            let mineRow = storeRow(of: object)
            let current = try session.row(for: id)
            if let current, current.version == object.state.snapshotVersion {
                var row = mineRow
                row.version = try StoreRow.nextVersion(after: current.version, of: id)
                append(id, row, for: object)
                continue
            }
            guard mergePolicy != .error else {
                conflicts.append(conflict(object, current))
                continue
            }
            guard let current else {
                // Deleted in the store since the object was loaded.
                switch mergePolicy {
                case .overwrite, .mergeByPropertyObjectTrump:
                    var row = mineRow
                    row.version = 1
                    append(id, row, for: object)
                default:
                    outcome.droppedUpdates.append(object)
                }
                continue
            }
            var snapshot = snapshotRow(of: object)
            var mine = mineRow
            // The store holds transformed bytes: a snapshot value read since its load is compared as the
            // bytes it transforms to (and an unchanged value of mine as those same bytes).
            for i in object.entity.transformableAttributeIndexes where mergePolicy != .overwrite && mergePolicy != .rollback {
                guard case .boxed(let box) = snapshot.attributes[i] else { continue }
                let bytes = Value.data(try box.transformedValue(for: object.entity.attributes[i], entityName: object.entity.name))
                if case .boxed(let m) = mine.attributes[i], m === box { mine.attributes[i] = bytes }
                snapshot.attributes[i] = bytes
            }
            let ordered = object.entity.relationships.map(\.isOrdered)
            var row: StoreRow
            switch mergePolicy {
            case .overwrite: row = mineRow
            case .rollback: row = current
            case .mergeByPropertyObjectTrump: row = Self.merge(mine: mine, snapshot: snapshot, store: current, objectWins: true, ordered: ordered)
            case .mergeByPropertyStoreTrump, .error: row = Self.merge(mine: mine, snapshot: snapshot, store: current, objectWins: false, ordered: ordered)
            }
            if mergePolicy == .rollback {
                outcome.versions.append((object, current.version))
            } else {
                row.version = try StoreRow.nextVersion(after: current.version, of: id)
                append(id, row, for: object)
            }
            outcome.refreshAfter.append(object)
        }

        // Deleted objects: a row changed since the object was loaded is a conflict under the error policy.
        var deletedIDs: [ManagedObjectID] = []
        for object in deletes {
            let id = object.objectID.permanent
            let current = try session.row(for: id)
            if mergePolicy == .error, let current, current.version != object.state.snapshotVersion {
                conflicts.append(conflict(object, current))
            }
            deletedIDs.append(id)
        }
        if !conflicts.isEmpty { throw ObjectGraphError.mergeConflicts(conflicts) }

        if hasConstraints { buildIndex() }
        try checkUniqueness(writes: &writes, writeIndex: &writeIndex, owners: owners, inserts: inserts,
                            deleted: Set(deletedIDs), remap: &remap, session: session, outcome: &outcome)

        if !remap.isEmpty {
            buildIndex()
            for i in writes.indices {
                writes[i].1.toOne = writes[i].1.toOne.map { $0.map { remap[$0] ?? $0 } }
                writes[i].1.toMany = writes[i].1.toMany.map { $0.map { remap[$0] ?? $0 } }
            }
            // Objects pointing at a merged or renumbered object reload their rows once saved.
            let targets = Set(remap.values)
            for (id, row) in writes {
                guard let object = owners[id] else { continue }
                if row.toOne.contains(where: { $0.map(targets.contains) ?? false })
                    || row.toMany.contains(where: { $0.contains(where: targets.contains) }) {
                    outcome.refreshAfter.append(object)
                }
            }
        }
        if model.transformablesPresent { try transformForStore(&writes) }
        return (writes, deletedIDs)
    }

    /// Turns every boxed value of a transformable attribute in `writes` into the bytes its value transformer
    /// makes of it (what the store keeps). Stored bytes not read since they were loaded stay as they are.
    /// Runs before the store writes anything, so a transformer that fails leaves store and context as they were.
    private func transformForStore(_ writes: inout [(ManagedObjectID, StoreRow)]) throws {
        for k in writes.indices {
            guard let entity = model.entity(named: writes[k].0.entityName) else { continue }
            for i in entity.transformableAttributeIndexes {
                guard case .boxed(let box) = writes[k].1.attributes[i] else { continue }
                writes[k].1.attributes[i] = .data(try box.transformedValue(for: entity.attributes[i], entityName: entity.name))
            }
        }
    }

    /// The conflict record of an object whose row changed (or went) since it was loaded.
    private func conflict(_ object: ManagedObject, _ current: StoreRow?) -> MergeConflict {
        let entity = object.entity
        let snapshot = snapshotRow(of: object)
        var old: [String: Value] = [:]
        var now: [String: Value] = [:]
        for (i, a) in entity.attributes.enumerated() where !a.isTransient {
            if !snapshot.attributes[i].isNull { old[a.name] = snapshot.attributes[i] }
            if let current, !current.attributes[i].isNull { now[a.name] = current.attributes[i] }
        }
        return MergeConflict(objectID: object.objectID.permanent, oldVersion: object.state.snapshotVersion,
                             newVersion: current?.version ?? 0, objectSnapshot: old, cachedRow: now)
    }

    /// The row as the object was loaded (its committed snapshot where it changed).
    func snapshotRow(of object: ManagedObject) -> StoreRow {
        var row = storeRow(of: object)
        if let attributes = object.state.committedAttributes {
            for (i, a) in object.entity.attributes.enumerated() where !a.isTransient { row.attributes[i] = attributes[i] }
        }
        for (i, r) in object.entity.relationships.enumerated() {
            if r.isToMany, let members = object.state.committedToMany?[i] {
                row.toMany[i] = members.filter { !$0.state.isInserted }.map(\.objectID.permanent)
            } else if !r.isToMany, let committed = object.state.committedToOne {
                row.toOne[i] = committed[i]?.objectID.permanent
            }
        }
        return row
    }

    /// Per property: what the object changed (`mine` ≠ `snapshot`) and what the store changed (`store` ≠
    /// `snapshot`); `objectWins` takes the object's change when both did. The members of an ordered to-many
    /// relationship (`ordered[i]`) compare in order, those of others as sets.
    static func merge(mine: StoreRow, snapshot: StoreRow, store: StoreRow, objectWins: Bool, ordered: [Bool] = []) -> StoreRow {
        var row = store
        for i in mine.attributes.indices where mine.attributes[i] != snapshot.attributes[i] {
            if objectWins || store.attributes[i] == snapshot.attributes[i] { row.attributes[i] = mine.attributes[i] }
        }
        for i in mine.toOne.indices where mine.toOne[i] != snapshot.toOne[i] {
            if objectWins || store.toOne[i] == snapshot.toOne[i] { row.toOne[i] = mine.toOne[i] }
        }
        func same(_ a: [ManagedObjectID], _ b: [ManagedObjectID], _ i: Int) -> Bool {
            i < ordered.count && ordered[i] ? a == b : Set(a) == Set(b)
        }
        for i in mine.toMany.indices where !same(mine.toMany[i], snapshot.toMany[i], i) {
            if objectWins || same(store.toMany[i], snapshot.toMany[i], i) { row.toMany[i] = mine.toMany[i] }
        }
        return row
    }
}

extension ManagedObjectContext {
    /// The did-save notification of the changes this context is about to save, before any store or parent
    /// sees them: inserted, updated and deleted objects in object order, and for each updated object its
    /// changed persistent keys with their committed (old) values. Shared by saves to a store and to a parent.
    func didSaveNotificationOfPendingChanges() -> ContextDidSaveNotification {
        var note = ContextDidSaveNotification(context: self)
        note.inserted = inserted.objectsInObjectOrder()
        note.updated = updated.sortedInObjectOrder()
        note.deleted = deleted.sortedInObjectOrder()
        // (The records share the list of updated objects: one array for both.)
        note.changes = ObjectChangeRecords(objects: note.updated, records: note.updated.map(Self.savedChangeRecord(of:)))
        return note
    }

    /// The persistent keys whose value differs from the committed snapshot, sorted, with their committed
    /// values: the sorted keys of `changedValuesSnapshot()` and `committedValues(forKeys:)` of those keys
    /// (the views of ``savedChangeRecord(of:)``).
    static func savedChanges(of object: ManagedObject) -> (keys: [String], old: [String: Value]) {
        let record = savedChangeRecord(of: object)
        return (record.keys(in: object.entity), record.oldValueDictionary(in: object.entity))
    }

    /// An updated object's saved changes as a record: an object of an entity without relationships (the
    /// usual rename) is read in one pass over its attributes, recorded by slot (no name hashed, no
    /// dictionary made); anything else takes the general path (`generalSavedChanges(of:)`, which
    /// `SaveChangesTests` compares it with) and is recorded by name.
    static func savedChangeRecord(of object: ManagedObject) -> PropertyChanges {
        let entity = object.entity
        guard entity.relationships.isEmpty, !object.state.isInserted else {
            let (keys, old) = generalSavedChanges(of: object)
            return PropertyChanges(keys: keys, old: old)
        }
        guard let committed = object.state.committedAttributes else { return PropertyChanges() }
        var record = PropertyChanges()
        let current = object.attributeValues
        for i in entity.attributes.indices where !entity.attributes[i].isTransient && committed[i] != current[i] {
            record.add(slot: entity.slotNumber(.attribute(i)), old: committed[i])
        }
        return record
    }

    /// The general form of ``savedChanges(of:)``.
    static func generalSavedChanges(of object: ManagedObject) -> (keys: [String], old: [String: Value]) {
        let keys = object.changedValuesSnapshot().keys.sorted()
        return (keys, (try? object.committedValues(forKeys: keys)) ?? [:])
    }
}
