extension ManagedObjectContext {
    /// Runs a fetch request (`fetch(_:)`): the saved objects of the entity merged with the context's
    /// pending changes (unless `includesPendingChanges` is false), filtered, sorted, offset and limited.
    /// - Throws: `.unknownEntity`, or predicate and sort errors.
    public func fetch(_ request: FetchRequest) throws -> [ManagedObject] {
        try checkQueue("fetch")
        let entity = try model.requireEntity(named: request.entityName)
        try checkPrefetchKeyPaths(request, entity: entity)
        try checkPredicateForSQL(request, entity: entity)
        let all = try candidates(for: request)
        let faults = request.fetchBatchSize > 0 ? Set(all.lazy.filter(\.state.isFault).map { ObjectIdentifier($0) }) : []
        let result = try request.apply(to: all, answeredBySQL: storeAnswersWithSQL(request))
        if request.fetchBatchSize > 0 { applyBatching(result, batchSize: request.fetchBatchSize, faultsBefore: faults) }
        if !request.relationshipKeyPathsForPrefetching.isEmpty { try prefetchRelationships(of: result, for: request) }
        if !pendingInserted.isEmpty {
            for object in result where pendingInserted.contains(object) { fetchedPendingInserts.insert(object) }
        }
        try throwCallbackError()  // awakeFromFetch of objects the predicate or the sort loaded
        return result
    }

    /// The number of objects a fetch request would return (`count(for:)`).
    public func count(for request: FetchRequest) throws -> Int {
        try fetch(request).count
    }

    /// Whether a fetch of `request` would consider the object (before its predicate): what a fetched
    /// results controller uses to keep its results equal to a fresh fetch.
    ///
    /// With `includesPendingChanges` (the default): objects of the entity registered here that are not
    /// deleted — saved ones the source (store or parent) has, and unsaved inserted ones. Without it: only
    /// objects the source has, including those deleted here but not saved yet; unsaved insertions are not
    /// fetched. (Values are always the context's current ones.)
    public func isFetchCandidate(_ object: ManagedObject, for request: FetchRequest) -> Bool {
        guard object.managedObjectContext === self, !object.state.isInvalid,
              request.fetches(object.entity) else { return false }
        if request.includesPendingChanges {
            if object.state.isDeleted { return false }
            if object.state.isInserted { return true }
        } else if object.state.isInserted {
            return false
        }
        return sourceHasObject(object.objectID)
    }

    /// Whether the source (the store, or the parent's live objects) has the object, as
    /// ``sourceObjectIDs(entityName:)`` would list it — without loading its values.
    func sourceHasObject(_ id: ManagedObjectID) -> Bool {
        guard let parent else {
            if let generation = queryGenerationToken { return generation.row(for: id) != nil }
            return persistentStoreCoordinator.row(for: id) != nil
        }
        return parent.performAndWait {
            let parentID = parent.registered[id]?.objectID ?? id
            if let object = parent.registered[parentID] {
                return !object.state.isDeleted && !object.state.isInvalid
                    && (object.state.isInserted || parent.sourceHasObject(parentID))
            }
            return parent.sourceHasObject(parentID)
        }
    }

    /// Every live object of the request's entity (and of its sub-entities unless the request says
    /// otherwise), in object order.
    func candidates(for request: FetchRequest) throws -> [ManagedObject] {
        let requested = try model.requireEntity(named: request.entityName)
        try request.validate(for: requested)
        var result: [ManagedObject] = []
        let entities = request.includesSubentities && !requested.subentities.isEmpty ? requested.selfAndDescendants : [requested]
        for entity in entities {
            var seen = Set<Int>()
            for id in sourceObjectIDs(entityName: entity.name) {
                seen.insert(id.number)
                guard let object = registered[id] ?? materialize(id) else { continue }
                if object.state.isDeleted && request.includesPendingChanges { continue }
                result.append(object)
            }
            if request.includesPendingChanges {
                for object in inserted where object.entity === entity && !seen.contains(object.number) {
                    result.append(object)
                }
            }
        }
        return result.sortedInObjectOrder()
    }

    /// Registers a saved object as a fault (values load on first use). Nil when the store lacks it.
    func materialize(_ id: ManagedObjectID) -> ManagedObject? {
        guard let entity = model.entity(named: id.entityName), sourceRow(for: id) != nil else { return nil }
        let object = ManagedObject(entity: entity, objectID: sourceObjectID(id), context: self)
        object.state.isFault = true
        registered.register(object)
        return object
    }

    /// Loads a fault's values from the store.
    func fulfillFault(_ object: ManagedObject) {
        object.state.isFault = false
        if object.faultBatch != nil { fulfillBatch(of: object) }
        guard let row = sourceRow(for: object.objectID) else {
            // The row went (another context's or connection's deletion, a batch delete) without a merge
            // telling this context: Core Data's "could not fulfill a fault".
            if !object.state.isInserted {
                object.state.isInvalid = true
                object.fate = .missingInStore(context: name)
            }
            return
        }
        object.state.snapshotVersion = row.version
        object.attributeValues = row.attributes
        for (i, a) in object.entity.attributes.enumerated() where a.isTransient {
            object.attributeValues[i] = a.defaultValue ?? .null
        }
        for (i, r) in object.entity.relationships.enumerated() {
            if r.isToMany {
                object.toManyValues[i] = .init(row.toMany[i].compactMap { registered[$0] ?? materialize($0) })
            } else {
                object.toOneValues[i] = row.toOne[i].flatMap { registered[$0] ?? materialize($0) }
            }
        }
        if !object.entity.derivedProperties.isEmpty { computeDerivedOnLoad(object) }
        deferCallback(.awakeFromFetch, on: object)
    }
}

extension ManagedObject {
    /// Loads the object's values if it is a fault.
    @inline(__always) func fireFault() {
        if state.isFault, let context = managedObjectContext { context.fulfillFault(self) }
    }

    /// True when the object's values have not been loaded from the store yet — and after its deletion
    /// was saved, when Core Data turns it into a fault without a context.
    public var isFault: Bool { state.isFault || state.deletionSaved }
}
