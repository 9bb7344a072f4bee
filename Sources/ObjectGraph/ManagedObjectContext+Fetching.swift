extension ManagedObjectContext {
    /// Runs a fetch request (`fetch(_:)`): the saved objects of the entity merged with the context's
    /// pending changes (unless `includesPendingChanges` is false), filtered, sorted, offset and limited.
    /// - Throws: `.unknownEntity`, or predicate and sort errors.
    public func fetch(_ request: FetchRequest) throws -> [ManagedObject] {
        try checkQueue("fetch")
        let all = try candidates(for: request)
        guard request.fetchBatchSize > 0 else { return try request.apply(to: all) }
        let faults = Set(all.lazy.filter(\.state.isFault).map { ObjectIdentifier($0) })
        let result = try request.apply(to: all)
        applyBatching(result, batchSize: request.fetchBatchSize, faultsBefore: faults)
        return result
    }

    /// The number of objects a fetch request would return (`count(for:)`).
    public func count(for request: FetchRequest) throws -> Int {
        try fetch(request).count
    }

    /// Every live object of the request's entity, in object order.
    func candidates(for request: FetchRequest) throws -> [ManagedObject] {
        let entity = try model.requireEntity(named: request.entityName)
        try request.validate(for: entity)
        var result: [ManagedObject] = []
        var seen = Set<Int>()
        for id in sourceObjectIDs(entityName: entity.name) {
            seen.insert(id.number)
            guard let object = registered[id] ?? materialize(id) else { continue }
            if object.state.isDeleted && request.includesPendingChanges { continue }
            result.append(object)
        }
        if request.includesPendingChanges {
            for object in inserted where object.entity === entity && !seen.contains(object.objectID.number) {
                result.append(object)
            }
        }
        return result.sortedInObjectOrder()
    }

    /// Registers a saved object as a fault (values load on first use). Nil when the store lacks it.
    func materialize(_ id: ManagedObjectID) -> ManagedObject? {
        guard let entity = model.entity(named: id.entityName), sourceRow(for: id) != nil else { return nil }
        let object = ManagedObject(entity: entity, objectID: sourceObjectID(id), context: self)
        object.state.isFault = true
        registered[object.objectID] = object
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
    }
}

extension ManagedObject {
    /// Loads the object's values if it is a fault.
    @inline(__always) func fireFault() {
        if state.isFault, let context = managedObjectContext { context.fulfillFault(self) }
    }

    /// True when the object's values have not been loaded from the store yet.
    public var isFault: Bool { state.isFault }
}
