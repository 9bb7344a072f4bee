/// What a batch request returns (`NSBatchDeleteRequestResultType`, `NSBatchUpdateRequestResultType`,
/// `NSBatchInsertRequestResultType`, under one name).
public enum BatchResultType: String, CaseIterable, Sendable {
    /// Only whether it succeeded (`resultTypeStatusOnly`, `statusOnlyResultType`, `statusOnly`).
    case statusOnly
    /// The IDs of the objects it deleted, updated or inserted.
    case objectIDs
    /// How many objects it deleted, updated or inserted.
    case count
}

/// The result of a batch request.
public enum BatchResult: Equatable {
    /// `statusOnly`: always true (a failure throws).
    case status(Bool)
    /// `objectIDs`, in object order.
    case objectIDs([ManagedObjectID])
    /// `count`.
    case count(Int)
}

/// A batch request (`NSBatchDeleteRequest`, `NSBatchUpdateRequest`, `NSBatchInsertRequest`): it acts
/// on the persistent store directly. No context is told: registered objects keep their old values,
/// fetched-results controllers and dependent screens see nothing, until the changes are merged
/// (``ManagedObjectContext/mergeChanges(fromRemoteContextSave:into:)``).
public struct BatchRequest {
    /// What the request does.
    public enum Action {
        /// Delete the matching objects (delete rules applied in the store: cascade, nullify; deny fails).
        case delete
        /// Set these attribute values on the matching objects.
        case update(propertiesToUpdate: [String: Value])
        /// Insert one object per dictionary of attribute values (the predicate is not used).
        case insert(objects: [[String: Value]])
        /// The same insertion from a flat list of fields (``BatchInsertObjects/dictionaries`` gives the
        /// objects): checked and written in one pass, without a dictionary per object.
        case insertObjects(BatchInsertObjects)
    }
    /// The entity.
    public var entityName: String
    /// Which objects (delete, update); nil: all.
    public var predicate: Predicate?
    /// What it does.
    public var action: Action
    /// What it returns.
    public var resultType: BatchResultType = .statusOnly
    /// A deletion by object IDs (`NSBatchDeleteRequest(objectIDs:)`): exactly these objects, when they are
    /// saved; nil: the objects the predicate matches.
    public var objectIDs: [ManagedObjectID]?
    /// The most objects a deletion by fetch request removes (`fetchLimit`; 0: no limit), taken in the
    /// order of ``sortDescriptors`` after ``fetchOffset`` objects.
    public var fetchLimit = 0
    /// The objects a deletion by fetch request skips first (`fetchOffset`).
    public var fetchOffset = 0
    /// The order in which a deletion by fetch request takes its objects (`sortDescriptors`).
    public var sortDescriptors: [SortDescriptor] = []

    /// Creates a request.
    public init(entityName: String, predicate: Predicate? = nil, action: Action, resultType: BatchResultType = .statusOnly) {
        self.entityName = entityName
        self.predicate = predicate
        self.action = action
        self.resultType = resultType
    }

    /// A batch deletion of the objects with these IDs (`NSBatchDeleteRequest(objectIDs:)`). When executed,
    /// IDs without a saved row (deleted objects) and temporary IDs are skipped, as the `SELF IN ids` fetch
    /// Core Data builds finds no row for them; the result lists only what was deleted.
    /// - Throws: `.invalidOperation` in Core Data's NSInvalidArgumentException words for an empty list
    ///   ("Must supply a non-zero number of objectIDs to request during initialization") and for IDs of
    ///   more than one entity ("mismatched objectIDs in batch delete initializer").
    public static func deleting(objectIDs: [ManagedObjectID], resultType: BatchResultType = .statusOnly) throws -> BatchRequest {
        guard let first = objectIDs.first else {
            throw ObjectGraphError(.invalidOperation, "Must supply a non-zero number of objectIDs to request during initialization")
        }
        guard objectIDs.allSatisfy({ $0.entityName == first.entityName }) else {
            throw ObjectGraphError(.invalidOperation,
                "mismatched objectIDs in batch delete initializer (objectIDs: \(objectIDs.map(\.displayName).joined(separator: ", ")))")
        }
        var request = BatchRequest(entityName: first.entityName, action: .delete, resultType: resultType)
        request.objectIDs = objectIDs
        return request
    }
}

