/// The insertion of a batch insert request (both forms of ``BatchRequest/Action``): every object checked and
/// converted into a store row in one pass, then all rows written in one store save; on any error nothing is
/// written.
extension ManagedObjectContext {
    /// Inserts the objects of an `.insert` or `.insertObjects` action into `store` and returns the new rows'
    /// IDs in object order, or nil when `resultType` needs no IDs (`statusOnly`, `count`: the count is
    /// returned as `count`).
    func executeBatchInsert(_ action: BatchRequest.Action, of entity: EntityDescription, into store: PersistentStore,
                            resultType: BatchResultType) throws -> (ids: [ManagedObjectID]?, count: Int) {
        if entity.isAbstract { throw ObjectGraphError.abstractEntity(entity) }
        guard entity.uniquenessConstraints.isEmpty else {
            throw ObjectGraphError(.invalidOperation,
                "A batch insert into \(entity.name), which has uniqueness constraints, is not simulated by Ripple; insert through a context with a merge policy instead.")
        }
        let rows: NewStoreRows
        switch action {
        case .insert(let objects):
            rows = NewStoreRows(capacity: objects.count)
            let plan = BatchRowPlan(entity)
            for (i, values) in objects.enumerated() {
                rows.append(try plan.checkedRow(values.sorted { $0.key < $1.key }, objectNumber: i + 1))
            }
        case .insertObjects(let objects):
            rows = try batchRows(objects, of: entity)
        default:
            preconditionFailure("executeBatchInsert with a batch delete or update")
        }
        return try batchWrite(rows, of: entity, into: store, wantsIDs: resultType == .objectIDs)
    }

    /// The store rows of `objects`, in one pass: each distinct key looked up once, each value converted
    /// straight into its row. The first object that cannot be inserted (a key that is not a persistent
    /// attribute, a value that does not convert, a missing required value) is checked again as the general
    /// form of the request checks it (``BatchRowPlan/checkedRow(_:objectNumber:)``, keys in order), which
    /// throws the same error with the same words.
    func batchRows(_ objects: BatchInsertObjects, of entity: EntityDescription) throws -> NewStoreRows {
        let plan = BatchRowPlan(entity)
        let rows = NewStoreRows(capacity: objects.count)
        // Each distinct key is looked up once (-1: not a persistent attribute).
        let columns = objects.keys.map { key -> Int in
            guard case .attribute(let i)? = entity.slots[key], !entity.attributes[i].isTransient else { return -1 }
            return i
        }
        try columns.withUnsafeBufferPointer { columns in
            try objects.packed.withUnsafeBufferPointer { fields in
                try objects.bytes.withUnsafeBufferPointer { bytes in
                    var start = 0
                    for (object, end) in objects.ends.enumerated() {
                        if let attributes = plan.attributes(fields, start..<end, object: object, columns: columns, bytes: bytes,
                                                            objects: objects) {
                            // (An entity without relationships takes empty literals: no reference counting per row.)
                            rows.append(plan.toOne.isEmpty ? StoreRow(attributes: attributes, toOne: [], toMany: [], version: 1)
                                                           : StoreRow(attributes: attributes, toOne: plan.toOne, toMany: plan.toMany, version: 1))
                        } else {
                            let given = (start..<end).map { (key: objects.keys[Int(fields[$0].key)], value: objects.value(ofField: $0)) }
                            rows.append(try plan.checkedRow(given.sorted { $0.key < $1.key }, objectNumber: object + 1))
                        }
                        start = end
                    }
                }
            }
        }
        return rows
    }

    /// Writes new rows of `entity` to `store` in one save, numbered after every number taken, and returns
    /// their IDs in order when `wantsIDs` (else nil), and their count. An in-memory store without history
    /// takes the rows as they are (``PersistentStore/insertNewRows(_:entityName:firstNumber:)``); any other
    /// store through its save.
    func batchWrite(_ rows: NewStoreRows, of entity: EntityDescription, into store: PersistentStore,
                    wantsIDs: Bool) throws -> (ids: [ManagedObjectID]?, count: Int) {
        let coordinator = persistentStoreCoordinator
        let count = rows.count
        var first = 0
        if store.type == .inMemory && store.history == nil {
            first = try coordinator.firstNewNumber(after: store.largestNumber(entityName: entity.name), count: count, entityName: entity.name)
            store.insertNewRows(rows, entityName: entity.name, firstNumber: first)
        } else {
            try store.save(author: transactionAuthor, contextName: name, model: model) { session in
                first = try coordinator.firstNewNumber(after: try session.largestNumber(entity), count: count, entityName: entity.name)
                var writes: [(ManagedObjectID, StoreRow)] = []
                writes.reserveCapacity(count)
                rows.forEach { n, row in
                    writes.append((ManagedObjectID(entityName: entity.name, number: first + n, isTemporaryID: false), row))
                }
                return (writes, [])
            }
        }
        if count > 0 { coordinator.noteTakenNumber(first + count - 1, entityName: entity.name) }
        guard wantsIDs else { return (nil, count) }
        var ids: [ManagedObjectID] = []
        ids.reserveCapacity(count)
        let tag = coordinator.storeTag(entityName: entity.name, number: first)
        for n in 0..<count { ids.append(ManagedObjectID(entityName: entity.name, number: first + n, isTemporaryID: false, storeTag: tag)) }
        return (ids, count)
    }
}