extension ManagedObjectContext {
    /// Runs a batch request against the coordinator's stores (`execute(_:)`), leaving every context as it is.
    /// - Throws: `.unknownEntity`, `.unknownKey`/`.wrongType` for bad values, 1600 when a deny rule
    ///   refuses a batch deletion, store errors; on error the store is unchanged.
    public func execute(_ request: BatchRequest) throws -> BatchResult {
        try checkQueue("executeRequest")
        let coordinator = persistentStoreCoordinator
        let entity = try model.requireEntity(named: request.entityName)
        guard let defaultStore = coordinator.defaultStore else {
            throw ObjectGraphError(.store, code: 134020,
                "This NSPersistentStoreCoordinator has no persistent stores. It cannot perform a save operation.")
        }
        var affected: [ManagedObjectID] = []
        var rewritten: [ManagedObjectID] = []   // rows updated as a side effect (nullified inverses)
        switch request.action {
        case .insert, .insertObjects:
            // New rows, already in order; no context is told (see below).
            let (ids, count) = try executeBatchInsert(request.action, of: entity, into: defaultStore, resultType: request.resultType)
            if count > 0 { RemoteChangeCenter.storeDidCommit(defaultStore) }
            switch request.resultType {
            case .statusOnly: return .status(true)
            case .objectIDs: return .objectIDs(ids ?? [])
            case .count: return .count(count)
            }
        case .update(let properties):
            var checked: [(Int, Value)] = []
            for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
                checked.append((try Self.batchAttributeIndex(key, entity), try Self.batchValue(value, key, entity)))
            }
            let ids = try matchingIDs(request, entity)
            for store in coordinator.persistentStores {
                let mine = ids.filter { store.row(for: $0) != nil }
                if mine.isEmpty { continue }
                try store.save(author: transactionAuthor, contextName: name, model: model) { session in
                    var writes: [(ManagedObjectID, StoreRow)] = []
                    for id in mine {
                        guard var row = try session.row(for: id) else { continue }
                        for (i, value) in checked { row.attributes[i] = value }
                        row.version = try StoreRow.nextVersion(after: row.version, of: id)
                        writes.append((id, row))
                    }
                    affected += writes.map(\.0)
                    return (writes, [])
                }
            }
        case .delete:
            let ids = try matchingIDs(request, entity)
            for store in coordinator.persistentStores {
                let mine = ids.filter { store.row(for: $0) != nil }
                if mine.isEmpty { continue }
                try store.save(author: transactionAuthor, contextName: name, model: model) { session in
                    let (writes, deletes) = try batchDeletion(of: mine, session: session)
                    affected += deletes
                    rewritten += writes.map(\.0)
                    return (writes, deletes)
                }
            }
        }
        // No context is told, this one included: each keeps the old rows until it merges the IDs.
        affected.sort { ($0.entityName, $0.number) < ($1.entityName, $1.number) }
        for context in coordinator.contexts { context.unmergedStoreChanges.formUnion(affected + rewritten) }
        switch request.resultType {
        case .statusOnly: return .status(true)
        case .objectIDs: return .objectIDs(affected.map(coordinator.withStoreTag))
        case .count: return .count(affected.count)
        }
    }

    /// The saved objects the request's predicate matches, read from the store (pending changes of this
    /// and every other context are not seen).
    private func matchingIDs(_ request: BatchRequest, _ entity: EntityDescription) throws -> [ManagedObjectID] {
        if let ids = request.objectIDs {
            // `SELF IN ids` over the saved rows: IDs without a row (deleted, temporary) match nothing.
            var seen = Set<ManagedObjectID>()
            return ids.filter { id in
                !id.isTemporaryID && persistentStoreCoordinator.persistentStores.contains { $0.row(for: id) != nil } && seen.insert(id).inserted
            }
        }
        let scratch = ManagedObjectContext(coordinator: persistentStoreCoordinator, concurrencyType: .mainQueue,
                                           name: "batch request")
        let fetch = FetchRequest(entityName: entity.name, predicate: request.predicate, sortDescriptors: request.sortDescriptors,
                                 fetchLimit: request.fetchLimit, fetchOffset: request.fetchOffset, includesPendingChanges: false)
        return try scratch.fetch(fetch).map(\.objectID.permanent)
    }

    /// The index of the persistent attribute `key` of `entity` (what a batch update or insert may set).
    static func batchAttributeIndex(_ key: String, _ entity: EntityDescription) throws -> Int {
        guard case .attribute(let i)? = entity.slots[key], !entity.attributes[i].isTransient else {
            if entity.slots[key] == nil { throw ObjectGraphError.unknownKey(key, entity: entity, object: nil) }
            throw ObjectGraphError(.invalidOperation,
                "A batch request can only set persistent attributes; '\(key)' of \(entity.name) is not one.")
        }
        return i
    }

    /// `value` converted for the persistent attribute `key` of `entity`.
    /// - Throws: as ``batchAttributeIndex(_:_:)``, `.wrongType`, 1570 for nil given to a required attribute.
    static func batchValue(_ value: Value, _ key: String, _ entity: EntityDescription) throws -> Value {
        let i = try Self.batchAttributeIndex(key, entity)
        if entity.attributes[i].type == .transformable {
            throw ObjectGraphError(.invalidOperation,
                "A batch request cannot set the transformable attribute '\(key)' of \(entity.name): value transformers run only when a context saves.")
        }
        guard let converted = Self.convert(value, to: entity.attributes[i].type) else {
            throw ObjectGraphError(.wrongType,
                "Unacceptable type of value for attribute: property = \"\(key)\"; desired type = \(entity.attributes[i].type.rawValue); given value = \(value)\(Self.notTextHint(value, entity.attributes[i].type))")
        }
        if case .null = converted, !entity.attributes[i].isOptional {
            throw ObjectGraphError(.validation, code: 1570,
                "Error Domain=NSCocoaErrorDomain Code=1570 \"\(key) is a required value.\" UserInfo={NSValidationErrorKey=\(key), NSValidationErrorValue=nil}")
        }
        return converted
    }

    /// The rows a batch deletion writes and deletes: cascade rules delete further rows, nullify rules
    /// remove the deleted objects from their inverses; a deny rule with a destination fails (1600).
    private func batchDeletion(of ids: [ManagedObjectID], session: StoreSaveSession) throws
        -> (writes: [(ManagedObjectID, StoreRow)], deletes: [ManagedObjectID]) {
        var doomed = Set<ManagedObjectID>()
        var order: [ManagedObjectID] = []
        var queue = ids
        var rows: [ManagedObjectID: StoreRow] = [:]
        while let id = queue.popLast() {
            guard !doomed.contains(id), let row = try session.row(for: id), let entity = model.entity(named: id.entityName) else { continue }
            doomed.insert(id)
            order.append(id)
            rows[id] = row
            for (i, r) in entity.relationships.enumerated() {
                let targets = r.isToMany ? row.toMany[i] : (row.toOne[i].map { [$0] } ?? [])
                switch r.deleteRule {
                case .cascade: queue.append(contentsOf: targets)
                case .deny where !targets.isEmpty:
                    throw ObjectGraphError(.validation, code: 1600,
                        "Error Domain=NSCocoaErrorDomain Code=1600 \"The batch delete was refused: \(id.displayName) has \(r.name) (deny rule).\" UserInfo={NSValidationErrorObject=\(id.displayName), NSValidationErrorKey=\(r.name)}")
                default: break
                }
            }
        }
        var changed: [ManagedObjectID: StoreRow] = [:]
        for id in order {
            guard let entity = model.entity(named: id.entityName), let row = rows[id] else { continue }
            for (i, r) in entity.relationships.enumerated() {
                guard let inverse = entity.inverseIndexes[i] else { continue }
                let targets = r.isToMany ? row.toMany[i] : (row.toOne[i].map { [$0] } ?? [])
                for target in targets where !doomed.contains(target) {
                    guard var other = try changed[target] ?? session.row(for: target) else { continue }
                    if entity.destinations[i].relationships[inverse].isToMany {
                        other.toMany[inverse].removeAll { $0 == id }
                    } else if other.toOne[inverse] == id {
                        other.toOne[inverse] = nil
                    }
                    changed[target] = other
                }
            }
        }
        let writes = try changed.map { id, row -> (ManagedObjectID, StoreRow) in
            var row = row
            row.version = try StoreRow.nextVersion(after: row.version, of: id)
            return (id, row)
        }.sorted { ($0.0.entityName, $0.0.number) < ($1.0.entityName, $1.0.number) }
        return (writes, order)
    }

    /// Merges changes made elsewhere — a batch request's object IDs, another process's save — into
    /// contexts (`mergeChanges(fromRemoteContextSave:into:)`): each context, on its own queue and at once,
    /// processes its pending changes, then refreshes its registered updated objects, registers the
    /// inserted ones and removes the deleted ones, announced by one objects-did-change notification.
    public static func mergeChanges(fromRemoteContextSave changes: SavedObjectIDs, into contexts: [ManagedObjectContext]) throws {
        var firstError: Error?
        for context in contexts {
            do {
                try context.performAndWait { try context.mergeChanges(fromContextDidSave: changes) }
            } catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
    }
}
